import { normalizeIP } from '@fastify/rate-limit';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export type KeyOf = (request: FastifyRequest) => string;

// An IPv6 client holds a whole /64: counting single addresses would let it rotate freely.
export const byAddress: KeyOf = (request) => normalizeIP(request.ip);
/** The signed-in member (resolve the session in the guard's `before` first). */
export const byMember: KeyOf = (request) => request.memberId ?? 'visitor';

type Limiter = { name: string; check: ReturnType<FastifyInstance['createRateLimit']> };

/**
 * Named limiters and a preHandler that checks them in order. The counters live in the store the
 * rate-limit plugin was registered with (PostgreSQL, shared by every instance). The plugin's own
 * hook runs once per request, so each route checks its limiters in one preHandler (after the
 * body is parsed, which account keys need; `before` resolves what else the keys need, e.g. the
 * session) and answers 429 with a clear message.
 */
export function rateLimiters(app: FastifyInstance, factor = 1) {
  const limiter = (name: string, keyOf: KeyOf, max: number, timeWindow: string): Limiter => ({
    name,
    check: app.createRateLimit({ max: Math.ceil(max * factor), timeWindow, keyGenerator: (request) => `${name}:${keyOf(request)}` }),
  });
  const guard = (limiters: Limiter[], before?: (request: FastifyRequest) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    await before?.(request);
    for (const { name, check } of limiters) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        logSecurityEvent(request, 'rate_limited', { reason: name });
        return reply.header('retry-after', String(Math.max(1, Math.ceil(result.ttlInSeconds)))).status(429).send({ message: TOO_MANY_ATTEMPTS });
      }
    }
  };
  return { limiter, guard };
}

/**
 * For steps a stolen session could try passwords on (changing the password, erasing the account):
 * limited per address and per member like sign-in, so guessing is as slow there as at the door.
 */
export function reauthenticationRateLimit(app: FastifyInstance, resolveSession: (request: FastifyRequest) => Promise<unknown>, factor = 1) {
  const { limiter, guard } = rateLimiters(app, factor);
  return guard([limiter('reauth-ip', byAddress, 30, '15 minutes'), limiter('reauth-member', byMember, 10, '15 minutes')], resolveSession);
}
