import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberReceipts } from '@civitas/events/audit/merkle.contract';
import { apiRequest } from '../../../lib/api-client';
import { topicUrl } from '../../../lib/api/get-topic';
import { parseResponse } from '../../../lib/parse-response';

/** The member's own receipts on a topic as the server keeps them (any device): GET /api/topics/<id>/receipts. */
export const memberReceiptsQueryOptions = (topicId: string) =>
  queryOptions({
    queryKey: ['audit', 'receipts', topicId],
    queryFn: async ({ signal }) =>
      parseResponse(await apiRequest('GET', `${topicUrl(topicId)}/receipts`, undefined, { signal }), MemberReceipts, 'GET /api/topics/<id>/receipts'),
  });

export const useMemberReceipts = (topicId: string, enabled: boolean) => useQuery({ ...memberReceiptsQueryOptions(topicId), enabled });
