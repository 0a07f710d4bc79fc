import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi } from './support/participation';

// Two citizens of Saudi Arabia, each in a browser context of their own, on one law amendment:
// they chat in the Join Discussion dialog and each sees the other's messages, opinion and vote
// appear over the live socket (/ws), with no reload on either side.
let amina: Page;
let omar: Page;
let topicUrl = '';
/** Chat posts over HTTP, per page: with the socket open there should be none. */
const restChatPosts = new Map<Page, number>();

const SAUDI_ARABIA = 1682;
const TITLE = 'Extend library hours during exams';
const OPINION = 'Keep the central library open until midnight in the two exam weeks.';

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  omar = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  for (const page of [amina, omar]) {
    restChatPosts.set(page, 0);
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/messages') restChatPosts.set(page, restChatPosts.get(page)! + 1);
    });
  }
});

/** Marks the page's document: if it is still marked at the end, nothing was reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveJourneyMark?: boolean }).liveJourneyMark = true;
  });
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveJourneyMark?: boolean }).liveJourneyMark === true);

const chat = (page: Page) => page.getByRole('dialog', { name: 'Live Discussion' });

async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Join Discussion' }).click();
  await chat(page).waitFor();
}

async function say(page: Page, message: string): Promise<void> {
  await chat(page).getByRole('textbox', { name: 'Your message' }).fill(message);
  await chat(page).getByRole('button', { name: 'Send' }).click();
}

const opinionBy = (page: Page, firstName: string) => page.getByRole('article', { name: new RegExp(`^Opinion by ${firstName}`) });

describe('live journey', () => {
  it('two citizens open the same topic, each in a browser of their own', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina' }), {
      citizenOf: { country: 'Saudi Arabia', nationalId: '1077665544' },
      subscribed: true,
      landOn: `/group/${SAUDI_ARABIA}`,
    });
    await amina.getByRole('heading', { level: 1, name: 'Saudi Arabia' }).waitFor();
    await createTopicThroughUi(amina, TITLE, 'Students ask for longer opening hours while they prepare for exams.', 3);
    topicUrl = amina.url();

    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar' }), {
      citizenOf: { country: 'Saudi Arabia', nationalId: '1066554433' },
      landOn: topicUrl,
    });
    await omar.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await markDocument(amina);
    await markDocument(omar);
  });

  it('they chat and each sees the other’s messages as they are sent', async () => {
    await openChat(amina);
    await openChat(omar);
    // The header counts the topic's real participants: so far only its author.
    await chat(amina).getByText('1 participant', { exact: true }).waitFor();

    await say(amina, 'Shall we ask for midnight or 22:00?');
    const onOmar = chat(omar).getByRole('listitem', { name: /^Message from Amina/ });
    await onOmar.getByText('Shall we ask for midnight or 22:00?').waitFor();
    expect(await onOmar.getByText('Just now').isVisible()).toBe(true);

    await say(omar, 'Midnight, the exam weeks are short.');
    await chat(amina)
      .getByRole('listitem', { name: /^Message from Omar/ })
      .getByText('Midnight, the exam weeks are short.')
      .waitFor();
    // Both see the same conversation, in the same order, each with their own messages marked 'You'.
    const aminaLines = await chat(amina).getByRole('listitem').allTextContents();
    const omarLines = await chat(omar).getByRole('listitem').allTextContents();
    expect(aminaLines).toHaveLength(2);
    const time = /Just now|\d+ min ago/;
    expect(aminaLines.map((line) => line.replace(time, ''))).toEqual([
      'AHAmina HaddadYouShall we ask for midnight or 22:00?',
      'OHOmar HaddadMidnight, the exam weeks are short.',
    ]);
    expect(omarLines.map((line) => line.replace(time, ''))).toEqual([
      'AHAmina HaddadShall we ask for midnight or 22:00?',
      'OHOmar HaddadYouMidnight, the exam weeks are short.',
    ]);

    // Both went over the live socket, not the HTTP fallback.
    expect([restChatPosts.get(amina), restChatPosts.get(omar)]).toEqual([0, 0]);

    await chat(amina).getByRole('button', { name: 'Close' }).click();
    await chat(omar).getByRole('button', { name: 'Close' }).click();
  });

  it("Omar's opinion appears on Amina's page, and Amina's vote on Omar's, without reloading", async () => {
    await omar.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await omar.getByRole('button', { name: 'Post Opinion' }).click();
    await omar.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();

    // Amina did nothing: the socket told her page, which read the opinions again.
    await amina.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();

    const aminasSupport = opinionBy(amina, 'Omar').getByRole('button', { name: /^Support/ });
    await aminasSupport.click();
    await amina.waitForFunction(() => document.querySelector('[aria-pressed="true"]') !== null);

    // On Omar's page the support count moves to 1 and the header counts the vote.
    const omarsSupport = opinionBy(omar, 'Omar').getByRole('button', { name: /^Support/ });
    await expect.poll(async () => (await omarsSupport.textContent()) ?? '', { timeout: 15_000 }).toContain('1');
    await omar.getByRole('region', { name: TITLE }).getByText('1 vote cast').waitFor();
    await omar.getByRole('region', { name: TITLE }).getByText('2 participants').waitFor();

    expect(await stillSameDocument(amina)).toBe(true);
    expect(await stillSameDocument(omar)).toBe(true);
  });
});
