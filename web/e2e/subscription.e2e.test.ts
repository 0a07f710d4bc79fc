import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi, verifyThroughUi } from './support/participation';

// One member buys the monthly plan through the sandbox provider (turned on for this
// server: it is off unless enabled), then cancels it. Each step starts where the last one
// ended. The whole journey runs under the app's Content Security Policy: any violation
// Chromium reports on the way fails the last step.
let page: Page;
const policyViolations: string[] = [];

const account = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
/** "MMM dd, yyyy", e.g. "Apr 01, 2025". */
const DISPLAY_DATE = /[A-Z][a-z]{2} \d{2}, \d{4}/;

const journey = startServerAndBrowserForFile({ env: { PAYMENT_SANDBOX: 'on' } });

beforeAll(async () => {
  // Desktop width: the header shows its links rather than the drawer.
  page = await journey.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
  });
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
const subscriptionPanel = () => page.getByRole('tabpanel', { name: 'Subscription' });

describe('subscription journey', () => {
  it('offers a new member the upgrade on the dashboard', async () => {
    const landing = await page.goto(journey.server.baseUrl + '/');
    expect(landing?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    await signUpThroughApi(page, journey.server.baseUrl, account);

    await region('Upgrade to Premium').waitFor();
    expect(await region('Upgrade to Premium').getByText('$5 per month').isVisible()).toBe(true);
    expect(await region('Premium Active').count()).toBe(0);
  });

  it('shows the plans after Subscribe Now, never at 9.99', async () => {
    await region('Upgrade to Premium').getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL(/\/subscribe$/);

    const monthly = page.getByRole('article', { name: 'Civic Participation (monthly)' });
    await monthly.waitFor();
    expect(await monthly.textContent()).toContain('SAR 18.75');
    await page.getByRole('article', { name: 'Civic Participation (yearly)' }).getByText('Saves USD 10 per year').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('9.99');
  });

  it('pays for the monthly plan on the sandbox checkout', async () => {
    const monthly = page.getByRole('article', { name: 'Civic Participation (monthly)' });
    await monthly.getByRole('button', { name: 'Subscribe (sandbox)' }).click();
    await page.waitForURL(/\/checkout\/sandbox\/[^/]+$/);

    await page.getByText('Sandbox payment — no real money is charged.').waitFor();
    expect(await page.getByText('SAR 18.75').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/subscribe\/return\?/);
    await page.getByRole('heading', { name: 'Subscription active' }).waitFor();
    await page.getByText(/^Next renewal: /).waitFor();
    expect(await page.getByText('Civic Participation (monthly)').isVisible()).toBe(true);
  });

  it('shows the premium-active card on the dashboard', async () => {
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();

    await region('Premium Active').waitFor();
    expect(
      await region('Premium Active')
        .getByText(/^Next renewal: /)
        .textContent(),
    ).toMatch(DISPLAY_DATE);
    expect(await region('Upgrade to Premium').count()).toBe(0);
  });

  it('then, verified as a citizen, creates a law amendment in their national group', async () => {
    await verifyThroughUi(page, 'Saudi Arabia', '1077665544');
    await page
      .getByRole('region', { name: 'Your Country' })
      .getByRole('article', { name: 'Saudi Arabia' })
      .getByRole('link', { name: 'Join Discussion' })
      .click();
    await page.waitForURL(/\/group\/1682$/);
    await createTopicThroughUi(page, 'Subsidise public transport passes', 'Monthly passes should cost half for students, pensioners and apprentices.');
    expect(await page.getByText('Law Amendment').first().isVisible()).toBe(true);
    await page.goto(journey.server.baseUrl + '/');
  });

  it('shows the subscription on the profile: Active, with the next renewal date', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('tab', { name: 'Subscription' }).click();

    await subscriptionPanel().getByText('Active', { exact: true }).waitFor();
    expect(await subscriptionPanel().getByText('Next renewal', { exact: true }).isVisible()).toBe(true);
    expect(await subscriptionPanel().textContent()).toMatch(DISPLAY_DATE);
  });

  it('cancels, keeping access until the end of the period', async () => {
    await subscriptionPanel().getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

    await subscriptionPanel().getByText('Cancelled', { exact: true }).waitFor();
    expect(await subscriptionPanel().getByText('Access until', { exact: true }).isVisible()).toBe(true);
    expect(await subscriptionPanel().getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);

    // Access lasts: after a reload the dashboard still shows the premium card.
    await page.goto(journey.server.baseUrl + '/');
    await region('Premium Active')
      .getByText(/^Access until: /)
      .waitFor();
  });

  it('met no Content Security Policy violation on the way', () => {
    expect(policyViolations).toEqual([]);
  });
});
