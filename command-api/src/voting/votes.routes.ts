import { CastVoteBody, IDEMPOTENCY_KEY_HEADER, OPINION_NOT_FOUND, VoteReply, ValidationError, existingId } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { VotingService } from './voting-service';

/**
 * An Idempotency-Key makes repeats of one click count once. It is scoped to the member and the
 * opinion, so a key can never touch anyone else's vote.
 */
function commandIdOf(request: FastifyRequest, userId: string, opinionId: string): string | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  const value = Array.isArray(key) ? key[0]! : key;
  if (!/^[\w-]{8,128}$/.test(value)) throw new ValidationError('Idempotency-Key must be 8 to 128 letters, digits, - or _');
  return `vote:${userId}:${opinionId}:${value}`;
}

export function votesRoutes(app: ZodRoutes, { voting, auth }: { voting: VotingService; auth: SessionAuth }): void {
  app.post('/api/votes', {
    schema: { tags: ['voting'], summary: 'Vote support or oppose (the same vote again removes it)', body: CastVoteBody, response: { 200: VoteReply } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const opinionId = existingId(request.body.opinionId, OPINION_NOT_FOUND);
    return voting.cast(userId, opinionId, request.body.voteType, commandIdOf(request, userId, opinionId));
  });

  app.delete('/api/votes/:opinionId', {
    schema: { tags: ['voting'], summary: 'Remove my vote on an opinion', params: z.object({ opinionId: z.string() }), response: { 200: VoteReply } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const opinionId = existingId(request.params.opinionId, OPINION_NOT_FOUND);
    return voting.retract(userId, opinionId, commandIdOf(request, userId, opinionId));
  });
}
