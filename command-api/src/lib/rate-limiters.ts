import { normalizeIP } from '@fastify/rate-limit';
import type { RateLimitCheck, RateLimitKey, RateLimitRule } from '@civitas/service-kit/route-policies';
import type { FastifyInstance } from 'fastify';

export { TOO_MANY_ATTEMPTS } from '@civitas/service-kit/route-policies';

// An IPv6 client holds a whole /64: counting single addresses would let it rotate freely.
export const byAddress: RateLimitKey = (request) => normalizeIP(request.ip);
/** The signed-in member: the route policy resolved the session before any limit is checked (member access). */
export const byMember: RateLimitKey = (request) => request.memberId ?? 'visitor';

/** A rule for a route's `config.rateLimits` (docs/decisions.md, Route policies). */
export const rateLimitRule = (name: string, per: RateLimitKey, max: number, timeWindow: string): RateLimitRule => ({ name, per, max, timeWindow });

/**
 * How command-api counts a rule: in the store the rate-limit plugin was registered with
 * (PostgreSQL, shared by every instance), under `${name}:${key}`, with AUTH_RATE_LIMIT_FACTOR
 * applied to the maximum (tests and load runs raise it).
 */
export function rateLimitChecks(app: FastifyInstance, factor = 1) {
  return (rule: RateLimitRule): RateLimitCheck => {
    const check = app.createRateLimit({
      max: Math.ceil(rule.max * factor),
      timeWindow: rule.timeWindow,
      keyGenerator: (request) => `${rule.name}:${rule.per(request)}`,
    });
    return async (request) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.ttlInSeconds)) };
    };
  };
}

/**
 * For steps a stolen session could try passwords on (changing the password, erasing the account):
 * limited per address and per member like sign-in, so guessing is as slow there as at the door.
 */
export const REAUTHENTICATION_LIMITS: readonly RateLimitRule[] = [
  rateLimitRule('reauth-ip', byAddress, 30, '15 minutes'),
  rateLimitRule('reauth-member', byMember, 10, '15 minutes'),
];
