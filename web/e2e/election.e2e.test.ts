import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV } from './support/clock';
import { expectArabicPage, expectEnglishPage, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';

// Issue #32 item 6: an election on its own page. Amina opens the International leadership election
// (asked first) and stands from the group page with a statement; Omar comes in from Quick Actions,
// stands from the election's page with his, and votes for Amina. The page is the candidates, their
// statements and a countdown, without Top Opinion, composer or timeline, and has no WCAG violations
// in English and Arabic. Then the clocks (the server's and the browser's) move past its end: the
// page says 'Counting…' until the scheduler closes it, then shows the result with Amina the winner.
let omarContext: BrowserContext;
let amina: Page;
let omar: Page;
const clock = new ServerClock();
const screenshots = screenshotFolder('civitas-election');

const INTERNATIONAL = 7;
const AMINA_STATEMENT = 'Open budgets for every forum, published each month.';
const OMAR_STATEMENT = 'A translator at every Alliance meeting.';
let electionUrl = '';

const journey = startServerAndBrowserForFile({ now: clock.now, env: TIME_TRAVEL_ENV });

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  omarContext = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Omar's browser keeps a clock the journey can move with the server's (it runs at real speed until then).
  await omarContext.clock.install();
  omar = await omarContext.newPage();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });

describe('election journey', () => {
  it('two subscribers take part in the International group', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }), { subscribed: true });
    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar', lastName: 'Farouk' }), { subscribed: true });
  });

  it('Amina opens the leadership election after a confirmation, and stands from the group page with a statement', async () => {
    await amina.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    const card = region(amina, 'Leadership Election');
    await card.getByRole('button', { name: 'Start Leadership Election' }).click();
    const ask = amina.getByRole('dialog', { name: 'Start a leadership election in International?' });
    expect(await ask.textContent()).toContain('It opens now and runs for 14 days.');
    // Cancel sends nothing: the group still has no election.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await card.getByText('Initializing').waitFor();
    await card.getByRole('button', { name: 'Start Leadership Election' }).click();
    await ask.getByRole('button', { name: 'Start Election' }).click();
    await toastText(amina, 'Main Election Created!');

    await card.getByRole('button', { name: 'Run for Election' }).click();
    const form = card.getByRole('form', { name: 'Run for Election' });
    await form.getByRole('textbox', { name: 'Your statement (optional)' }).fill(AMINA_STATEMENT);
    await form.getByRole('button', { name: 'Register Candidacy' }).click();
    await toastText(amina, 'Candidacy Registered!');
    await card.getByRole('button', { name: 'Already Running' }).waitFor();
    await card.getByRole('link', { name: 'Join Election' }).click();
    await amina.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
    electionUrl = amina.url();
  });

  it('Omar comes in from Quick Actions, stands with his statement on the election page, and votes for Amina', async () => {
    await omar.goto(journey.server.baseUrl + '/');
    await region(omar, 'Quick Actions').getByRole('button', { name: 'Join Election' }).click();
    await omar.getByRole('dialog', { name: 'Join Election' }).getByRole('link', { name: 'Join the election in International' }).click();
    await omar.waitForURL(electionUrl);

    const candidates = region(omar, 'Candidates');
    await candidates.getByRole('listitem', { name: 'Candidate Amina Haddad' }).getByText(AMINA_STATEMENT).waitFor();
    await candidates.getByRole('button', { name: 'Run for Election' }).click();
    await candidates.getByRole('textbox', { name: 'Your statement (optional)' }).fill(OMAR_STATEMENT);
    await candidates.getByRole('button', { name: 'Register Candidacy' }).click();
    await toastText(omar, 'Candidacy Registered!');
    await candidates.getByRole('button', { name: 'Already Running' }).waitFor();
    await candidates.getByRole('listitem', { name: 'Candidate Omar Farouk' }).getByText(OMAR_STATEMENT).waitFor();

    await candidates.getByRole('button', { name: 'Vote for Amina Haddad' }).click();
    await toastText(omar, 'Ballot cast');
    await candidates.getByRole('button', { name: 'Your vote: Amina Haddad' }).waitFor();
    await candidates.getByRole('listitem', { name: 'Candidate Amina Haddad' }).getByText('1 vote · 1 direct ballot').waitFor();
  });

  it('the election page is its candidates and a countdown: no Top Opinion, composer, timeline or opinion numbers; the chat stays', async () => {
    const candidates = region(omar, 'Candidates');
    // Opened a moment ago for 14 days.
    const countdown = candidates.getByText('Closes in 13 days 23 hours');
    await countdown.waitFor();
    expect(await countdown.getAttribute('title')).toMatch(/^Closes [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(
      await omar
        .getByRole('region', { name: /Leadership Election$/ })
        .getByText('Closes in 13 days 23 hours')
        .count(),
    ).toBe(1);
    for (const name of ['Top Opinion', 'Share Your Opinion', 'Other Opinions', 'Timeline', 'Topic Statistics']) {
      expect(await omar.getByRole('region', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await omar.getByRole('textbox', { name: 'Your opinion' }).count()).toBe(0);
    expect(await omar.getByRole('button', { name: /Join Discussion/ }).count()).toBe(1);
    await region(omar, 'Vote Delegation').waitFor();
    await screenshots.take(omar, 'election-en');
    await expectNoAxeViolations(omar, 'the election page in English');
  });

  it('in Arabic: the same page, right to left, with its countdown, and no WCAG violations', async () => {
    await switchToArabic(omar);
    const candidates = region(omar, 'المرشحون');
    await candidates.getByText(/^يُغلق بعد 13 /).waitFor();
    await candidates.getByText(AMINA_STATEMENT).waitFor();
    await expectArabicPage(omar, screenshots, 'election-ar', {
      englishAbsent: ['Candidates', 'Closes in', 'Voting is open', 'Already Running', 'Vote for', 'direct ballot', 'Back to group', 'Participants'],
      axe: 'the election page in Arabic',
    });
    await switchToEnglish(omar);
    await expectEnglishPage(omar, ['Candidates', 'Voting is open']);
  });

  it("past its end, the page says 'Counting…' with no ballots, then the result: Amina wins", async () => {
    const topicId = electionUrl.split('/').at(-1)!;
    const topic = (await (await omar.request.get(`${journey.server.baseUrl}/api/topics/${topicId}`)).json()) as { expiresAt: string };
    // Both clocks to a second past the end: the scheduler closes it once the closing grace is behind it too.
    const trip = Date.parse(topic.expiresAt) + 1000 - clock.now().getTime();
    clock.travelDays(trip / 86_400_000);
    await omarContext.clock.fastForward(trip);

    const candidates = region(omar, 'Candidates');
    await candidates.getByText('Counting…').waitFor();
    expect(await candidates.getByRole('button', { name: /^Vote for|^Your vote/ }).count()).toBe(0);
    expect(await candidates.getByText(/^Closes in/).count()).toBe(0);

    await candidates.getByText('Final result').waitFor({ timeout: 30_000 });
    await candidates.getByText('Amina Haddad wins with 1 vote.').waitFor();
    const winner = candidates.getByRole('listitem', { name: 'Candidate Amina Haddad' });
    await winner.getByText('Winner').waitFor();
    await winner.getByText('1 vote · 1 direct ballot').waitFor();
    expect(await candidates.getByRole('listitem', { name: 'Candidate Omar Farouk' }).getByText('Winner').count()).toBe(0);
    expect(await candidates.getByRole('button').count()).toBe(0);
    await omar
      .getByRole('region', { name: /Leadership Election$/ })
      .getByText('Closed', { exact: true })
      .first()
      .waitFor();
    await screenshots.take(omar, 'election-result-en');
    await expectNoAxeViolations(omar, 'the decided election in English');
  });
});
