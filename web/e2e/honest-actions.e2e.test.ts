import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillSignIn, newAccount, signInButton, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi, verifyThroughUi } from './support/participation';

// Issue #17, honest actions and consistent signals, as a free member meets them: a religion
// group and their own country say why no topic can be created there and lead to the plans;
// their family group takes a topic of the one type they can create, with one style of
// relative time on its page; deleting it asks first and says so; and a failed sign-in's toast
// does not stay over Create Account. Each step starts where the last one ended.
let page: Page;

const ISLAM = 2;
const SAUDI_ARABIA = 1682;
const TITLE = 'Where we spend the summer holiday';
const OPINION = 'The mountains: cooler, and grandmother can come along.';
const account = newAccount({ firstName: 'Amina' });

const journey = startServerAndBrowserForFile({ env: { PAYMENT_SANDBOX: 'on' } });

beforeAll(async () => {
  page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const topicsSection = () => page.getByRole('region', { name: 'Discussion Topics' });
const groupHeader = () => page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
const notifications = () => page.getByRole('region', { name: 'Notifications (F8)' });

async function openGroup(id: number, name: string): Promise<void> {
  await page.goto(`${journey.server.baseUrl}/group/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await topicsSection().waitFor();
}

describe('honest actions journey', () => {
  it('a free member in a religion group sees why they cannot create a topic, and reaches the plans from there', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, account);
    await openGroup(ISLAM, 'Islam');

    const notice = topicsSection().getByRole('alert').filter({ hasText: 'Creating topics needs a subscription' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The topics of Islam are law amendments and dispute resolutions.');
    expect(await topicsSection().getByRole('button', { name: 'Create Topic' }).count()).toBe(0);
    // The header speaks of the member, not of the price tier alone.
    expect(await groupHeader().getByText('Needs subscription', { exact: true }).isVisible()).toBe(true);
    expect(await groupHeader().getByText('Free Access', { exact: true }).count()).toBe(0);

    await notice.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL(/\/subscribe$/);
    await page.getByRole('article', { name: 'Civic Participation (monthly)' }).waitFor();
  });

  it('so does a verified but unsubscribed citizen in their own country', async () => {
    await page.goto(journey.server.baseUrl + '/');
    await verifyThroughUi(page, 'Saudi Arabia', '1088776655');
    await openGroup(SAUDI_ARABIA, 'Saudi Arabia');

    await topicsSection().getByText('Creating topics needs a subscription').waitFor();
    expect(await topicsSection().getByRole('button', { name: 'Create Topic' }).count()).toBe(0);
    expect(await groupHeader().getByText('Needs subscription', { exact: true }).isVisible()).toBe(true);
  });

  it('in their own family group the dialog offers only the type they can create, and one style of relative time', async () => {
    await page.goto(journey.server.baseUrl + '/group/1');
    await page.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    expect(await groupHeader().getByText('Free Access', { exact: true }).isVisible()).toBe(true);
    expect(await groupHeader().getByText('Full access', { exact: true }).count()).toBe(0);

    await topicsSection().getByRole('button', { name: 'Create Topic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Topic' });
    const types = await dialog.getByRole('combobox', { name: 'Type' }).locator('option').allTextContents();
    expect(types).toEqual(['Family Discussion']);
    await dialog.getByText(/^Law amendments and dispute resolutions need a Civic Participation subscription\./).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await createTopicThroughUi(page, TITLE, 'The sea, the mountains, or the village: let us decide together.');
    await page.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await page.getByRole('button', { name: 'Post Opinion' }).click();
    await page.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();

    // The topic header and the opinion both say the topic style (docs/product.md, Constants).
    const main = page.getByRole('main');
    expect(await main.getByText('Less than an hour ago', { exact: false }).count()).toBeGreaterThanOrEqual(2);
    expect(await main.textContent()).not.toMatch(/\d+ minutes? ago|a minute ago/);
  });

  it("deleting a topic asks first, then says 'Topic deleted' in place of 'Topic created successfully!'", async () => {
    await page.getByRole('link', { name: 'Back to group' }).click();
    await topicsSection().getByRole('button', { name: 'Create Topic' }).waitFor();
    await createTopicThroughUi(page, 'A topic we take back', 'Posted by mistake, and deleted while its toast still shows.');
    await notifications().getByText('Topic created successfully!').waitFor();

    await page.getByRole('button', { name: 'Delete Topic' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Topic' });
    await confirm.getByText('Are you sure you want to delete this topic? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    await page.waitForURL(/\/group\/\d+$/);
    await notifications().getByText('Topic deleted', { exact: true }).waitFor();
    expect(await notifications().getByText('Topic created successfully!').count()).toBe(0);
    await topicsSection().getByText(TITLE).waitFor();
    expect(await topicsSection().getByText('A topic we take back').count()).toBe(0);
  });

  it('a toast closes when the member moves on to another page', async () => {
    // Past the grace a redirect's toast gets, well before the toast's own 5 s.
    await page.waitForTimeout(1200);
    await topicsSection().getByRole('link', { name: 'View Laws' }).click();
    await page.waitForURL(/\/laws\/\d+$/);
    await notifications().getByText('Topic deleted', { exact: true }).waitFor({ state: 'detached', timeout: 2000 });
  });

  it("a failed sign-in's toast does not stay over Create Account", async () => {
    const visitor = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(journey.server.baseUrl + '/');
    await fillSignIn(visitor, account.email, 'not my password');
    await signInButton(visitor).click();
    const failed = visitor.getByRole('alert').filter({ hasText: 'Login failed' });
    await failed.waitFor();

    await visitor.getByRole('tab', { name: 'Create Account' }).click();
    await visitor.getByRole('form', { name: 'Create account' }).waitFor();
    await failed.waitFor({ state: 'detached' });
  });
});
