import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailedLink } from '../../test-support/mail-folder';
import { fillSignIn, newAccount, registerThroughUi, signInButton, startServerAndBrowserForFile, submitAndAwaitReload } from './support/browser';

// One member's life in one browser, in order: each journey starts where the last ended.
let page: Page;

const account = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
const newPassword = 'a brand new passphrase';

// Registered with Google (its issuer is never asked: nobody here clicks it), not with Replit.
const journey = startServerAndBrowserForFile({ env: { GOOGLE_CLIENT_ID: 'civitas-journey', GOOGLE_CLIENT_SECRET: 'journey-secret' } });

beforeAll(async () => {
  // Desktop width: the header shows its links rather than the drawer.
  page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
});

const landingPage = () => page.getByRole('button', { name: 'Sign In with Email' });
const verificationBanner = () => page.getByRole('region', { name: 'Email verification' });
const userMenu = () => page.getByRole('button', { name: `${account.firstName} ${account.lastName}` });

async function logOut() {
  await userMenu().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await landingPage().waitFor();
}

describe('identity journeys', () => {
  it('registers and lands on the dashboard, named in the header', async () => {
    await registerThroughUi(page, journey.server.baseUrl, account);

    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
    await userMenu().waitFor();
    expect(await page.getByRole('complementary', { name: 'Your profile' }).getByText(account.email).isVisible()).toBe(true);
    // The address is not proven yet: the dashboard asks for it, and works meanwhile.
    await verificationBanner().getByText('Please verify your email address').waitFor();
  });

  it('verifies the address with the link from the mail, which leaves the address bar; the banner goes', async () => {
    const link = await mailedLink(journey.server.dataDir, account.email, 'Verify your email');
    await page.goto(link);

    await page.getByText('Your email address is verified.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify-email');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
    expect(await verificationBanner().count()).toBe(0);
  });

  it('shows a member without the admin role no Admin Panel', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
  });

  it('logs out to the landing page', async () => {
    await logOut();

    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    // Only the providers the server is registered with are offered.
    expect(await page.getByRole('link', { name: 'Continue with Replit' }).count()).toBe(0);
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
    await page.goto(journey.server.baseUrl + '/');
    await fillSignIn(page, account.email, account.password);
    await submitAndAwaitReload(page, () => signInButton(page).click());

    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
    await userMenu().waitFor();
  });

  it('resets a forgotten password through the link in the mail, then signs in with it', async () => {
    await logOut();

    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByRole('button', { name: 'Send Reset Link' }).click();

    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    // The answer carries no link (only the development setting would show one for testing).
    expect(await page.getByText(/For testing/).count()).toBe(0);
    await page.goto(await mailedLink(journey.server.dataDir, account.email, 'Reset your password'));
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

    await page.goto(journey.server.baseUrl + '/?signin=1');
    await fillSignIn(page, account.email, newPassword);
    await submitAndAwaitReload(page, () => signInButton(page).click());
    await page.getByRole('heading', { level: 1, name: 'Welcome, Amina!' }).waitFor();
  });

  it('answers an unknown path with the 404 page', async () => {
    await page.goto(journey.server.baseUrl + '/no-such-page');

    await page.getByRole('heading', { name: 'Page Not Found', exact: true }).waitFor();
  });

  it('only asks when sent to /api/logout (a link any site could hold), and signs out on Sign out', async () => {
    await page.goto(journey.server.baseUrl + '/api/logout');

    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/logout');
    await page.goto(journey.server.baseUrl + '/');
    await userMenu().waitFor(); // still signed in

    await page.goto(journey.server.baseUrl + '/api/logout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await landingPage().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends a signed-out visitor on a members’ page to sign in', async () => {
    await page.goto(journey.server.baseUrl + '/group/7');

    await page.getByText('You are logged out. Logging in again...').waitFor();
    // /api/login brings the visitor back to the landing page's sign-in options.
    await page.waitForURL(/\/\?signin=1$/);
    await landingPage().waitFor();
  });
});
