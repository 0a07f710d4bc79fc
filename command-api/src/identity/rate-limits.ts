import type {} from '@fastify/rate-limit';
import { normalizeEmail } from '@civitas/events';
import { sha256 } from '@civitas/service-kit/tokens';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

type KeyOf = (request: FastifyRequest) => string;

const byAddress: KeyOf = (request) => request.ip;
const byAccount: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return sha256(typeof email === 'string' ? normalizeEmail(email) : '');
};

/**
 * Limits per client address and per account for the sign-in routes. The plugin's own hook
 * runs once per request, so each route checks its limiters in one preHandler (after the
 * body is parsed, which the per-account key needs) and answers 429 with a clear message.
 */
export function signInRateLimits(app: FastifyInstance, factor = 1) {
  const limiter = (name: string, keyOf: KeyOf, max: number, timeWindow: string) => {
    const check = app.createRateLimit({ max: Math.ceil(max * factor), timeWindow, keyGenerator: (request) => `${name}:${keyOf(request)}` });
    return check;
  };
  const guard = (...checks: ReturnType<typeof limiter>[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        return reply.header('retry-after', String(Math.max(1, Math.ceil(result.ttlInSeconds)))).status(429).send({ message: TOO_MANY_ATTEMPTS });
      }
    }
  };
  return {
    login: guard(limiter('login-ip', byAddress, 30, '15 minutes'), limiter('login-account', byAccount, 10, '15 minutes')),
    register: guard(limiter('register-ip', byAddress, 10, '1 hour')),
    forgotPassword: guard(limiter('forgot-ip', byAddress, 10, '1 hour'), limiter('forgot-account', byAccount, 5, '1 hour')),
  };
}
