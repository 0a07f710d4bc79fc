import { NotFoundError, ResultView, TOPIC_NOT_FOUND, TopicIdParams, queryText, type AsOf, type PositionedEvent } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { seesHiddenContent } from '../lib/hidden-content';
import { viewerOf, type QueryContext } from '../lib/viewer';
import { liveResult, resultAsOf } from './election-result';
import { liveOpinionsResult, opinionsResultAsOf } from './election-result-opinions';
import { findElection } from './election-topic';

/**
 * A topic's events and the moment an `asOf` names (the audit feature's time travel, passed in by
 * app.ts): 400 for an `asOf` that is neither a time nor a position, as the other asOf reads answer.
 */
export type TopicLogAsOf = (topicId: string, asOf: string) => Promise<{ moment: AsOf; log: PositionedEvent[] }>;

/** What the candidates and result reads read: the election, its ballots and the weights delegation gives them. */
export const ELECTION_RESULT_READ_MODELS: ProjectionName[] = ['topics', 'groups', 'users', 'user_verifications', 'participation', 'elections', 'delegation'];

/** The result read reads a ranked law's opinions too, as the opinions read shows them (moderation: hidden content). */
const RESULT_READ_MODELS: ProjectionName[] = [...ELECTION_RESULT_READ_MODELS, 'opinions', 'moderation'];

const ResultQuery = z.object({ asOf: queryText('asOf').optional() });

export function electionResultRoute(app: ZodRoutes, context: QueryContext, topicLogAsOf?: TopicLogAsOf): void {
  const { readModels, auth, now } = context;
  app.get(
    '/api/topics/:id/result',
    {
      // Whoever may read the candidates (or the opinions) may read their count.
      config: { access: 'public', readModels: RESULT_READ_MODELS },
      schema: {
        tags: ['elections'],
        summary:
          'A topic\u2019s result by its method: an election\u2019s, or a law\u2019s decided among its opinions; the leader while open, the outcome once closed',
        description:
          'An election (`kind: election`): counts with delegation applied: ballots naming each candidate (plurality), approvals (approval) or ' +
          'first preferences (Schulze), and for Schulze the pairwise matrix and strongest paths in registration order. ' +
          'A law amendment or dispute resolution opened with method schulze (`kind: opinions`): the options are no change (`optionId` = the ' +
          'topic id, first) and the opinions in posting order; each opinion\u2019s ballots above / below no change (direct and weighted), the ' +
          'pairwise matrix and strongest paths over the options, `leaderOpinionId` (the opinion that would be enacted now, null when no ' +
          'change would stand) or `enactedOpinionId` once closed; an opinion is enacted only if it is the Schulze winner and beats no ' +
          'change head to head, a tie by strongest paths going to no change; `myRanking` is the signed-in member\u2019s own ranking (null: ' +
          'none). `status` is active, counting (expired, not yet closed) or ' +
          'closed. `asOf` (an ISO time or a position) recounts the events up to that moment with the tally module. 404 when the topic ' +
          'does not exist or is not visible; 400 for another topic (a discussion, or a law decided by support and oppose) or a bad asOf.',
        params: TopicIdParams,
        querystring: ResultQuery,
        response: { 200: ResultView },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const topic = await findElection(context, request.params.id, viewer, { rankedOpinions: true });
      const reader = { userId: viewer?.userId ?? null, revealed: topic.rankedOpinions && (await seesHiddenContent(readModels, viewer)) };
      if (request.query.asOf === undefined || !topicLogAsOf) {
        return topic.rankedOpinions ? liveOpinionsResult(readModels, topic, reader, now()) : liveResult(readModels, topic, topic.isFinal, now());
      }
      const { moment, log } = await topicLogAsOf(topic.id, request.query.asOf);
      const result = topic.rankedOpinions
        ? await opinionsResultAsOf(readModels, topic.id, log, moment, reader)
        : await resultAsOf(readModels, topic.id, log, moment);
      if (!result) throw new NotFoundError(TOPIC_NOT_FOUND);
      return result;
    },
  );
}
