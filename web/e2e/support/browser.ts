import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../test-support/chromium';
import { mailedLink } from '../../../test-support/mail-folder';
import { registerThrough, subscribeMonthly, verifyCitizen, type ApiPoster } from '../../../test-support/members';
import { startTestServer, type TestServer, type TestServerOptions } from '../../../test-support/test-server';

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
}

export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

/**
 * Call at the top of a journey file: the server and Chromium start before its tests and close
 * after them. The fields are set once started, so read them inside hooks and tests.
 */
export function startServerAndBrowserForFile(options: TestServerOptions = {}): Readonly<ServerAndBrowser> {
  const started = {} as ServerAndBrowser;
  beforeAll(async () => {
    // The all-in-one server; with PORT=0 it picks a port and names it in the links it writes (reset links).
    started.server = await startTestServer(options);
    started.browser = await launchChromium();
  });
  afterAll(async () => {
    // Either may be missing when starting failed; closing the rest keeps the failure readable.
    await started.browser?.close();
    await started.server?.close();
  });
  return started;
}

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let accounts = 0;
export function newAccount(overrides: Partial<Account> = {}): Account {
  accounts += 1;
  return {
    firstName: 'Amina',
    lastName: 'Haddad',
    email: `amina.${Date.now().toString(36)}.${accounts}@example.org`,
    password: 'a long enough passphrase',
    ...overrides,
  };
}

/** Sign-in and registration end in a full reload at /: wait for it, not for the click. */
export async function submitAndAwaitReload(page: Page, submit: () => Promise<void>): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await submit();
  await reloaded;
}

/** Registers through the landing page and waits for the dashboard. */
export async function registerThroughUi(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(baseUrl + '/');
  await page.getByRole('button', { name: 'Sign In with Email' }).click();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  // Labels carry the required-field asterisk, hence the anchored patterns.
  await form.getByLabel(/^First Name/).fill(account.firstName);
  await form.getByLabel(/^Last Name/).fill(account.lastName);
  await form.getByLabel(/^Email/).fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel(/^Confirm Password/).fill(account.password);
  await submitAndAwaitReload(page, () => form.getByRole('button', { name: 'Create Account' }).click());
  await awaitDashboard(page, account);
}

/** The member's dashboard has loaded: it greets them by name. */
function awaitDashboard(page: Page, account: Account): Promise<void> {
  return page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}!` }).waitFor();
}

/** The page's own browser context as an API client: a session it signs in to is the page's. */
function pageApi(page: Page, baseUrl: string): ApiPoster {
  return {
    async post(path, body) {
      const answer = await page.request.post(baseUrl + path, { data: body ?? {}, headers: { origin: new URL(baseUrl).origin } });
      const status = answer.status();
      // headersArray keeps each Set-Cookie apart (headers() joins them with newlines, which fetch's Headers refuses).
      const headers = answer.headersArray().map(({ name, value }): [string, string] => [name, value]);
      return new Response(status === 204 ? null : await answer.text(), { status, headers });
    },
  };
}

export interface MemberSetup {
  citizenOf?: { country: string; nationalId: string };
  subscribed?: boolean;
  /**
   * The server's data folder: the address is then proven with the link mailed there, as a member
   * does (ADMIN_EMAILS makes an admin of a proven address only).
   */
  emailProvenFrom?: string;
  /**
   * Where the page goes once signed in: the dashboard by default (waited for, as registering
   * through the UI ends), another path or URL (the caller waits for what it expects there), or
   * null to stay (the caller opens a mailed link next).
   */
  landOn?: string | null;
}

/**
 * For journeys about something else: registers (and verifies, and subscribes) through the API
 * in the page's browser context, then opens `landOn` signed in. Registering, verifying and
 * subscribing through the UI have journeys of their own.
 */
export async function signUpThroughApi(
  page: Page,
  baseUrl: string,
  account: Account,
  { citizenOf, subscribed = false, emailProvenFrom, landOn = '/' }: MemberSetup = {},
): Promise<void> {
  const api = pageApi(page, baseUrl);
  await registerThrough(api, account);
  if (citizenOf) await verifyCitizen(api, citizenOf.country, citizenOf.nationalId);
  if (subscribed) await subscribeMonthly(api, baseUrl);
  if (emailProvenFrom !== undefined) {
    await page.goto(await mailedLink(emailProvenFrom, account.email, 'Verify your email'));
    await page.getByText('Your email address is verified.').waitFor();
  }
  if (landOn === null) return;
  await page.goto(new URL(landOn, baseUrl).href);
  if (landOn === '/') await awaitDashboard(page, account);
}

/** Signs in with e-mail from the landing page's sign-in options. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign In with Email' }).click();
  const form = page.getByRole('form', { name: 'Sign in with email' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
}

export function signInButton(page: Page) {
  return page.getByRole('form', { name: 'Sign in with email' }).getByRole('button', { name: 'Sign In', exact: true });
}

/** A call in the page's own session (same origin, its cookies), for the steps other journeys cover through the UI. */
export const postFromPage = (page: Page, path: string, body: unknown = {}) =>
  page.evaluate(
    async ([url, data]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    [path, body] as const,
  );
