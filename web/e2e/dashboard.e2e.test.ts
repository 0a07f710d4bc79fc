import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';

// Issue #17 item 1: a new member's dashboard over the real catalogue (250 National groups)
// fits in a few screens on desktop and phone, reaches the Leadership Alliance, shows its
// groups soon after they arrive, and finds any country by name; a group page switches groups
// through a search. Each step starts where the last one ended.
let page: Page;

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
/** "A few screens": the Leadership Alliance starts within four viewports, and the whole page ends within these. */
const ALLIANCE_WITHIN_SCREENS = 4;
const DESKTOP_SCREENS = 4;
// On a phone the cards that are not groups (e-mail banner, welcome, identity, profile, upgrade,
// statistics, quick actions) stack to about 2,100 px, two and a half screens on their own.
const MOBILE_SCREENS = 5;

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  const context = await journey.browser.newContext({ viewport: DESKTOP });
  // Notes when the Leadership Alliance heading first appears, to set beside the groups' answer.
  await context.addInitScript(() => {
    const seen = () => [...document.querySelectorAll('h2')].some((heading) => heading.textContent === 'Leadership Alliance');
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      (window as unknown as { allianceShownAt: number }).allianceShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  page = await context.newPage();
});

const allianceHeading = () => page.getByRole('heading', { level: 2, name: 'Leadership Alliance', exact: true });
const otherCountries = () => page.getByRole('region', { name: 'Other Countries' });
const countryRow = (name: string) => otherCountries().getByRole('article', { name, exact: true });

interface Layout {
  documentHeight: number;
  allianceTop: number;
  tabStopsBeforeAlliance: number;
  msFromGroupsToAlliance: number;
}

/** Page height, where the alliance section starts, the keyboard stops before it, and how long it took to show. */
function measureLayout(): Promise<Layout> {
  return page.evaluate(() => {
    const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Leadership Alliance')!;
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
      (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0,
    );
    const before = focusable.filter((element) => element.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING);
    const groupsAnswer = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === '/api/groups') as PerformanceResourceTiming;
    const shownAt = (window as unknown as { allianceShownAt: number }).allianceShownAt;
    return {
      documentHeight: document.documentElement.scrollHeight,
      allianceTop: heading.getBoundingClientRect().top + window.scrollY,
      tabStopsBeforeAlliance: before.length,
      msFromGroupsToAlliance: shownAt - groupsAnswer.responseEnd,
    };
  });
}

async function loadDashboard(): Promise<Layout> {
  await page.goto(journey.server.baseUrl + '/');
  await allianceHeading().waitFor();
  await countryRow('Afghanistan').waitFor();
  return measureLayout();
}

async function expectFewScreens(viewport: { width: number; height: number }, screens: number): Promise<void> {
  await page.setViewportSize(viewport);
  const loads = [await loadDashboard(), await loadDashboard(), await loadDashboard()];
  // The fastest of three loads: other test runs on the two shared cores only ever add time, while
  // 250 cards cost a second on every load.
  const layout = { ...loads[2], msFromGroupsToAlliance: Math.min(...loads.map((load) => load.msFromGroupsToAlliance)) };
  // The numbers behind the verdict, for the record of a run; the time from the groups' answer to the
  // last section on screen is reported (README), not asserted: timings belong to the bench.
  console.info(`dashboard layout at ${viewport.width}x${viewport.height}:`, layout);
  expect(layout.documentHeight).toBeLessThanOrEqual(screens * viewport.height);
  expect(layout.allianceTop).toBeLessThan(ALLIANCE_WITHIN_SCREENS * viewport.height);
  // Each of 250 cards was a tab stop; a keyboard now reaches the alliance in a few dozen.
  expect(layout.tabStopsBeforeAlliance).toBeLessThanOrEqual(60);

  await allianceHeading().scrollIntoViewIfNeeded();
  expect(await allianceHeading().isVisible()).toBe(true);
  const alliance = page.getByRole('region', { name: 'Leadership Alliance' });
  expect(await alliance.getByRole('article', { name: 'Alliance', exact: true }).getByRole('link', { name: 'View Group' }).isVisible()).toBe(true);
  await expectNoAxeViolations(page, `the dashboard at ${viewport.width}x${viewport.height}`);
}

describe('dashboard journey', () => {
  it("fits a new member's dashboard in a few screens on desktop and reaches the Leadership Alliance", async () => {
    await signUpThroughApi(page, journey.server.baseUrl, newAccount());

    await expectFewScreens(DESKTOP, DESKTOP_SCREENS);
  });

  it('fits it in a few screens on a phone too', async () => {
    await expectFewScreens(MOBILE, MOBILE_SCREENS);
  });

  it('finds a country in Other Countries by name, past the first page, and opens it', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(journey.server.baseUrl + '/');
    await countryRow('Afghanistan').waitFor();
    // Far down the alphabet: not on the first page of the list.
    expect(await countryRow('Zimbabwe').count()).toBe(0);

    await otherCountries().getByLabel('Search countries').fill('zimb');
    await countryRow('Zimbabwe').waitFor();
    await countryRow('Afghanistan').waitFor({ state: 'detached' });
    expect(await otherCountries().getByRole('article').count()).toBe(1);

    // Accents and case do not matter.
    await otherCountries().getByLabel('Search countries').fill('ALAND');
    await countryRow('Åland Islands').waitFor();

    await otherCountries().getByLabel('Search countries').fill('Atlantis');
    await otherCountries().getByText('No country matches "Atlantis".').waitFor();

    await otherCountries().getByLabel('Search countries').fill('Saudi');
    await countryRow('Saudi Arabia').getByRole('link', { name: 'View Group' }).click();
    await page.waitForURL(/\/group\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Saudi Arabia', exact: true }).waitFor();
  });

  it('switches between 257 groups on a group page through a search, not a strip of tabs', async () => {
    // Continues on Saudi Arabia's page.
    const groupsNav = page.getByRole('navigation', { name: 'Groups', exact: true });
    const switcher = groupsNav.getByRole('combobox', { name: 'Switch group' });
    expect(await switcher.inputValue()).toBe('Saudi Arabia');
    expect(await groupsNav.getByRole('tab').count()).toBe(0);

    await switcher.fill('zimb');
    const option = page.getByRole('option', { name: /^Zimbabwe/ });
    await option.waitFor();
    await expectNoAxeViolations(page, 'the open group switcher');
    await option.click();
    await page.getByRole('heading', { level: 1, name: 'Zimbabwe', exact: true }).waitFor();
    expect(await switcher.inputValue()).toBe('Zimbabwe');
  });
});
