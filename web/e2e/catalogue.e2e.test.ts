import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';

// The all-in-one server with the built web app and the seeded groups catalogue:
// religions, global forums, one National group per country, the alliance.
let page: Page;

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  page = await journey.browser.newPage();
});

const groupCard = (name: string) => page.getByRole('article', { name, exact: true });

describe('groups catalogue journey', () => {
  it("lists the real catalogue on a member's dashboard, searches countries and opens a group", async () => {
    // Signed out, / is the landing page: the catalogue is the members' dashboard.
    await signUpThroughApi(page, journey.server.baseUrl, newAccount());

    await page.getByRole('heading', { name: 'Religious Communities', exact: true }).waitFor();
    await groupCard('Islam').waitFor();
    // Other Countries shows a page at a time; the search reaches the rest.
    await groupCard('Afghanistan').waitFor();

    await page.getByLabel('Search countries').fill('Saudi');
    await groupCard('Afghanistan').waitFor({ state: 'detached' });
    await groupCard('Saudi Arabia').waitFor();

    await groupCard('Saudi Arabia').getByRole('link', { name: 'View Group' }).click();
    await page.waitForURL(/\/group\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Saudi Arabia', exact: true }).waitFor();
    expect(await page.getByText('National', { exact: true }).isVisible()).toBe(true);
  });

  it('answers an unknown path with the 404 page', async () => {
    await page.goto(journey.server.baseUrl + '/no-such-page');

    await page.getByRole('heading', { name: 'Page Not Found', exact: true }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });
});
