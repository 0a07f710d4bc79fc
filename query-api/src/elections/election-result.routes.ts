import { ElectionResultView, NotFoundError, TOPIC_NOT_FOUND, TopicIdParams, queryText, type AsOf, type PositionedEvent } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { viewerOf, type QueryContext } from '../lib/viewer';
import { liveResult, resultAsOf } from './election-result';
import { findElection } from './election-topic';

/**
 * A topic's events and the moment an `asOf` names (the audit feature's time travel, passed in by
 * app.ts): 400 for an `asOf` that is neither a time nor a position, as the other asOf reads answer.
 */
export type TopicLogAsOf = (topicId: string, asOf: string) => Promise<{ moment: AsOf; log: PositionedEvent[] }>;

/** What the candidates and result reads read: the election, its ballots and the weights delegation gives them. */
export const ELECTION_RESULT_READ_MODELS: ProjectionName[] = ['topics', 'groups', 'users', 'user_verifications', 'participation', 'elections', 'delegation'];

const ResultQuery = z.object({ asOf: queryText('asOf').optional() });

export function electionResultRoute(app: ZodRoutes, context: QueryContext, topicLogAsOf?: TopicLogAsOf): void {
  const { readModels, auth, now } = context;
  app.get(
    '/api/topics/:id/result',
    {
      // Whoever may read the candidates may read their count.
      config: { access: 'public', readModels: ELECTION_RESULT_READ_MODELS },
      schema: {
        tags: ['elections'],
        summary: 'An election\u2019s result by its method: the leader while open, the winner once closed',
        description:
          'Counts with delegation applied: ballots naming each candidate (plurality), approvals (approval) or first preferences (Schulze), ' +
          'and for Schulze the pairwise matrix and strongest paths in registration order. `status` is active, counting (expired, not yet closed) ' +
          'or closed. `asOf` (an ISO time or a position) recounts the events up to that moment with the tally module. ' +
          '404 when the topic does not exist or is not visible; 400 for a topic that is not an election or a bad asOf.',
        params: TopicIdParams,
        querystring: ResultQuery,
        response: { 200: ElectionResultView },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const topic = await findElection(context, request.params.id, viewer);
      if (request.query.asOf === undefined || !topicLogAsOf) return liveResult(readModels, topic, topic.isFinal, now());
      const { moment, log } = await topicLogAsOf(topic.id, request.query.asOf);
      const result = await resultAsOf(readModels, topic.id, log, moment);
      if (!result) throw new NotFoundError(TOPIC_NOT_FOUND);
      return result;
    },
  );
}
