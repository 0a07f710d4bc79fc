import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, postFromPage, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectNoAxeViolations } from './support/axe';
import { screenshotFolder, switchToArabic, switchToEnglish } from './support/language';
import { createTopicThroughUi } from './support/participation';

// Issue #32 items 5 and 10, the topic page as members meet it, in a family group. Layla opens her
// mother Amina's topic before anything is posted: the timeline is one folded line. Amina posts and
// votes; Layla's timeline follows without a reload. Layla has no receipt until she votes; she
// delegates to Amina by name; no raw id shows anywhere; axe finds nothing with the timeline open,
// in English and in Arabic; on a phone nothing runs off the side. Each step starts where the last ended.
let amina: Page;
let layla: Page;
const TITLE = 'Where we spend the summer holiday';
const OPINION = 'The coast, near grandmother.';
const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-topic-page');
let topicUrl = '';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  layla = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const opinionCard = (page: Page) => page.getByRole('article', { name: 'Opinion by Amina Haddad' }).first();
const chartSummary = (page: Page) => region(page, 'Timeline').getByLabel('Chart summary');

describe('topic page journey', () => {
  it('Amina invites Layla into her family group and opens a topic there', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }));
    const laylaAccount = newAccount({ firstName: 'Layla', lastName: 'Haddad' });
    await signUpThroughApi(layla, journey.server.baseUrl, laylaAccount);
    const invitation = await postFromPage(amina, '/api/family/invite', { email: laylaAccount.email });
    expect(invitation.status).toBe(201);
    const token = String(invitation.body.invitationLink).split('/').at(-1)!;
    expect((await postFromPage(layla, `/api/family/invite/${token}/accept`)).status).toBe(200);

    await amina.goto(`${journey.server.baseUrl}/group/1`);
    await amina.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    await createTopicThroughUi(amina, TITLE, 'The coast or the mountains: say which and why.');
    topicUrl = amina.url();
  });

  it('Layla opens the topic: the timeline is one line, Show timeline opens it, and nothing was counted yet', async () => {
    await layla.goto(topicUrl);
    await layla.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const timeline = region(layla, 'Timeline');
    await timeline.getByText('No opinions or candidates were counted in this topic.').waitFor();
    const toggle = timeline.getByRole('button', { name: 'Show timeline' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await timeline.getByRole('slider').count()).toBe(0);

    await toggle.click();
    expect(await timeline.getByRole('button', { name: 'Hide timeline' }).getAttribute('aria-expanded')).toBe('true');
    await chartSummary(layla).getByText('No opinions or candidates were counted in this topic.').waitFor();
  });

  it("Amina posts and supports an opinion: Layla's chart follows without a reload", async () => {
    await amina.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await amina.getByRole('button', { name: 'Post Opinion' }).click();
    await region(amina, 'Top Opinion').getByText(OPINION).waitFor();
    await opinionCard(amina)
      .getByRole('button', { name: /^Support/ })
      .click();
    await opinionCard(amina).getByText('Weighted: 1 support · 0 oppose').waitFor();

    await chartSummary(layla).getByText(`At the end: ${OPINION}: 1 support, 0 oppose.`, { exact: false }).waitFor({ timeout: 15_000 });
    // The legend tells the lines apart by pattern, not only colour.
    const legend = region(layla, 'Timeline').getByRole('list', { name: 'Chart legend' });
    expect(await legend.getByRole('listitem').allTextContents()).toEqual([`${OPINION} (support)`, `${OPINION} (oppose)`]);
  });

  it('Layla has no receipt before she votes, and one after', async () => {
    const card = opinionCard(layla);
    await card.getByText('Weighted: 1 support · 0 oppose').waitFor();
    expect(await card.getByRole('button', { name: 'My vote receipt' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Check my receipt' }).count()).toBe(0);

    await card.getByRole('button', { name: /^Support/ }).click();
    await card.getByText('Weighted: 2 support · 0 oppose').waitFor();
    await card.getByRole('button', { name: 'My vote receipt' }).waitFor();
    await card.getByRole('button', { name: 'Check my receipt' }).waitFor();
    await chartSummary(layla).getByText(`At the end: ${OPINION}: 2 support, 0 oppose.`, { exact: false }).waitFor();

    // The icon-only actions say what they do when pointed at, as their names do.
    await card.getByRole('button', { name: 'Report', exact: true }).hover();
    await layla.getByRole('tooltip', { name: 'Report' }).waitFor();
  });

  it('Layla delegates to Amina by name in the family group; no user id is shown anywhere', async () => {
    const card = region(layla, 'Vote Delegation');
    await card.getByRole('button', { name: 'Delegate', exact: true }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Please enter a user ID to delegate to.');

    await card.getByRole('textbox', { name: 'Name' }).fill('amina');
    await card.getByRole('button', { name: 'Search' }).click();
    await card.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Choose Amina Haddad' }).click();
    await card.getByRole('button', { name: 'Delegate', exact: true }).click();
    await layla.getByText('Delegation created', { exact: true }).first().waitFor();
    await card.getByText('Your delegate in this group').waitFor();
    await card.getByText('Amina Haddad').waitFor();

    expect(await layla.evaluate(() => document.body.innerText)).not.toMatch(UUID);
  });

  it('axe finds nothing on the topic page with the timeline open, in English and in Arabic', async () => {
    await layla.keyboard.press('Escape');
    await region(layla, 'Timeline').getByRole('button', { name: 'Hide timeline' }).waitFor();
    await expectNoAxeViolations(layla, 'the topic page (English, timeline open)');
    await switchToArabic(layla);
    await region(layla, 'الخط الزمني').getByRole('button', { name: 'إخفاء الخط الزمني' }).waitFor();
    await expectNoAxeViolations(layla, 'the topic page (Arabic, timeline open)');
    await screenshots.take(layla, 'topic-arabic');
    expect(await layla.evaluate(() => document.body.innerText)).not.toMatch(UUID);
    await switchToEnglish(layla);
  });

  it('on a phone the page, timeline open, fits the screen', async () => {
    await layla.setViewportSize({ width: 390, height: 844 });
    await layla.reload();
    const timeline = region(layla, 'Timeline');
    await timeline.getByRole('button', { name: 'Show timeline' }).click();
    await chartSummary(layla).waitFor();
    await layla.getByRole('list', { name: 'Chart legend' }).waitFor();
    const { scrollWidth, clientWidth } = await layla.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await screenshots.take(layla, 'topic-phone');
  });
});
