import { CastVoteBody, OPINION_NOT_FOUND, RANKED_TOPIC_TAKES_BALLOTS, TOPIC_CLOSED, VoteReply, existingId } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import { SIGNED_OUT, refusal } from '../lib/refusal-docs';
import type { VotingService } from './voting-service';

/** Both vote routes' refusals, in the order they are checked after sign-in (docs/decisions.md, Election methods, item 2). */
const VOTE_REFUSALS = {
  400: refusal(
    `A body out of its rules (its message), or \`${RANKED_TOPIC_TAKES_BALLOTS}\` on a law topic decided among its opinions (it takes ranked ballots).`,
  ),
  401: SIGNED_OUT,
  403: refusal(`\`${TOPIC_CLOSED}\` (from expiry on), or the member may not take part in the topic\u2019s group.`),
  404: refusal(`\`${OPINION_NOT_FOUND}\`, or \`Topic not found\` when its topic is deleted.`),
};

// An Idempotency-Key makes repeats of one click count once; scoped to the member and the opinion (lib/idempotency.ts).
export function votesRoutes(app: ZodRoutes, { voting }: { voting: VotingService }): void {
  app.post(
    '/api/votes',
    {
      config: { access: 'member' },
      schema: {
        tags: ['voting'],
        summary: 'Vote support or oppose (the same vote again removes it)',
        body: CastVoteBody,
        response: { 200: VoteReply, ...VOTE_REFUSALS },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const opinionId = existingId(request.body.opinionId, OPINION_NOT_FOUND);
      return voting.cast(userId, opinionId, request.body.voteType, idempotencyOf(request, userId, 'vote', { voteType: request.body.voteType }, [opinionId]));
    },
  );

  app.delete(
    '/api/votes/:opinionId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['voting'],
        summary: 'Remove my vote on an opinion',
        params: z.object({ opinionId: z.string() }),
        response: { 200: VoteReply, ...VOTE_REFUSALS },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const opinionId = existingId(request.params.opinionId, OPINION_NOT_FOUND);
      return voting.retract(userId, opinionId, idempotencyOf(request, userId, 'vote-removal', {}, [opinionId]));
    },
  );
}
