import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectArabicPage, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';
import { createTopicThroughUi } from './support/participation';

// Issue #33 item 5, search, as a member meets it: the header box, results in sections with the
// matched words marked, in English and Arabic (and a mix), and a result that opens its page.
let context: BrowserContext;
let page: Page;

const TITLE = 'Night buses for the neighbourhood';
const DESCRIPTION = 'More buses after ten, الحافلات الليلية for the night shift.';
const layla = newAccount({ firstName: 'Layla' });
const amina = newAccount({ firstName: 'Amina' });
const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-search');

/** The marked words of a section, in order. */
const marked = (page: Page, section: string) => page.getByRole('region', { name: section }).locator('mark').allTextContents();

async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole('banner').getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === text);
}

beforeAll(async () => {
  context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // Layla exists to be found by name; Amina searches.
  await signUpThroughApi(page, journey.server.baseUrl, layla);
  await context.clearCookies();
  await signUpThroughApi(page, journey.server.baseUrl, amina);
});

describe('search journey', () => {
  it('finds a topic from the header box, its matched words marked, and opens it', async () => {
    await page.goto(`${journey.server.baseUrl}/group/1`);
    await page.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    const topicPath = `/topic/${await createTopicThroughUi(page, TITLE, DESCRIPTION)}`;

    await searchFromHeader(page, 'night bus');
    await page.getByRole('heading', { level: 1, name: 'Results for “night bus”' }).waitFor();
    const topics = page.getByRole('region', { name: 'Topics' });
    await topics.getByRole('link', { name: TITLE }).waitFor();
    expect(await marked(page, 'Topics')).toEqual(['Night', 'buses', 'buses', 'night']);
    await expectNoAxeViolations(page, 'search results');

    await topics.getByRole('link', { name: TITLE }).click();
    await page.waitForURL((url) => url.pathname === topicPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  });

  it('finds Arabic words inside mixed text, groups of the catalogue and members by name, in Arabic', async () => {
    await searchFromHeader(page, 'الحافلات');
    await page.getByRole('region', { name: 'Topics' }).getByRole('link', { name: TITLE }).waitFor();
    expect(await marked(page, 'Topics')).toEqual(['الحافلات']);

    await searchFromHeader(page, 'saudi');
    await page.getByRole('region', { name: 'Groups' }).getByRole('link', { name: 'Saudi Arabia', exact: true }).waitFor();
    expect(await marked(page, 'Groups')).toContain('Saudi');

    await searchFromHeader(page, 'layl');
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText(`Layla ${layla.lastName}`).waitFor();
    expect(await members.getByRole('link').count()).toBe(0);
    // Only others: the searcher is never among the members found.
    expect(await members.getByText(`Amina ${amina.lastName}`).count()).toBe(0);

    await switchToArabic(page);
    const name = page
      .getByRole('region', { name: 'الأعضاء' })
      .locator('bdi')
      .filter({ hasText: `Layla ${layla.lastName}` });
    await name.waitFor();
    // A Latin name keeps its own order on an Arabic page: "Layla Haddad", not "Haddad Layla".
    expect(await name.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    await expectArabicPage(page, screenshots, 'search-members', { englishAbsent: ['Members', 'Results for'], axe: 'search results in Arabic' });
    await switchToEnglish(page);
  });

  it('says so when nothing matches, and never shows another member’s private topic', async () => {
    await context.clearCookies();
    await signUpThroughApi(page, journey.server.baseUrl, newAccount({ firstName: 'Omar' }));
    await searchFromHeader(page, 'night bus');
    await page.getByRole('heading', { name: 'No results' }).waitFor();
  });
});
