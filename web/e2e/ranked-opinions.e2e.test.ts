import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, postFromPage, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV } from './support/clock';
import { expectArabicPage, expectDocumentIn, screenshotFolder, switchToArabic } from './support/language';
import { isolated, region, rowNames, tableText, toastText } from './support/page-parts';

// Issue #34 item 2: a law amendment decided among its opinions, from opening to the law. Amina opens
// one in International, ranked against no change (Schulze), and posts "lower the limit"; Omar posts
// "speed bumps". Karim delegates to Omar. Amina ranks with the pointer (her opinion, No change, the
// bumps), Omar with the keyboard alone (bumps, her opinion, No change), Layla on a phone in Arabic
// (bumps, Amina's, No change). Amina's ballot is there after a reload. The Results card names the
// bumps the leader; past the end the server closes it: the bumps are enacted, with each opinion
// against No change, the pairwise matrix and the strongest paths as tables, in English and Arabic,
// with no WCAG violations.
//
// Weights (Karim's goes with Omar's ballot): Amina 1, Omar 2, Layla 1. Options [No change, lower,
// bumps]. Lower over No change 4 to 0; bumps over No change 3 to 1 (Amina puts No change above them);
// bumps over lower 3 to 1 (Amina alone prefers hers). The bumps beat both, and No change head to head.
let omarContext: BrowserContext;
let amina: Page;
let omar: Page;
let layla: Page;
let karim: Page;
const clock = new ServerClock();
const screenshots = screenshotFolder('civitas-ranked-opinions');

const INTERNATIONAL = 7;
const PHONE = { width: 390, height: 844 };
const TITLE = 'Safer streets near schools';
const LOWER = 'Lower the limit to 30 km/h near schools, all day.';
const BUMPS = 'Speed bumps at every school gate';
let topicUrl = '';
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

// The options' names: an opinion's first six words and its author.
const LOWER_NAME = '“Lower the limit to 30 km/h…” by Amina Haddad';
const BUMPS_NAME = `“${BUMPS}” by Omar Farouk`;
const LOWER_AR = `«${isolated('Lower the limit to 30 km/h…')}» بقلم ${isolated('Amina Haddad')}`;
const BUMPS_AR = `«${isolated(BUMPS)}» بقلم ${isolated('Omar Farouk')}`;

describe('ranked opinions journey', () => {
  it('four subscribers take part in the International group', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }), { subscribed: true });
    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar', lastName: 'Farouk' }), { subscribed: true });
    // Her page is in Arabic: no English dashboard greeting to wait for.
    await signUpThroughApi(layla, journey.server.baseUrl, newAccount({ firstName: 'Layla', lastName: 'Nasser' }), { subscribed: true, landOn: null });
    await signUpThroughApi(karim, journey.server.baseUrl, newAccount({ firstName: 'Karim', lastName: 'Said' }), { subscribed: true });
  });

  it('Amina opens a law amendment ranked against no change, and posts her opinion', async () => {
    await amina.goto(`${journey.server.baseUrl}/group/${INTERNATIONAL}`);
    await region(amina, 'Discussion Topics').getByRole('button', { name: 'Create Topic' }).click();
    const dialog = amina.getByRole('dialog', { name: 'Create New Topic' });
    expect(await dialog.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('law_amendment');
    const methods = dialog.getByRole('group', { name: 'How the opinions are decided' });
    expect(await methods.getByRole('radio', { name: 'Support and oppose each opinion' }).isChecked()).toBe(true);
    await methods.getByRole('radio', { name: 'Rank the opinions against no change (Schulze)' }).check();
    await dialog.getByLabel(/^Title/).fill(TITLE);
    await dialog.getByLabel(/^Description/).fill('Children walk to school along busy roads. Which change, if any, do we make?');
    await expectNoAxeViolations(amina, 'the create topic dialog with the law method');
    await dialog.getByRole('button', { name: 'Create Topic' }).click();
    await toastText(amina, 'Topic created successfully!');
    await amina.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
    topicUrl = amina.url();
    topicId = topicUrl.split('/').at(-1)!;

    await region(amina, 'Results').getByText('Ranked against No change, counted by the Schulze method').waitFor();
    await region(amina, 'Your ranking').getByText('No opinions yet. Once members post them, you rank them here against No change.').waitFor();
    await amina.getByRole('textbox', { name: 'Your opinion' }).fill(LOWER);
    await amina.getByRole('button', { name: 'Post Opinion' }).click();
    await toastText(amina, 'Opinion posted');
  });

  it('Omar posts his; Karim delegates his vote in International to Omar', async () => {
    await omar.goto(topicUrl);
    expect((await postFromPage(omar, '/api/opinions', { topicId, content: BUMPS })).status).toBe(201);
    const omarId = ((await (await omar.request.get(`${journey.server.baseUrl}/api/auth/user`)).json()) as { id: string }).id;
    await karim.goto(topicUrl);
    const delegation = await postFromPage(karim, '/api/delegations', { delegateId: omarId, groupId: INTERNATIONAL });
    expect(delegation.status, JSON.stringify(delegation.body)).toBeLessThan(300);
  });

  it('the opinions take no support or oppose; Amina ranks hers, No change, then the bumps, and casts', async () => {
    await amina.reload();
    const list = region(amina, 'Opinions');
    await list.getByRole('article', { name: 'Opinion by Omar Farouk' }).waitFor();
    expect(await list.getByRole('button', { name: /Support|Oppose/ }).count()).toBe(0);
    expect(await region(amina, 'Top Opinion').count()).toBe(0);

    const ballot = region(amina, 'Your ranking').getByRole('form', { name: 'Your ranked ballot' });
    await ballot.getByRole('button', { name: `Add to ranking: ${BUMPS_NAME}` }).waitFor();
    // Her opinion's name is its first words: its whole text unfolds under it.
    await ballot.getByText('Full text').click();
    await ballot.getByText(LOWER).waitFor();
    await ballot.getByRole('button', { name: `Add to ranking: ${LOWER_NAME}` }).click();
    await ballot.getByRole('button', { name: 'Add to ranking: No change' }).click();
    await ballot.getByRole('button', { name: `Add to ranking: ${BUMPS_NAME}` }).click();
    await ballot.getByText(`${BUMPS_NAME} added at rank 3 of 3.`).waitFor();
    expect(await rowNames(ballot)).toEqual([`Rank 1: ${LOWER_NAME}`, 'Rank 2: No change', `Rank 3: ${BUMPS_NAME}`]);
    await ballot.getByRole('button', { name: 'Cast ballot' }).click();
    await toastText(amina, 'Ballot cast');
    await ballot.getByText('Your changes are not cast yet.').waitFor({ state: 'hidden' });
    await expectNoAxeViolations(amina, 'the ranking of opinions in English');

    // The result read gives her own ranking: after a reload the ballot starts from it.
    await amina.reload();
    const again = region(amina, 'Your ranking').getByRole('form', { name: 'Your ranked ballot' });
    await again.getByRole('list', { name: 'Your ranking' }).getByRole('listitem').first().waitFor();
    expect(await rowNames(again)).toEqual([`Rank 1: ${LOWER_NAME}`, 'Rank 2: No change', `Rank 3: ${BUMPS_NAME}`]);
    expect(await again.getByText('Your changes are not cast yet.').count()).toBe(0);
  });

  it('Omar ranks with the keyboard alone: the bumps, her opinion, No change', async () => {
    await omar.reload();
    const ballot = region(omar, 'Your ranking').getByRole('form', { name: 'Your ranked ballot' });
    await ballot.getByRole('button', { name: `Add to ranking: ${BUMPS_NAME}` }).focus();
    // Adding moves the focus on to the next option not ranked (the one before, at the end of the list).
    await omar.keyboard.press('Enter');
    await ballot.getByText(`${BUMPS_NAME} added at rank 1 of 1.`).waitFor();
    await omar.keyboard.press('Enter');
    await ballot.getByText(`${LOWER_NAME} added at rank 2 of 2.`).waitFor();
    await omar.keyboard.press('Space');
    await ballot.getByText('No change added at rank 3 of 3.').waitFor();
    expect(await rowNames(ballot)).toEqual([`Rank 1: ${BUMPS_NAME}`, `Rank 2: ${LOWER_NAME}`, 'Rank 3: No change']);
    await ballot.getByRole('button', { name: 'Cast ballot' }).focus();
    await omar.keyboard.press('Enter');
    await toastText(omar, 'Ballot cast');
  });

  it('Layla ranks on a phone in Arabic: the bumps, Amina’s, No change; nothing runs off the side', async () => {
    await layla.goto(topicUrl);
    await expectDocumentIn(layla, 'ar');
    const ballot = region(layla, 'ترتيبك').getByRole('form', { name: 'ورقة اقتراعك بالترتيب' });
    for (const name of [isolated(BUMPS_AR), isolated(LOWER_AR), 'بلا تغيير']) {
      await ballot.getByRole('button', { name: `إضافة إلى الترتيب: ${name}` }).click();
    }
    expect(await rowNames(ballot, 'ترتيبك')).toEqual([`المرتبة 1: ${isolated(BUMPS_AR)}`, `المرتبة 2: ${isolated(LOWER_AR)}`, 'المرتبة 3: بلا تغيير']);
    expect(await layla.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await ballot.getByRole('button', { name: 'أدلِ بصوتك' }).click();
    await toastText(layla, 'أُدلي بالصوت');
    await expectArabicPage(layla, screenshots, 'ranked-opinions-ballot-ar-phone', {
      englishAbsent: ['Your ranking', 'Move up', 'Add to ranking', 'Cast ballot', 'Results', 'No change'],
      axe: 'the ranking of opinions in Arabic on a phone',
    });
  });

  it('while open, the Results card names the bumps the leader, each opinion against No change', async () => {
    await omar.reload();
    const results = region(omar, 'Results');
    await results.getByText('The count so far').waitFor();
    await results.getByText(`Leading now: ${BUMPS_NAME}.`).waitFor({ timeout: 15_000 });
    await results.getByText('3 direct ballots, weighing 4 with delegation.').waitFor();
    expect(await tableText(results.getByRole('table', { name: /^Against No change/ }))).toEqual([
      ['Opinion', 'Above No change (with delegation)', 'Below No change (with delegation)', 'Direct ballots above', 'Direct ballots below'],
      [LOWER_NAME, '4', '0', '3', '0'],
      [`${BUMPS_NAME}Leading`, '3', '1', '2', '1'],
    ]);
  });

  it('past its end the server decides it: the bumps are enacted, with the pairwise matrix and the strongest paths', async () => {
    const topic = (await (await omar.request.get(`${journey.server.baseUrl}/api/topics/${topicId}`)).json()) as { expiresAt: string };
    const trip = Date.parse(topic.expiresAt) + 1000 - clock.now().getTime();
    clock.travelDays(trip / 86_400_000);
    await omarContext.clock.fastForward(trip);

    const results = region(omar, 'Results');
    await results.getByText('Final result').waitFor({ timeout: 30_000 });
    await results.getByText(`Enacted: ${BUMPS_NAME}.`).waitFor();
    const pairwise = results.getByRole('table', { name: /^Head to head: each number is the weight of ballots that prefer the row's option to the column's\./ });
    expect(await tableText(pairwise)).toEqual([
      ['No change', LOWER_NAME, BUMPS_NAME],
      ['No change', '—', '0', '1'],
      [LOWER_NAME, '4', '—', '1'],
      [BUMPS_NAME, '3', '3', '—'],
    ]);
    const paths = results.getByRole('table', { name: /^Strongest paths \(Schulze\)/ });
    expect(await tableText(paths)).toEqual([
      ['No change', LOWER_NAME, BUMPS_NAME],
      ['No change', '—', '0', '0'],
      [LOWER_NAME, '4', '—', '0'],
      [BUMPS_NAME, '3', '3', '—'],
    ]);
    expect(await tableText(results.getByRole('table', { name: /^Against No change/ }))).toEqual([
      ['Opinion', 'Above No change (with delegation)', 'Below No change (with delegation)', 'Direct ballots above', 'Direct ballots below'],
      [LOWER_NAME, '4', '0', '3', '0'],
      [`${BUMPS_NAME}Enacted`, '3', '1', '2', '1'],
    ]);
    // The ballot is gone with the vote: the topic is closed.
    await region(omar, 'Your ranking').getByText('This topic is closed. New opinions and votes are no longer accepted.').waitFor();
    await screenshots.take(omar, 'ranked-opinions-result-en');
    await expectNoAxeViolations(omar, 'the decided law among its opinions in English');
  });

  it('the same result in Arabic, right to left, with no WCAG violations', async () => {
    await switchToArabic(omar);
    const results = region(omar, 'النتائج');
    await results.getByText('النتيجة النهائية').waitFor();
    await results.getByText(`أُقرّ: ${isolated(BUMPS_AR)}.`).waitFor();
    const pairwise = results.getByRole('table', { name: /^المواجهات الثنائية/ });
    expect((await tableText(pairwise))[1]).toEqual(['بلا تغيير', '—', '0', '1']);
    await expectArabicPage(omar, screenshots, 'ranked-opinions-result-ar', {
      englishAbsent: ['Results', 'Final result', 'Enacted:', 'Head to head', 'Strongest paths', 'No change', 'Your ranking'],
      axe: 'the decided law among its opinions in Arabic',
    });
  });
});
