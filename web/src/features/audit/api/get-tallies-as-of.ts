import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { OpinionView } from '@civitas/events/opinions/opinion.contract';
import { TopicStats } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../../../lib/api-client';
import { topicUrl } from '../../../lib/api/get-topic';
import { parseResponse } from '../../../lib/parse-response';
import { AUDIT_TOPICS_KEY } from './topic-audit-keys';

/** The topic's tally reads with `asOf`: recomputed by the server from the events, as they stood then. */
async function readAsOf<Schema extends z.ZodType>(topicId: string, read: 'opinions' | 'stats', asOf: string, schema: Schema, signal?: AbortSignal) {
  const url = `${topicUrl(topicId)}/${read}?${new URLSearchParams({ asOf }).toString()}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, schema, `GET /api/topics/<id>/${read}?asOf=`);
}

// The past does not change: a moment read once stays right, so these never go stale.
export const opinionsAsOfQueryOptions = (topicId: string, asOf: string) =>
  queryOptions({
    queryKey: [...AUDIT_TOPICS_KEY, topicId, 'opinions', asOf],
    queryFn: ({ signal }) => readAsOf(topicId, 'opinions', asOf, z.array(OpinionView), signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

export const statsAsOfQueryOptions = (topicId: string, asOf: string) =>
  queryOptions({
    queryKey: [...AUDIT_TOPICS_KEY, topicId, 'stats', asOf],
    queryFn: ({ signal }) => readAsOf(topicId, 'stats', asOf, TopicStats, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

export const useOpinionsAsOf = (topicId: string, asOf: string) => useQuery(opinionsAsOfQueryOptions(topicId, asOf));
export const useStatsAsOf = (topicId: string, asOf: string) => useQuery(statsAsOfQueryOptions(topicId, asOf));
