import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';

// Issue #32 item 1: a failure never looks like being signed out. A member whose API is down
// reloads and stays a member (no landing page, no trip to /api/login); a 503 says so in words
// with a Try again that works; a lost live connection and a browser gone offline each show a
// banner that goes when the connection is back. Each step starts where the last one ended.
let context: BrowserContext;
let page: Page;

const account = newAccount({ firstName: 'Amina' });
const journey = startServerAndBrowserForFile();
const welcome = () => page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' });
const banner = () => page.locator('[aria-live="polite"]').filter({ hasText: /offline|Reconnecting/ });

beforeAll(async () => {
  context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

describe('failures journey', () => {
  it('a reload with the API unreachable keeps the member signed in, says Civitas cannot be reached, and Try again brings the dashboard back', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, account);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // Every API call fails as it does when nothing answers (the page itself still loads).
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();

    await page.getByRole('heading', { name: "Civitas can't be reached right now" }).waitFor();
    expect(await page.getByText('You have not been signed out').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(asked).not.toContain('/api/login');
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign In with Email' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the session-unreachable page');

    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await welcome().waitFor();
  });

  it('a deep link to a members’ page with the API unreachable does not send the member to sign in', async () => {
    const asked: string[] = [];
    const listen = (request: { url: () => string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', listen);
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${journey.server.baseUrl}/group/2`);

    await page.getByRole('heading', { name: "Civitas can't be reached right now" }).waitFor();
    // The sign-in redirect waits 500 ms after its toast: well past it, still here.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/group/2');
    expect(asked).not.toContain('/api/login');
    page.off('request', listen);
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Islam' }).waitFor();
  });

  it('a 503 shows what it means and a Try again that works, never the raw answer', async () => {
    let failing = true;
    await page.route('**/api/groups', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }) : route.fallback(),
    );
    await page.goto(journey.server.baseUrl + '/');
    await welcome().waitFor();

    const failure = page.getByRole('alert').filter({ hasText: 'Civitas could not answer just now. Please try again in a moment.' });
    await failure.waitFor();
    expect(await page.getByText('503', { exact: false }).count()).toBe(0);
    failing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('article', { name: 'Islam' }).waitFor();
    expect(await failure.count()).toBe(0);
    await page.unroute('**/api/groups');
  });

  it('a lost live connection shows a banner while it reconnects, gone once it is back', async () => {
    let cut = true;
    await page.routeWebSocket('**/ws', (socket) => {
      if (cut) socket.close();
      else socket.connectToServer();
    });
    await page.goto(journey.server.baseUrl + '/');
    await welcome().waitFor();

    await banner().filter({ hasText: 'Connection to Civitas lost. Reconnecting...' }).waitFor();
    await expectNoAxeViolations(page, 'the dashboard with the reconnecting banner');
    cut = false;
    // The socket tries again on its own (backoff up to a few seconds while the cut lasted).
    await banner().waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('the browser going offline shows a banner, gone once it is back online; the member stays signed in', async () => {
    await context.setOffline(true);
    await banner().filter({ hasText: 'You are offline. What you write is kept here until you are back online.' }).waitFor();
    await welcome().waitFor();
    await context.setOffline(false);
    await banner().waitFor({ state: 'detached', timeout: 30_000 });
    await welcome().waitFor();
  });
});
