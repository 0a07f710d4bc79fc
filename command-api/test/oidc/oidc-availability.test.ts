import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { HandBrowser, authErrorOf } from './hand-browser';
import { freePort, startTestProvider, type TestProvider } from './test-provider';

// Google is registered but its issuer is not running yet; Replit has an id and no secret.
describe('sign-in with a provider that is not configured or not reachable', () => {
  let server: TestServer;
  let issuerPort: number;
  let google: TestProvider | undefined;
  const logs: string[] = [];

  beforeAll(async () => {
    issuerPort = await freePort();
    const port = await freePort();
    server = await startTestServer({
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${issuerPort}`,
        GOOGLE_CLIENT_ID: 'civitas-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        REPLIT_CLIENT_ID: 'id-without-a-secret',
      },
      logStream: { write: (line: string) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  it('sends the person home with the not-configured message, for the start and the callback', async () => {
    const browser = new HandBrowser();
    for (const path of ['/api/auth/replit', '/api/auth/replit/callback?code=abc&state=def']) {
      const response = await browser.request(`${server.baseUrl}${path}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/?authError=${encodeURIComponent('Replit sign-in is not configured on this server.')}`);
    }
    expect(browser.cookie(server.baseUrl, 'civitas_oidc')).toBeUndefined();
  });

  it('says the provider is unavailable while discovery fails, and discovers it on a later sign-in', async () => {
    const browser = new HandBrowser();
    const down = await browser.request(`${server.baseUrl}/api/auth/google`);
    expect(down.status).toBe(302);
    expect(authErrorOf(down.headers.get('location')!)).toBe('Google sign-in is unavailable right now. Please try again later.');
    const failure = logs.map((line) => JSON.parse(line) as Record<string, string>).find((entry) => entry.reason === 'unavailable');
    expect(failure).toMatchObject({ provider: 'google', detail: expect.stringContaining('ECONNREFUSED') });

    google = await startTestProvider({
      port: issuerPort,
      clientId: 'civitas-google',
      clientSecret: 'google-secret',
      redirectUris: [`${server.baseUrl}/api/auth/google/callback`],
      claimsInIdToken: true,
    });
    const up = await browser.request(`${server.baseUrl}/api/auth/google`);
    expect(up.status).toBe(302);
    expect(up.headers.get('location')).toMatch(new RegExp(`^${google.issuer}/auth\\?`));
  });

  it('answers a malformed callback (a repeated state) with a sign-in error, not a JSON page', async () => {
    const response = await new HandBrowser().request(`${server.baseUrl}/api/auth/google/callback?code=a&state=b&state=c`);
    expect(response.status).toBe(302);
    expect(authErrorOf(response.headers.get('location')!)).toBe('This Google sign-in link is no longer valid. Please start again.');
  });
});
