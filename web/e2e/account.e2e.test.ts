import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fillSignIn, newAccount, registerThroughUi, signInButton, startServerAndBrowserForFile, submitAndAwaitReload } from './support/browser';

// One member's settings in one browser, in order: each step starts where the last ended.
let context: BrowserContext;
let page: Page;

const account = newAccount({ firstName: 'Yusuf', lastName: 'Karimi' });
const newPassword = 'a brand new passphrase';

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
});

const settings = () => page.getByRole('dialog', { name: 'Settings' });
// While a dialog is open the toasts are outside the accessibility tree (the dialog is modal): found by their text.
const toast = (title: string) => page.getByText(title, { exact: true });

async function openSettings() {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await settings().getByRole('region', { name: 'Password' }).waitFor();
}

describe('account settings, the data download and deleting the account', () => {
  it('opens Settings from the profile and changes the password', async () => {
    await registerThroughUi(page, journey.server.baseUrl, account);
    await openSettings();

    const form = settings().getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current Password/).fill(account.password);
    await form.getByLabel(/^New Password/).fill(newPassword);
    await form.getByLabel(/^Confirm New Password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await toast('Password changed').waitFor();
    // The form empties once the session list is read again (the other sessions ended).
    await expect.poll(() => form.getByLabel(/^Current Password/).inputValue()).toBe('');
  });

  it('turns invitation e-mails off, and the choice is kept', async () => {
    const invitations = settings().getByRole('switch', { name: 'Invitations to family, friends and business groups' });
    expect(await invitations.isChecked()).toBe(true);
    await invitations.click();
    await toast('Notification preferences saved').waitFor();
    await page.reload();
    await settings().getByRole('region', { name: 'Password' }).waitFor();
    expect(await settings().getByRole('switch', { name: 'Invitations to family, friends and business groups' }).isChecked()).toBe(false);
  });

  it('downloads the member\u2019s data as a JSON file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), settings().getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^civitas-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email: account.email, firstName: account.firstName, lastName: account.lastName, hasPassword: true });
    expect(data.notificationPreferences.invitations).toBe(false);
    expect(data.groups.map((group: { department: string }) => group.department).sort()).toEqual(['business', 'family', 'friends']);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('deletes the account after the password, landing signed out; the old password opens nothing, the address registers anew', async () => {
    await settings().getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByLabel(/^Password/).fill(newPassword);
    await submitAndAwaitReload(page, () => confirm.getByRole('button', { name: 'Delete my account' }).click());

    await page.getByRole('button', { name: 'Sign In with Email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).filter((cookie) => cookie.name.includes('civitas_session'))).toEqual([]);

    await fillSignIn(page, account.email, newPassword);
    await signInButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();

    await registerThroughUi(page, journey.server.baseUrl, account);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}!` }).waitFor();
  });
});
