import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, postFromPage, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV } from './support/clock';
import { expectArabicPage, expectDocumentIn, screenshotFolder, switchToArabic } from './support/language';
import { isolated, rankedRows, region, rowNames, tableText, toastText } from './support/page-parts';

// Issue #34 items 1, 5 and 6: a ranked election from opening to result. Amina opens the International
// leadership election counted by the Schulze method; she, Omar and Layla stand. Karim delegates to
// Omar. Amina ranks with the pointer (herself first, Omar and Layla tied), Omar with the keyboard
// alone (himself, Layla, Amina), Layla on a phone in Arabic (herself, Omar, Amina). Her ballot shows
// as cast after a reload. The Results card names Omar the leader; past the end the server decides
// it: Omar wins, with the pairwise matrix and strongest paths as tables, in English and in Arabic,
// with no WCAG violations.
//
// Weights (Karim's goes with Omar's ballot): Amina 1, Omar 2, Layla 1. Head to head, in registration
// order (Amina, Omar, Layla): Omar over Amina 3 to 1, Omar over Layla 2 to 1 (Amina ties them), Layla
// over Amina 3 to 1. Omar beats both: the Schulze winner.
let omarContext: BrowserContext;
let amina: Page;
let omar: Page;
let layla: Page;
let karim: Page;
const clock = new ServerClock();
const screenshots = screenshotFolder('civitas-election-methods');

const INTERNATIONAL = 7;
const PHONE = { width: 390, height: 844 };
let electionUrl = '';
let topicId = '';

const journey = startServerAndBrowserForFile({ now: clock.now, env: TIME_TRAVEL_ENV });

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  omarContext = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Omar's browser keeps a clock the journey moves with the server's (real speed until then).
  await omarContext.clock.install();
  omar = await omarContext.newPage();
  // Layla's phone is in Arabic: the app opens in her browser's language.
  layla = await (await journey.browser.newContext({ viewport: PHONE, locale: 'ar-SA' })).newPage();
  karim = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const candidatesOf = async (page: Page) =>
  (await (await page.request.get(`${journey.server.baseUrl}/api/topics/${topicId}/candidates`)).json()) as {
    id: string;
    userId: string;
    user: { firstName: string };
  }[];

describe('election methods journey', () => {
  it('four subscribers take part in the International group', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }), { subscribed: true });
    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar', lastName: 'Farouk' }), { subscribed: true });
    // Her page is in Arabic: no English dashboard greeting to wait for.
    await signUpThroughApi(layla, journey.server.baseUrl, newAccount({ firstName: 'Layla', lastName: 'Nasser' }), { subscribed: true, landOn: null });
    await signUpThroughApi(karim, journey.server.baseUrl, newAccount({ firstName: 'Karim', lastName: 'Said' }), { subscribed: true });
  });

  it('Amina opens the leadership election counted by the Schulze method, and stands in it', async () => {
    await amina.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    const card = region(amina, 'Leadership Election');
    await card.getByRole('button', { name: 'Start Leadership Election' }).click();
    const ask = amina.getByRole('dialog', { name: 'Start a leadership election in International?' });
    const methods = ask.getByRole('group', { name: 'Counting method' });
    expect(await methods.getByRole('radio', { name: 'One candidate (plurality)' }).isChecked()).toBe(true);
    await methods.getByRole('radio', { name: 'Ranked (Schulze)' }).check();
    await expectNoAxeViolations(amina, 'the start election dialog');
    await ask.getByRole('button', { name: 'Start Election' }).click();
    await toastText(amina, 'Main Election Created!');
    await card.getByRole('link', { name: 'Join Election' }).click();
    await amina.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
    electionUrl = amina.url();
    topicId = electionUrl.split('/').at(-1)!;

    const candidates = region(amina, 'Candidates');
    await candidates.getByText('Ranked ballot, counted by the Schulze method').waitFor();
    await candidates.getByRole('button', { name: 'Run for Election' }).click();
    await candidates.getByRole('button', { name: 'Register Candidacy' }).click();
    await toastText(amina, 'Candidacy Registered!');
  });

  it('Omar and Layla stand; Karim delegates his vote in International to Omar', async () => {
    for (const page of [omar, layla]) {
      await page.goto(electionUrl);
      expect((await postFromPage(page, '/api/candidates', { topicId })).status).toBe(201);
    }
    const omarId = (await candidatesOf(omar)).find((candidate) => candidate.user.firstName === 'Omar')!.userId;
    await karim.goto(electionUrl);
    const delegation = await postFromPage(karim, '/api/delegations', { delegateId: omarId, groupId: INTERNATIONAL });
    expect(delegation.status, JSON.stringify(delegation.body)).toBeLessThan(300);
  });

  it('Amina ranks herself first and ties Omar and Layla, then casts; her ballot is there after a reload', async () => {
    await amina.reload();
    const ballot = region(amina, 'Candidates').getByRole('form', { name: 'Your ranked ballot' });
    await ballot.getByRole('button', { name: 'Add to ranking: Layla Nasser' }).waitFor();
    await ballot.getByRole('button', { name: 'Add to ranking: Amina Haddad' }).click();
    await ballot.getByRole('button', { name: 'Add to ranking: Omar Farouk' }).click();
    await ballot.getByRole('button', { name: 'Add to ranking: Layla Nasser' }).click();
    await ballot.getByRole('button', { name: 'Tie with the one above: Layla Nasser' }).click();
    await ballot.getByText('Layla Nasser is tied at rank 2 with Omar Farouk.').waitFor();
    expect(await rowNames(ballot)).toEqual(['Rank 1: Amina Haddad', 'Rank 2: Omar Farouk', 'Rank 2, tied: Layla Nasser']);
    await ballot.getByRole('button', { name: 'Cast ballot' }).click();
    await toastText(amina, 'Ballot cast');
    await expectNoAxeViolations(amina, 'the ranked ballot in English');

    await amina.reload();
    const again = region(amina, 'Candidates').getByRole('form', { name: 'Your ranked ballot' });
    await rankedRows(again, 'Your ranking').first().waitFor();
    expect(await rowNames(again)).toEqual(['Rank 1: Amina Haddad', 'Rank 2: Omar Farouk', 'Rank 2, tied: Layla Nasser']);
    expect(await again.getByText('Your changes are not cast yet.').count()).toBe(0);
  });

  it('Omar ranks with the keyboard alone: himself, Layla, Amina', async () => {
    await omar.goto(electionUrl);
    const ballot = region(omar, 'Candidates').getByRole('form', { name: 'Your ranked ballot' });
    await ballot.getByRole('button', { name: 'Add to ranking: Omar Farouk' }).focus();
    // Adding moves the focus on to the next candidate not ranked: Enter three times ranks all three.
    await omar.keyboard.press('Enter');
    await ballot.getByText('Omar Farouk added at rank 1 of 1.').waitFor();
    await omar.keyboard.press('Enter');
    await ballot.getByText('Layla Nasser added at rank 2 of 2.').waitFor();
    await omar.keyboard.press('Space');
    await ballot.getByText('Amina Haddad added at rank 3 of 3.').waitFor();
    expect(await rowNames(ballot)).toEqual(['Rank 1: Omar Farouk', 'Rank 2: Layla Nasser', 'Rank 3: Amina Haddad']);
    // A wrong move and back, by keyboard: the focus stays on the same candidate's button.
    await ballot.getByRole('button', { name: 'Move up: Amina Haddad' }).focus();
    await omar.keyboard.press('Enter');
    await ballot.getByText('Amina Haddad is now rank 2 of 3.').waitFor();
    expect(await omar.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move up: Amina Haddad');
    await omar.keyboard.press('Tab');
    expect(await omar.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move down: Amina Haddad');
    await omar.keyboard.press('Enter');
    await ballot.getByText('Amina Haddad is now rank 3 of 3.').waitFor();
    await ballot.getByRole('button', { name: 'Cast ballot' }).focus();
    await omar.keyboard.press('Enter');
    await toastText(omar, 'Ballot cast');
  });

  it('Layla ranks on a phone in Arabic: herself, Omar, Amina; nothing runs off the side', async () => {
    await layla.goto(electionUrl);
    await expectDocumentIn(layla, 'ar');
    const ballot = region(layla, 'المرشحون').getByRole('form', { name: 'ورقة اقتراعك بالترتيب' });
    for (const name of ['Layla Nasser', 'Omar Farouk', 'Amina Haddad']) {
      await ballot.getByRole('button', { name: `إضافة إلى الترتيب: ${isolated(name)}` }).click();
    }
    expect(await rowNames(ballot, 'ترتيبك')).toEqual([
      `المرتبة 1: ${isolated('Layla Nasser')}`,
      `المرتبة 2: ${isolated('Omar Farouk')}`,
      `المرتبة 3: ${isolated('Amina Haddad')}`,
    ]);
    expect(await layla.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await ballot.getByRole('button', { name: 'أدلِ بصوتك' }).click();
    await toastText(layla, 'أُدلي بالصوت');
    await expectArabicPage(layla, screenshots, 'ranked-ballot-ar-phone', {
      englishAbsent: ['Your ranked ballot', 'Move up', 'Add to ranking', 'Cast ballot', 'Results', 'Ranked ballot'],
      axe: 'the ranked ballot in Arabic on a phone',
    });
  });

  it('while open, the Results card names Omar the leader, with the first preferences and the matrix', async () => {
    await omar.reload();
    const results = region(omar, 'Results');
    await results.getByText('The count so far').waitFor();
    await results.getByText('Leading now: Omar Farouk.').waitFor({ timeout: 15_000 });
    await results.getByText('3 direct ballots, weighing 4 with delegation.').waitFor();
    expect(await tableText(results.getByRole('table', { name: /^First preferences/ }))).toEqual([
      ['Candidate', 'First preferences (with delegation)', 'Direct first preferences'],
      ['Amina Haddad', '1', '1'],
      ['Omar FaroukLeading', '2', '1'],
      ['Layla Nasser', '1', '1'],
    ]);
  });

  it('past its end the server decides it: Omar wins, with the pairwise matrix and the strongest paths', async () => {
    const topic = (await (await omar.request.get(`${journey.server.baseUrl}/api/topics/${topicId}`)).json()) as { expiresAt: string };
    const trip = Date.parse(topic.expiresAt) + 1000 - clock.now().getTime();
    clock.travelDays(trip / 86_400_000);
    await omarContext.clock.fastForward(trip);

    const results = region(omar, 'Results');
    await results.getByText('Final result').waitFor({ timeout: 30_000 });
    await results.getByText('Winner: Omar Farouk.').waitFor();
    await region(omar, 'Candidates').getByText('Omar Farouk wins: no other candidate beats them by the Schulze method.').waitFor();
    const pairwise = results.getByRole('table', {
      name: /^Head to head: each number is the weight of ballots that prefer the row's candidate to the column's\./,
    });
    expect(await tableText(pairwise)).toEqual([
      ['Amina Haddad', 'Omar Farouk', 'Layla Nasser'],
      ['Amina Haddad', '—', '1', '1'],
      ['Omar Farouk', '3', '—', '2'],
      ['Layla Nasser', '3', '1', '—'],
    ]);
    const paths = results.getByRole('table', { name: /^Strongest paths \(Schulze\)/ });
    expect(await tableText(paths)).toEqual([
      ['Amina Haddad', 'Omar Farouk', 'Layla Nasser'],
      ['Amina Haddad', '—', '0', '0'],
      ['Omar Farouk', '3', '—', '2'],
      ['Layla Nasser', '3', '0', '—'],
    ]);
    expect(await results.getByText(/earliest registration/).count()).toBe(0);
    await screenshots.take(omar, 'ranked-result-en');
    await expectNoAxeViolations(omar, 'the decided ranked election in English');
  });

  it('the same result in Arabic, right to left, with no WCAG violations', async () => {
    await switchToArabic(omar);
    const results = region(omar, 'النتائج');
    await results.getByText('النتيجة النهائية').waitFor();
    await results.getByText(`الفائز: ${isolated('Omar Farouk')}.`).waitFor();
    const pairwise = results.getByRole('table', { name: /^المواجهات الثنائية/ });
    expect((await tableText(pairwise))[2]).toEqual(['Omar Farouk', '3', '—', '2']);
    await expectArabicPage(omar, screenshots, 'ranked-result-ar', {
      englishAbsent: ['Results', 'Final result', 'Winner:', 'Head to head', 'Strongest paths', 'First preferences', 'Ranked ballot'],
      axe: 'the decided ranked election in Arabic',
    });
  });
});
