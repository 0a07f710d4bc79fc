import { NotFoundError, ResultView, TOPIC_NOT_FOUND, TopicIdParams, hasMembers, queryText, type AsOf, type PositionedEvent } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { seesHiddenContent } from '../lib/hidden-content';
import { viewerOf, type QueryContext } from '../lib/viewer';
import { liveResult, resultAsOf } from './election-result';
import { liveOpinionsResult, opinionsResultAsOf } from './election-result-opinions';
import { liveSupportResult, supportResultAsOf, type WeightReaching } from './election-result-support';
import { findElection } from './election-topic';
import { eligibleWeightNow } from './result-quorum';

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

/** What the result read needs of the delegation feature (wired in app.ts): the weight that took part in a law by support and oppose. */
export interface ResultWeights {
  weightReaching: WeightReaching;
}

export function electionResultRoute(app: ZodRoutes, context: QueryContext & ResultWeights, topicLogAsOf?: TopicLogAsOf): void {
  const { readModels, auth, now, weightReaching } = context;
  app.get(
    '/api/topics/:id/result',
    {
      // Whoever may read the candidates (or the opinions) may read their count.
      config: { access: 'public', readModels: RESULT_READ_MODELS },
      schema: {
        tags: ['elections'],
        summary:
          'A topic\u2019s result by its method: an election\u2019s, or a law\u2019s decided among its opinions or by support and oppose; the leader while open, the outcome once closed',
        description:
          'An election (`kind: election`): counts with delegation applied: ballots naming each candidate (plurality), approvals (approval) or ' +
          'first preferences (Schulze), and for Schulze the pairwise matrix and strongest paths in registration order. ' +
          'A law amendment or dispute resolution opened with method schulze (`kind: opinions`): the options are no change (`optionId` = the ' +
          'topic id, first) and the opinions in posting order; each opinion\u2019s ballots above / below no change (direct and weighted), the ' +
          'pairwise matrix and strongest paths over the options, `leaderOpinionId` (the opinion that would be enacted now, null when no ' +
          'change would stand) or `enactedOpinionId` once closed; an opinion is enacted only if it is the Schulze winner and beats no ' +
          'change head to head, a tie by strongest paths going to no change; `myRanking` is the signed-in member\u2019s own ranking (null: ' +
          'none). ' +
          'A law amendment or dispute resolution decided by support and oppose on each opinion (`kind: support`): each opinion\u2019s ' +
          'direct and weighted support and oppose in posting order, `leaderOpinionId` (the one the closing rule would enact now: the most ' +
          'weighted support, beating its opposition and, on a topic opened with a quorum, more than half of the weight that took part) or ' +
          '`enactedOpinionId` once closed. ' +
          'Every kind carries `quorum` (issue #34 item 3): the quorum percentage the topic opened with, the group\u2019s eligible weight, the ' +
          'weight that took part (delegation applied, each member once) and whether it reaches the quorum; once closed the figures its ' +
          'closing recorded, while open the live ones (eligible weight as the read models hold it now); null for a topic opened before ' +
          'quorums. `decidedBy` names the rule that decided a closed topic (quorum_not_reached, majority, no_majority, beats_no_change, ' +
          'no_change_kept, method_winner, no_winner), null while open or for a topic closed before quorums. ' +
          '`status` is active, counting (expired, not yet closed) or ' +
          'closed. `asOf` (an ISO time or a position) recounts the events up to that moment with the tally module (an open group\u2019s ' +
          'eligible weight: the one its closing recorded if closed by then, else today\u2019s). 404 when the topic ' +
          'does not exist or is not visible; 400 for a discussion (it decides nothing) or a bad asOf.',
        params: TopicIdParams,
        querystring: ResultQuery,
        response: { 200: ResultView },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const topic = await findElection(context, request.params.id, viewer, { results: true });
      const reader = { userId: viewer?.userId ?? null, revealed: topic.kind === 'opinions' && (await seesHiddenContent(readModels, viewer)) };
      if (request.query.asOf === undefined || !topicLogAsOf) {
        if (topic.kind === 'opinions') return liveOpinionsResult(readModels, topic, reader, now());
        if (topic.kind === 'support') return liveSupportResult(readModels, topic, weightReaching, now());
        return liveResult(readModels, topic, topic.isFinal, now());
      }
      const { moment, log } = await topicLogAsOf(topic.id, request.query.asOf);
      // No export holds every citizen: an open group's eligible weight is the read models' (the recorded one once closed, foldedAt).
      const openGroupEligible =
        topic.quorum_percent !== null && !hasMembers(topic.group.department) ? await eligibleWeightNow(readModels, topic.group, now()) : undefined;
      const result =
        topic.kind === 'opinions'
          ? await opinionsResultAsOf(readModels, topic.id, log, moment, reader, openGroupEligible)
          : topic.kind === 'support'
            ? supportResultAsOf(topic.id, log, moment, openGroupEligible)
            : await resultAsOf(readModels, topic.id, log, moment, openGroupEligible);
      if (!result) throw new NotFoundError(TOPIC_NOT_FOUND);
      return result;
    },
  );
}
