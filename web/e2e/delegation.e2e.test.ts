import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ELECTION_DEFAULT_DAYS } from '@civitas/events/topics/topic-rules';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV, awaitTopicClosed } from './support/clock';
import { createTopicThroughUi } from './support/participation';

// Liquid democracy in the International group, where every subscriber takes part. Amina names
// Omar her delegate; Omar votes, and his vote carries her weight too (2), which her receipt shows
// as the path Amina -> Omar. Then the group's leadership election: both stand, Omar votes for
// himself and Amina's delegation carries to his ballot; the server's clock moves past the
// election's end, the closing reactor decides it, and Omar leads the group with a seat in the
// Alliance, where he may take part. Each step starts where the last one ended.
let amina: Page;
let omar: Page;
const clock = new ServerClock();

const INTERNATIONAL = 7;
const ALLIANCE = 8;
const TITLE = 'A common carbon price across borders';
const OPINION = 'Start at 40 dollars a tonne and raise it every year, with a border adjustment.';
let topicUrl = '';
let electionUrl = '';
let electionTitle = '';

const journey = startServerAndBrowserForFile({ now: clock.now, env: TIME_TRAVEL_ENV });

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  omar = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** Waits for a toast; on a timeout, says which toast showed instead (an error toast names the server's reason). */
async function toastText(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  } catch (error) {
    const shown = await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .textContent()
      .catch(() => null);
    throw new Error(`No toast '${text}'; the notifications say: ${shown ?? '(nothing)'}`, { cause: error });
  }
}
const opinionCard = (page: Page) => page.getByRole('article', { name: 'Opinion by Omar Farouk' }).first();

describe('delegation and election journey', () => {
  it('two subscribers take part in the International group', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }), { subscribed: true });
    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar', lastName: 'Farouk' }), { subscribed: true });
  });

  it('Amina finds Omar by name and delegates her vote in International to him', async () => {
    await region(amina, 'Quick Actions').getByRole('button', { name: 'Find Delegate' }).click();
    const dialog = amina.getByRole('dialog', { name: 'Find and Manage Delegates' });
    await dialog.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'International' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('farouk');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Delegate Omar Farouk' }).click();
    await toastText(amina, 'Voting power delegated successfully!');
    await dialog.getByRole('list', { name: 'Your Delegations' }).getByRole('listitem', { name: 'International: Omar Farouk' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('Omar proposes, posts an opinion and supports it: his vote weighs 2', async () => {
    await omar.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    await omar.getByRole('heading', { level: 1, name: 'International' }).waitFor();
    await createTopicThroughUi(omar, TITLE, 'Emissions do not stop at borders, and neither should the price of carbon.');
    topicUrl = omar.url();
    await omar.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await omar.getByRole('button', { name: 'Post Opinion' }).click();
    await region(omar, 'Top Opinion').getByText(OPINION).waitFor();

    await opinionCard(omar)
      .getByRole('button', { name: /^Support/ })
      .click();
    await toastText(omar, 'Vote recorded');
    // One direct vote, and Amina's weight through her delegation.
    await opinionCard(omar).getByText('Weighted: 2 support · 0 oppose').waitFor();
    expect(
      await opinionCard(omar)
        .getByRole('button', { name: /^Support/ })
        .textContent(),
    ).toContain('1');
    expect(await opinionCard(omar).getByText('Net +2').isVisible()).toBe(true);
    await region(omar, 'Vote Delegation').getByText('You carry 2 votes from 1 member').waitFor();
  });

  it("Amina sees the weighted count, her delegate, and her receipt's path to Omar's vote", async () => {
    await amina.goto(topicUrl);
    await amina.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await opinionCard(amina).getByText('Weighted: 2 support · 0 oppose').waitFor();
    await region(amina, 'Vote Delegation').getByText('Omar Farouk').waitFor();

    await opinionCard(amina).getByRole('button', { name: 'My vote receipt' }).click();
    const receipt = amina.getByRole('dialog', { name: 'Vote Receipt' });
    await receipt.getByText('Amina Haddad -> Omar Farouk (support)').waitFor();
    const path = receipt.getByRole('list', { name: 'Delegation path' }).getByRole('listitem');
    expect(await path.allTextContents()).toEqual(['Amina Haddad', 'Omar Farouk']);
    await receipt.getByRole('button', { name: 'Close' }).click();
  });

  it('Amina opens the leadership election of International and stands in it', async () => {
    await amina.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    const card = region(amina, 'Leadership Election');
    await card.getByText('Initializing').waitFor();
    await card.getByRole('button', { name: 'Start Leadership Election' }).click();
    await amina.getByRole('dialog', { name: 'Start a leadership election in International?' }).getByRole('button', { name: 'Start Election' }).click();
    await toastText(amina, 'Main Election Created!');
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Join Election' }).click();
    await amina.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
    electionUrl = amina.url();
    electionTitle = (await amina.getByRole('heading', { level: 1 }).textContent()) ?? '';

    const candidates = region(amina, 'Candidates');
    await candidates.getByRole('button', { name: 'Run for Election' }).click();
    await candidates.getByRole('textbox', { name: 'Your statement (optional)' }).fill('Open budgets for every forum.');
    await candidates.getByRole('button', { name: 'Register Candidacy' }).click();
    await toastText(amina, 'Candidacy Registered!');
    await candidates.getByRole('button', { name: 'Already Running' }).waitFor();
  });

  it('Omar joins the election from Quick Actions, stands, and votes for himself: 2 votes with Amina', async () => {
    await omar.goto(journey.server.baseUrl + '/');
    await region(omar, 'Quick Actions').getByRole('button', { name: 'Join Election' }).click();
    const dialog = omar.getByRole('dialog', { name: 'Join Election' });
    await dialog.getByRole('link', { name: 'Join the election in International' }).click();
    await omar.waitForURL(electionUrl);

    const candidates = region(omar, 'Candidates');
    await candidates.getByRole('button', { name: 'Run for Election' }).click();
    await candidates.getByRole('button', { name: 'Register Candidacy' }).click();
    await toastText(omar, 'Candidacy Registered!');
    await candidates.getByRole('button', { name: 'Already Running' }).waitFor();

    await candidates.getByRole('button', { name: 'Vote for Omar Farouk' }).click();
    await toastText(omar, 'Ballot cast');
    await candidates.getByRole('button', { name: 'Your vote: Omar Farouk' }).waitFor();
    const omarRow = candidates.getByRole('listitem', { name: 'Candidate Omar Farouk' });
    await omarRow.getByText('2 votes · 1 direct ballot').waitFor();
    await candidates.getByRole('listitem', { name: 'Candidate Amina Haddad' }).getByText('0 votes · 0 direct ballots').waitFor();
  });

  it('the election ends (the server clock moves past it) and Omar wins', async () => {
    clock.travelDays(ELECTION_DEFAULT_DAYS + 1);
    await awaitTopicClosed(omar, electionUrl, electionTitle);
    await region(omar, 'Candidates').getByRole('listitem', { name: 'Candidate Omar Farouk' }).getByText('Winner').waitFor();

    await amina.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    const card = region(amina, 'Leadership Election');
    await card.getByText('Winner Declared').waitFor();
    await card.getByText('Omar Farouk').waitFor();
    expect(await card.getByText('Leader', { exact: true }).isVisible()).toBe(true);
  });

  it('Omar shows as Leader and takes part in the Alliance', async () => {
    await omar.goto(journey.server.baseUrl + '/profile');
    await omar.getByRole('list', { name: 'Badges' }).getByText('Leader').waitFor();

    await omar.goto(`${journey.server.baseUrl}/group/${ALLIANCE}`);
    await omar.getByRole('heading', { level: 1, name: 'Alliance' }).waitFor();
    await createTopicThroughUi(omar, 'Coordinate the forum leaders', 'Leaders of every group meet here to agree on shared priorities.');
    expect(await omar.getByRole('textbox', { name: 'Your opinion' }).isVisible()).toBe(true);

    // Amina leads nothing: the Alliance is there to read, not to join.
    await amina.goto(`${journey.server.baseUrl}/group/${ALLIANCE}`);
    await amina.getByRole('heading', { level: 1, name: 'Alliance' }).waitFor();
    await amina.getByRole('region', { name: 'Discussion Topics' }).waitFor();
    expect(await amina.getByRole('button', { name: 'Create Topic' }).count()).toBe(0);
  });
});
