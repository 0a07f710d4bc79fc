import { CastVoteBody, OPINION_NOT_FOUND, VoteReply, existingId } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { VotingService } from './voting-service';

// An Idempotency-Key makes repeats of one click count once; scoped to the member and the opinion (lib/idempotency.ts).
export function votesRoutes(app: ZodRoutes, { voting }: { voting: VotingService }): void {
  app.post(
    '/api/votes',
    {
      config: { access: 'member' },
      schema: { tags: ['voting'], summary: 'Vote support or oppose (the same vote again removes it)', body: CastVoteBody, response: { 200: VoteReply } },
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
      schema: { tags: ['voting'], summary: 'Remove my vote on an opinion', params: z.object({ opinionId: z.string() }), response: { 200: VoteReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const opinionId = existingId(request.params.opinionId, OPINION_NOT_FOUND);
      return voting.retract(userId, opinionId, idempotencyOf(request, userId, 'vote-removal', {}, [opinionId]));
    },
  );
}
