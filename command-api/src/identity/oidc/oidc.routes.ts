import { AccountSuspendedError, ConflictError, WrongExpectedVersionError } from '@civitas/events';
import type { Config } from '@civitas/service-kit/config';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { IdentityService } from '../identity-service';
import { OIDC_FLOW_TTL_MS, OidcFlowStore } from './oidc-flow-store';
import { authErrorLocation, oidcMessages } from './oidc-messages';
import { OIDC_PROVIDER_IDS, OidcConfigurations, oidcProviderSettings, type OidcProviderSettings } from './oidc-providers';
import { OidcSignIn, OidcSignInFailure, describeError } from './oidc-sign-in';
import { OidcCallbackQuery, OidcStartQuery } from './oidc.schemas';
import { announceSessionsEnded } from '../../lib/announce-sessions-ended';
import { byAddress, rateLimitChecks, rateLimitRule } from '../../lib/rate-limiters';
import { logVerification } from '../email-verification.routes';

export interface OidcRouteOptions {
  identity: IdentityService;
  auth: SessionAuth;
  db: Kysely<PlatformDatabase>;
  config: Config;
  publicBaseUrl: string;
}

// Starting a flow writes a row; this keeps one address from filling the table. Generous,
// because a school or office behind one address signs many people in.
const STARTS_PER_ADDRESS = 60;
/**
 * Checked in the handler, not in `config.rateLimits`: the start is a navigation, so a refusal is a
 * redirect home with the reason (`?authError=`), never a JSON 429 the browser would show as is.
 */
const START_LIMIT = rateLimitRule('oidc-start', byAddress, STARTS_PER_ADDRESS, '15 minutes');
/** Refusals that may be someone's attempt (a forged, replayed or tampered answer), for the security log. */
const SUSPICIOUS_FAILURES = new Set(['invalidFlow', 'failed', 'providerError']);

/**
 * "Continue with Google" / "Continue with Replit": full-page navigations that end in a
 * redirect to `/` — signed in, or with `?authError=` explaining why not.
 */
export function oidcRoutes(app: ZodRoutes, { identity, auth, db, config, publicBaseUrl }: OidcRouteOptions): void {
  const providers = oidcProviderSettings(config);
  const signIn = new OidcSignIn({ providers, configurations: new OidcConfigurations(providers), flows: new OidcFlowStore(db), publicBaseUrl });
  const startLimit = rateLimitChecks(app, config.AUTH_RATE_LIMIT_FACTOR)(START_LIMIT);

  // Ties a flow to the browser that started it. Lax, because the callback arrives as a
  // top-level navigation from the provider's site; scoped to the sign-in routes only.
  const secure = publicBaseUrl.startsWith('https://');
  const bindingCookie = secure ? '__Secure-civitas_oidc' : 'civitas_oidc';
  const bindingCookieOptions = { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: OIDC_FLOW_TTL_MS / 1000 } as const;

  const refuse = (request: FastifyRequest, reply: FastifyReply, provider: OidcProviderSettings, error: unknown) => {
    let message = oidcMessages.failed(provider.label);
    if (error instanceof OidcSignInFailure) {
      message = oidcMessages[error.reason](provider.label);
      request.log.warn({ provider: provider.id, reason: error.reason, detail: error.detail }, 'OpenID Connect sign-in refused');
      // A person cancelling, or a provider we cannot reach, is no attempt on anyone's account.
      if (SUSPICIOUS_FAILURES.has(error.reason)) logSecurityEvent(request, 'sign_in_refused', { reason: `${provider.id}-${error.reason}` });
    } else if (error instanceof AccountSuspendedError) {
      // A banned member hears why, as a password sign-in would tell them.
      message = error.message;
      logSecurityEvent(request, 'sign_in_refused', { reason: `${provider.id}-suspended` });
    } else if (error instanceof ConflictError && !(error instanceof WrongExpectedVersionError)) {
      // The identity service's own words, e.g. an unverified e-mail that an account already holds.
      message = error.message;
      request.log.warn({ provider: provider.id, reason: 'conflict' }, 'OpenID Connect sign-in refused');
      logSecurityEvent(request, 'sign_in_refused', { reason: `${provider.id}-link-refused` });
    } else {
      request.log.error({ provider: provider.id, reason: 'error', detail: describeError(error) }, 'OpenID Connect sign-in failed');
    }
    return reply.redirect(authErrorLocation(message));
  };

  for (const id of OIDC_PROVIDER_IDS) {
    const provider = providers[id];

    app.get(
      `/api/auth/${id}`,
      {
        // Only a browser's GET navigation starts or finishes a sign-in; link checkers send HEAD.
        exposeHeadRoute: false,
        config: { access: 'public' },
        schema: {
          tags: ['identity'],
          summary: `Sign in with ${provider.label}`,
          description: `Navigation: redirects to ${provider.label} (OpenID Connect, authorization code with PKCE), or to /?authError= when that is not possible.`,
          querystring: OidcStartQuery,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!(await startLimit(request)).allowed) {
          logSecurityEvent(request, 'rate_limited', { reason: START_LIMIT.name });
          return reply.redirect(authErrorLocation(oidcMessages.tooManyAttempts));
        }
        try {
          const { authorizationUrl, binding } = await signIn.begin(id, request.cookies[bindingCookie]);
          reply.setCookie(bindingCookie, binding, bindingCookieOptions);
          return reply.redirect(authorizationUrl.href);
        } catch (error) {
          return refuse(request, reply, provider, error);
        }
      },
    );

    app.get(
      `/api/auth/${id}/callback`,
      {
        exposeHeadRoute: false,
        config: { access: 'public' },
        // A malformed answer is a failed sign-in for the person, not a JSON 400 page.
        attachValidation: true,
        schema: {
          tags: ['identity'],
          summary: `Finish signing in with ${provider.label}`,
          description: `Navigation: ${provider.label} sends the browser here; signs in and redirects to /, or to /?authError= with the reason.`,
          querystring: OidcCallbackQuery,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          if (request.validationError) throw new OidcSignInFailure('invalidFlow', 'malformed callback query');
          // The query exactly as the provider sent it: the library validates the raw response.
          const query = new URL(request.url, 'http://callback.invalid').searchParams;
          const profile = await signIn.complete(id, query, request.cookies[bindingCookie]);
          const { userId, created, claimedUnverifiedAccount, suspensionReason, ...outcome } = await identity.signInWithExternalIdentity(profile);
          if (suspensionReason !== null) throw new AccountSuspendedError(suspensionReason);
          // Whoever held the address before it was proven (a password, a session) is out.
          if (claimedUnverifiedAccount !== null) {
            await auth.sessions.destroyAllForUser(claimedUnverifiedAccount);
            await announceSessionsEnded(request, db, { users: [claimedUnverifiedAccount] });
            logSecurityEvent(request, 'unverified_account_claimed', { userId: claimedUnverifiedAccount, reason: id });
          }
          await auth.signIn(request, reply, userId);
          request.log.info({ provider: id, userId, created }, 'signed in with OpenID Connect');
          logSecurityEvent(request, 'signed_in', { userId, reason: id });
          logVerification(request, userId, outcome, 'provider');
          return reply.redirect('/');
        } catch (error) {
          return refuse(request, reply, provider, error);
        }
      },
    );
  }
}
