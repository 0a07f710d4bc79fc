import { normalizeEmail } from '@civitas/events';
import { sha256 } from '@civitas/service-kit/tokens';
import type { FastifyInstance } from 'fastify';
import { byAddress, rateLimiters, type KeyOf } from '../lib/rate-limiters';

export { TOO_MANY_ATTEMPTS } from '../lib/rate-limiters';

const byAccount: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return sha256(typeof email === 'string' ? normalizeEmail(email) : '');
};
// Wrong passwords from one address slow that address down on that account; they never
// lock the owner, signing in from elsewhere, out of their own account.
const byAccountFromAddress: KeyOf = (request) => `${byAccount(request)}:${byAddress(request)}`;

/** Limits per client address, per account and address, and per account for the sign-in routes. */
export function signInRateLimits(app: FastifyInstance, factor = 1) {
  const { limiter, guard } = rateLimiters(app, factor);
  return {
    login: guard([limiter('login-ip', byAddress, 30, '15 minutes'), limiter('login-account-ip', byAccountFromAddress, 10, '15 minutes')]),
    register: guard([limiter('register-ip', byAddress, 10, '1 hour')]),
    // Per account, so nobody can fill a member's mailbox with reset links.
    forgotPassword: guard([limiter('forgot-ip', byAddress, 10, '1 hour'), limiter('forgot-account', byAccount, 5, '1 hour')]),
  };
}
