import { normalizeEmail } from '@civitas/events';
import type { RateLimitKey } from '@civitas/service-kit/route-policies';
import { sha256 } from '@civitas/service-kit/tokens';
import { byAddress, rateLimitRule } from '../lib/rate-limiters';

export { TOO_MANY_ATTEMPTS } from '../lib/rate-limiters';

// Read from the parsed body: the route policy checks limits once the body is parsed.
const byAccount: RateLimitKey = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return sha256(typeof email === 'string' ? normalizeEmail(email) : '');
};
// Wrong passwords from one address slow that address down on that account; they never
// lock the owner, signing in from elsewhere, out of their own account.
const byAccountFromAddress: RateLimitKey = (request) => `${byAccount(request)}:${byAddress(request)}`;

/** Limits per client address, per account and address, and per account for the sign-in routes (their `config.rateLimits`). */
export const SIGN_IN_LIMITS = {
  login: [rateLimitRule('login-ip', byAddress, 30, '15 minutes'), rateLimitRule('login-account-ip', byAccountFromAddress, 10, '15 minutes')],
  register: [rateLimitRule('register-ip', byAddress, 10, '1 hour')],
  // Per account, so nobody can fill a member's mailbox with reset links.
  forgotPassword: [rateLimitRule('forgot-ip', byAddress, 10, '1 hour'), rateLimitRule('forgot-account', byAccount, 5, '1 hour')],
};
