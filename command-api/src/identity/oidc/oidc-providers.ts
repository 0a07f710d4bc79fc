import type { Config } from '@civitas/service-kit/config';
import * as client from 'openid-client';
import { SIGN_IN_PROVIDERS, type SignInProvider } from '@civitas/events/identity/auth-user';

export const OIDC_PROVIDER_IDS = SIGN_IN_PROVIDERS;
export type OidcProviderId = SignInProvider;

/** One OpenID provider as configured: where it lives and our client registration there (if any). */
export interface OidcProviderSettings {
  id: OidcProviderId;
  /** Shown to people in messages: "Google sign-in is …". */
  label: string;
  issuerUrl: string;
  client: { id: string; secret: string } | null;
}

export function oidcProviderSettings(config: Config): Record<OidcProviderId, OidcProviderSettings> {
  // Registered means both the id and the secret are set (config.signInProviders, what the landing page offers).
  const registration = (id: OidcProviderId, clientId: string | undefined, secret: string | undefined) =>
    config.signInProviders.includes(id) ? { id: clientId!, secret: secret! } : null;
  return {
    google: {
      id: 'google',
      label: 'Google',
      issuerUrl: config.GOOGLE_ISSUER_URL,
      client: registration('google', config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
    },
    replit: {
      id: 'replit',
      label: 'Replit',
      issuerUrl: config.REPLIT_ISSUER_URL,
      client: registration('replit', config.REPLIT_CLIENT_ID, config.REPLIT_CLIENT_SECRET),
    },
  };
}

/**
 * Plain HTTP is accepted only for an issuer on this machine (a test provider); anywhere
 * else the code and tokens would cross the network in the clear.
 */
export function isLocalHttpIssuer(issuerUrl: URL): boolean {
  return issuerUrl.protocol === 'http:' && (issuerUrl.hostname === 'localhost' || issuerUrl.hostname === '127.0.0.1');
}

// A sign-in is a page load the person waits on: a provider that hangs must not hold it for long.
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Discovered provider configurations (metadata, endpoints, cached JWKS), one per provider.
 * A failed discovery is forgotten, so the next sign-in tries again instead of staying broken
 * until a restart; concurrent sign-ins share one discovery in flight.
 */
export class OidcConfigurations {
  private readonly discovered = new Map<OidcProviderId, Promise<client.Configuration>>();

  constructor(private readonly providers: Record<OidcProviderId, OidcProviderSettings>) {}

  get(id: OidcProviderId): Promise<client.Configuration> {
    const cached = this.discovered.get(id);
    if (cached) return cached;
    const pending = this.discover(this.providers[id]);
    this.discovered.set(id, pending);
    pending.catch(() => {
      if (this.discovered.get(id) === pending) this.discovered.delete(id);
    });
    return pending;
  }

  private async discover(provider: OidcProviderSettings): Promise<client.Configuration> {
    if (!provider.client) throw new Error(`${provider.label} sign-in has no client registration`);
    const issuer = new URL(provider.issuerUrl);
    const insecure = isLocalHttpIssuer(issuer);
    if (issuer.protocol !== 'https:' && !insecure) throw new Error(`${provider.label} issuer must use https`);
    // discovery() checks that the metadata names exactly this issuer; the grant later checks
    // every ID token's iss and aud against it and our client id.
    return client.discovery(issuer, provider.client.id, provider.client.secret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  }
}
