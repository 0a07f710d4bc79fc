import { normalizeIP } from '@fastify/rate-limit';
import { normalizeEmail } from '@civitas/events';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import { sha256 } from '@civitas/service-kit/tokens';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

type KeyOf = (request: FastifyRequest) => string;

// An IPv6 client holds a whole /64: counting single addresses would let it rotate freely.
const byAddress: KeyOf = (request) => normalizeIP(request.ip);
const byAccount: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return sha256(typeof email === 'string' ? normalizeEmail(email) : '');
};
// Wrong passwords from one address slow that address down on that account; they never
// lock the owner, signing in from elsewhere, out of their own account.
const byAccountFromAddress: KeyOf = (request) => `${byAccount(request)}:${byAddress(request)}`;

/**
 * Limits per client address, per account and address, and per account for the sign-in
 * routes. The counters live in the store the rate-limit plugin was registered with
 * (PostgreSQL, shared by every instance). The plugin's own hook runs once per request, so
 * each route checks its limiters in one preHandler (after the body is parsed, which the
 * account keys need) and answers 429 with a clear message.
 */
export function signInRateLimits(app: FastifyInstance, factor = 1) {
  const limiter = (name: string, keyOf: KeyOf, max: number, timeWindow: string) => ({
    name,
    check: app.createRateLimit({ max: Math.ceil(max * factor), timeWindow, keyGenerator: (request) => `${name}:${keyOf(request)}` }),
  });
  const guard = (...limiters: ReturnType<typeof limiter>[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { name, check } of limiters) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        logSecurityEvent(request, 'rate_limited', { reason: name });
        return reply.header('retry-after', String(Math.max(1, Math.ceil(result.ttlInSeconds)))).status(429).send({ message: TOO_MANY_ATTEMPTS });
      }
    }
  };
  return {
    login: guard(limiter('login-ip', byAddress, 30, '15 minutes'), limiter('login-account-ip', byAccountFromAddress, 10, '15 minutes')),
    register: guard(limiter('register-ip', byAddress, 10, '1 hour')),
    // Per account, so nobody can fill a member's mailbox with reset links.
    forgotPassword: guard(limiter('forgot-ip', byAddress, 10, '1 hour'), limiter('forgot-account', byAccount, 5, '1 hour')),
  };
}
