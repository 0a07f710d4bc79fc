import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '@civitas/service-kit/tokens';
import * as client from 'openid-client';
import type { ExternalProfile } from '../identity-service';
import { externalProfileFromClaims, lacksProfileClaims } from './oidc-claims';
import type { OidcFlowStore } from './oidc-flow-store';
import type { OidcConfigurations, OidcProviderId, OidcProviderSettings } from './oidc-providers';

/** Why a sign-in stopped; the routes turn it into a message for the person and a log line. */
export type OidcFailureReason = 'notConfigured' | 'unavailable' | 'cancelled' | 'providerError' | 'invalidFlow' | 'failed';

export class OidcSignInFailure extends Error {
  constructor(
    readonly reason: OidcFailureReason,
    /** For the log only: says which check failed, never carries codes, tokens or personal data. */
    readonly detail: string,
  ) {
    super(`OpenID Connect sign-in failed: ${reason} (${detail})`);
  }
}

// Provider error codes are short ASCII words; anything else is not echoed into logs.
const safeErrorCode = (value: string) => (/^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : 'unrecognised');

/**
 * A library error summarised for the log: kinds, codes and messages (openid-client's messages name the
 * failed check, e.g. the "aud" claim), never the causes' other fields, which carry claims and
 * response bodies.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const parts = new Set<string>([error.name]);
  const add = (value: unknown) => {
    if (typeof value === 'string' && value) parts.add(value);
  };
  add((error as { code?: unknown }).code);
  const oauthError = (error as { error?: unknown }).error;
  if (typeof oauthError === 'string') add(safeErrorCode(oauthError));
  add(error.message);
  // The precise check (or a network failure's ECONNREFUSED) sits on the cause.
  if (error.cause instanceof Error) add(error.cause.message);
  add((error.cause as { code?: unknown } | undefined)?.code);
  return [...parts].join(': ');
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The binding cookie holds one of our own tokens; anything else is treated as absent. */
export const isBindingToken = (value: string | undefined): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

export interface OidcSignInOptions {
  providers: Record<OidcProviderId, OidcProviderSettings>;
  configurations: OidcConfigurations;
  flows: OidcFlowStore;
  publicBaseUrl: string;
}

/**
 * The authorization code flow with PKCE (S256), state and nonce, as a relying party.
 * `begin` records what the callback must check; `complete` checks it and exchanges the code.
 */
export class OidcSignIn {
  constructor(private readonly options: OidcSignInOptions) {}

  redirectUri(id: OidcProviderId): string {
    return `${this.options.publicBaseUrl}/api/auth/${id}/callback`;
  }

  /**
   * A new flow: its secrets stay in `auth_flows`; the browser gets the authorization URL and
   * the binding (its existing one is reused, so sign-ins in two tabs do not cancel each other).
   */
  async begin(id: OidcProviderId, existingBinding: string | undefined): Promise<{ authorizationUrl: URL; binding: string }> {
    const configuration = await this.configuration(id);
    const binding = isBindingToken(existingBinding) ? existingBinding : randomToken();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const redirectUri = this.redirectUri(id);
    await this.options.flows.save(state, { provider: id, codeVerifier, nonce, bindingHash: sha256(binding), redirectUri });
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl, binding };
  }

  /**
   * The verified profile behind a callback. `query` is the callback's query string exactly as
   * received; `binding` the browser's binding cookie.
   */
  async complete(id: OidcProviderId, query: URLSearchParams, binding: string | undefined): Promise<ExternalProfile> {
    if (!this.options.providers[id].client) throw new OidcSignInFailure('notConfigured', 'no client id and secret');
    const state = query.get('state');
    // Taken before anything else, so a state is good for exactly one callback whatever happens next.
    const flow = state ? await this.options.flows.take(state) : null;

    const providerError = query.get('error');
    if (providerError !== null) {
      throw new OidcSignInFailure(providerError === 'access_denied' ? 'cancelled' : 'providerError', `provider answered ${safeErrorCode(providerError)}`);
    }
    if (!state || !flow) throw new OidcSignInFailure('invalidFlow', 'unknown, used or expired state');
    if (flow.provider !== id) throw new OidcSignInFailure('invalidFlow', `flow was started for ${flow.provider}`);
    // Without this, anyone could send a victim to our callback with the attacker's own code
    // and state, signing the victim in to the attacker's account (login CSRF).
    if (!isBindingToken(binding) || !sameHash(sha256(binding), flow.bindingHash)) {
      throw new OidcSignInFailure('invalidFlow', 'callback reached a browser that did not start the flow');
    }

    const configuration = await this.configuration(id);
    // The redirect_uri sent to the token endpoint is this URL without its query: exactly the
    // one the authorization request named.
    const currentUrl = new URL(flow.redirectUri);
    for (const [name, value] of query) currentUrl.searchParams.append(name, value);

    let claims: Record<string, unknown>;
    try {
      // Checks state, the iss parameter where the provider sends one, PKCE at the token
      // endpoint, and the ID token's iss, aud/azp, exp, iat and nonce.
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      claims = { ...idToken };
      if (lacksProfileClaims(claims) && configuration.serverMetadata().userinfo_endpoint) {
        // fetchUserInfo refuses an answer about another subject; the signed ID token wins any overlap.
        const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
        claims = { ...userInfo, ...idToken };
      }
    } catch (error) {
      throw new OidcSignInFailure('failed', `code exchange refused: ${describeError(error)}`);
    }
    try {
      return externalProfileFromClaims(configuration.serverMetadata().issuer, claims);
    } catch (error) {
      throw new OidcSignInFailure('failed', describeError(error));
    }
  }

  private async configuration(id: OidcProviderId): Promise<client.Configuration> {
    if (!this.options.providers[id].client) throw new OidcSignInFailure('notConfigured', 'no client id and secret');
    try {
      return await this.options.configurations.get(id);
    } catch (error) {
      throw new OidcSignInFailure('unavailable', `discovery failed: ${describeError(error)}`);
    }
  }
}
