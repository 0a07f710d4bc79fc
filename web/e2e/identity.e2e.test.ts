import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../../test-support/test-server';
import {
  fillSignIn,
  launchChromium,
  newAccount,
  registerThroughUi,
  signInButton,
  startServerForBrowser,
  submitAndAwaitReload,
} from './support/browser';

// One member's life in one browser, in order: each journey starts where the last ended.
let server: TestServer;
let browser: Browser;
let page: Page;

const account = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
const newPassword = 'a brand new passphrase';

beforeAll(async () => {
  server = await startServerForBrowser();
  browser = await launchChromium();
  // Desktop width: the header shows its links rather than the drawer.
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const landingPage = () => page.getByRole('button', { name: 'Sign In with Email' });
const userMenu = () => page.getByRole('button', { name: `${account.firstName} ${account.lastName}` });

async function logOut() {
  await userMenu().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await landingPage().waitFor();
}

describe('identity journeys', () => {
  it('registers and lands on the dashboard, named in the header', async () => {
    await registerThroughUi(page, server.baseUrl, account);

    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
    await userMenu().waitFor();
    expect(await page.getByRole('complementary', { name: 'Your profile' }).getByText(account.email).isVisible()).toBe(
      true,
    );
  });

  it('shows a member without the admin role no Admin Panel', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
  });

  it('logs out to the landing page', async () => {
    await logOut();

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('link', { name: 'Continue with Google' }).isVisible()).toBe(true);
  });

  it("refuses a wrong password with the 'Login failed' toast", async () => {
    await fillSignIn(page, account.email, 'not my password');
    await signInButton(page).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('logs in to the dashboard', async () => {
    await page.goto(server.baseUrl + '/');
    await fillSignIn(page, account.email, account.password);
    await submitAndAwaitReload(page, () => signInButton(page).click());

    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
    await userMenu().waitFor();
  });

  it('resets a forgotten password through the link for testing, then signs in with it', async () => {
    await logOut();

    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByRole('button', { name: 'Send Reset Link' }).click();

    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    const resetLink = page.getByRole('link', { name: /\/reset-password\// });
    await resetLink.click();
    await page.waitForURL(/\/reset-password\/[^/]+$/);

    const resetForm = page.getByRole('form', { name: 'Reset password' });
    await resetForm.getByLabel(/^New Password/).fill(newPassword);
    await resetForm.getByLabel(/^Confirm New Password/).fill(newPassword);
    await resetForm.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset. You can now sign in.').waitFor();

    // The header has its own Sign In (to /api/login); this one opens the sign-in options.
    await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/\?signin=1$/);

    await fillSignIn(page, account.email, account.password);
    await signInButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();

    await page.goto(server.baseUrl + '/?signin=1');
    await fillSignIn(page, account.email, newPassword);
    await submitAndAwaitReload(page, () => signInButton(page).click());
    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
  });

  it('answers an unknown path with the 404 page', async () => {
    await page.goto(server.baseUrl + '/no-such-page');

    await page.getByRole('heading', { name: 'Page Not Found', exact: true }).waitFor();
  });

  it('sends a signed-out visitor on a members’ page to sign in', async () => {
    await page.goto(server.baseUrl + '/');
    await logOut();
    await page.goto(server.baseUrl + '/group/7');

    await page.getByText('You are logged out. Logging in again...').waitFor();
    // /api/login brings the visitor back to the landing page's sign-in options.
    await page.waitForURL(/\/\?signin=1$/);
    await landingPage().waitFor();
  });
});
