import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { freePort, startTestProvider, type TestProvider } from './test-provider';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../test-support/chromium';

// A stand-in for the built app: the journeys end on `/`, and only need a page there.
const webRoot = mkdtempSync(path.join(tmpdir(), 'civitas-oidc-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Civitas</title><div id="root"></div>');

describe('OpenID Connect sign-in in a real browser', () => {
  let providers: Record<'google' | 'replit', TestProvider>;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const redirectUris = (provider: string) => [`${baseUrl}/api/auth/${provider}/callback`];
    providers = {
      google: await startTestProvider({
        clientId: 'civitas-google',
        clientSecret: 'google-secret',
        redirectUris: redirectUris('google'),
        claimsInIdToken: true,
      }),
      replit: await startTestProvider({
        clientId: 'civitas-replit',
        clientSecret: 'replit-secret',
        redirectUris: redirectUris('replit'),
        claimsInIdToken: false,
      }),
    };
    server = await startTestServer({
      webRoot,
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        GOOGLE_ISSUER_URL: providers.google.issuer,
        GOOGLE_CLIENT_ID: 'civitas-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        REPLIT_ISSUER_URL: providers.replit.issuer,
        REPLIT_CLIENT_ID: 'civitas-replit',
        REPLIT_CLIENT_SECRET: 'replit-secret',
      },
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await providers?.google.close();
    await providers?.replit.close();
  });

  /** A fresh browser profile; the provider's pages pull a web font, which stays offline. */
  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort(),
    );
    return { context, page: await context.newPage() };
  }

  /** Clicks through oidc-provider's development login and consent pages. */
  async function signInAtProvider(page: Page, provider: 'google' | 'replit', subject: string) {
    await page.goto(`${server.baseUrl}/api/auth/${provider}`);
    await page.waitForURL(new RegExp(`^${providers[provider].issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(subject);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  }

  /** The signed-in member as the web app would read it, retrying while the read model catches up. */
  const currentUser = (page: Page) =>
    page.evaluate(async () => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const response = await fetch('/api/auth/user');
        if (response.status !== 503) return { status: response.status, body: (await response.json()) as Record<string, string> };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { status: 503, body: {} as Record<string, string> };
    });

  it.each(['google', 'replit'] as const)('signs in with %s through its login and consent pages, and again into the same account', async (provider) => {
    const email = uniqueEmail(`browser-${provider}`);
    const subject = `subject-${randomUUID()}`;
    providers[provider].accounts.set(subject, { email, email_verified: true, given_name: 'Mary', family_name: 'Jackson' });

    const first = await newPage();
    await signInAtProvider(first.page, provider, subject);
    const me = await currentUser(first.page);
    expect(me).toMatchObject({ status: 200, body: { email, firstName: 'Mary', lastName: 'Jackson' } });
    const cookies = await first.context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'civitas_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((cookie) => cookie.name === 'civitas_oidc')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

    const second = await newPage();
    await signInAtProvider(second.page, provider, subject);
    expect((await currentUser(second.page)).body.id).toBe(me.body.id);
    await first.context.close();
    await second.context.close();
  });

  it('comes home with the reason when the person cancels at the provider', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/api/auth/google`);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL(new RegExp(`^${server.baseUrl}/\\?authError=`));
    expect(new URL(page.url()).searchParams.get('authError')).toBe('Google sign-in was cancelled.');
    expect((await currentUser(page)).status).toBe(401);
    await context.close();
  });
});
