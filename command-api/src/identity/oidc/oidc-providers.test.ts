import { loadConfig } from '@civitas/service-kit/config';
import { describe, expect, it } from 'vitest';
import { OidcConfigurations, isLocalHttpIssuer, oidcProviderSettings } from './oidc-providers';

describe('OpenID provider settings', () => {
  it('counts a provider as configured only with both a client id and a secret', () => {
    const providers = oidcProviderSettings(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', REPLIT_CLIENT_ID: 'id', REPLIT_CLIENT_SECRET: '' }),
    );
    expect(providers.google).toEqual({ id: 'google', label: 'Google', issuerUrl: 'https://accounts.google.com', client: { id: 'id', secret: 'secret' } });
    expect(providers.replit).toEqual({ id: 'replit', label: 'Replit', issuerUrl: 'https://replit.com/oidc', client: null });
  });

  it('allows plain HTTP only for an issuer on this machine', () => {
    expect(isLocalHttpIssuer(new URL('http://localhost:4000'))).toBe(true);
    expect(isLocalHttpIssuer(new URL('http://127.0.0.1:4000/oidc'))).toBe(true);
    expect(isLocalHttpIssuer(new URL('http://example.org'))).toBe(false);
    expect(isLocalHttpIssuer(new URL('http://127.0.0.1.example.org'))).toBe(false);
    expect(isLocalHttpIssuer(new URL('https://localhost'))).toBe(false);
  });

  it('refuses to discover a remote issuer over plain HTTP, and tries again on the next request', async () => {
    const providers = oidcProviderSettings(loadConfig({ GOOGLE_ISSUER_URL: 'http://example.org', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }));
    const configurations = new OidcConfigurations(providers);
    const first = configurations.get('google');
    await expect(first).rejects.toThrow('Google issuer must use https');
    expect(configurations.get('google')).not.toBe(first);
    await expect(configurations.get('google')).rejects.toThrow('https');
  });
});
