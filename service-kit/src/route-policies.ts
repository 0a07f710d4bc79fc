import { TooManyRequestsError, type Role } from '@civitas/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMINS_ONLY, AUDITORS_ONLY } from './roles';
import type { SessionAuth } from './session-auth';

/**
 * Who may call a route, declared once in its `config` (docs/decisions.md, Route policies):
 * `public` anyone; `member` a signed-in member; `admin` an admin; `auditor` an auditor or an admin.
 */
export type RouteAccess = 'public' | 'member' | 'admin' | 'auditor';

/** What a rate-limit rule counts a request under: its address, its member, or a key read from it (the body is parsed by then). */
export type RateLimitKey = (request: FastifyRequest) => string;

/** One counter a route's requests are checked against, in the store every instance shares. */
export interface RateLimitRule {
  /** Names the counter (and the security log's reason when it refuses). */
  readonly name: string;
  readonly max: number;
  /** As @fastify/rate-limit takes it: '15 minutes', '1 hour'. */
  readonly timeWindow: string;
  readonly per: RateLimitKey;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: every route under /api declares it (a test and the linter check). */
    access?: RouteAccess;
    /** Counters checked in order once the body is parsed; the first one exhausted answers 429 with Retry-After. */
    rateLimits?: readonly RateLimitRule[];
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** The roles an access level asks for, and the refusal of a member who holds none of them. */
export const ROLE_GATES: Record<'admin' | 'auditor', { roles: readonly Role[]; message: string }> = {
  admin: { roles: ['admin'], message: ADMINS_ONLY },
  auditor: { roles: ['admin', 'auditor'], message: AUDITORS_ONLY },
};

/** A check of one rule: whether the request may go on, and if not, in how many seconds it may. */
export type RateLimitCheck = (request: FastifyRequest) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;

export interface RoutePolicyOptions {
  auth: SessionAuth;
  /**
   * Refuses (a ForbiddenError with `message`) a member who holds none of `roles`. Each service reads
   * roles where it decides: the command side from the member's stream, the query side from the read
   * model at the request's position.
   */
  requireRoles(request: FastifyRequest, userId: string, roles: readonly Role[], message: string): Promise<void>;
  /** Makes the check of a rule (the service's rate-limit store); needed only where a route declares rateLimits. */
  rateLimitCheck?(rule: RateLimitRule): RateLimitCheck;
}

/** Routes under /api (the OpenAPI pages aside) must declare their access. */
const mustDeclareAccess = (url: string | undefined): boolean => url !== undefined && url.startsWith('/api/') && !url.startsWith('/api/docs');

/** A route that must declare its access and does not is treated as a member's (refused to visitors): the safe default. */
const accessOf = (request: FastifyRequest): RouteAccess =>
  request.routeOptions.config?.access ?? (mustDeclareAccess(request.routeOptions.url) ? 'member' : 'public');

/**
 * The one place a route's policy is enforced: who may call it, before the body is read (so a
 * visitor gets 401 whatever the body says, a member without the role 403), and its rate limits
 * once the body is parsed, answered through the one error handler (429 with Retry-After).
 */
export function registerRoutePolicies(app: FastifyInstance, options: RoutePolicyOptions): void {
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const userId = await options.auth.requireUserId(request);
    if (access === 'member') return;
    const gate = ROLE_GATES[access];
    await options.requireRoles(request, userId, gate.roles, gate.message);
  });

  const checks = new Map<RateLimitRule, RateLimitCheck>();
  const checkOf = (rule: RateLimitRule): RateLimitCheck => {
    let check = checks.get(rule);
    if (!check) {
      if (!options.rateLimitCheck) throw new Error(`route declares rate limit ${rule.name} but the service counts none`);
      checks.set(rule, (check = options.rateLimitCheck(rule)));
    }
    return check;
  };
  app.addHook('preHandler', async (request) => {
    for (const rule of request.routeOptions.config?.rateLimits ?? []) {
      const { allowed, retryAfterSeconds } = await checkOf(rule)(request);
      if (!allowed) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, retryAfterSeconds, rule.name);
    }
  });
}

/** The signed-in member of a route that declares `member`, `admin` or `auditor` access (the policy resolved them before the handler). */
export function memberOf(request: FastifyRequest): string {
  if (!request.memberId) throw new Error(`${request.routeOptions.url} reads its member but declares no member access`);
  return request.memberId;
}

/** Every route of a built app under /api that declares no access (a test keeps this empty). */
export function routesWithoutAccess(routes: ReadonlyArray<{ method: string | string[]; url: string; config?: { access?: RouteAccess } }>): string[] {
  return routes.filter((route) => mustDeclareAccess(route.url) && !route.config?.access).map((route) => `${[route.method].flat().join(',')} ${route.url}`);
}
