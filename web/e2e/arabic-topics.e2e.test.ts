import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectArabicPage, expectEnglishPage, expectTextsAbsent, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';
import { createTopicThroughUi } from './support/participation';

// Issue #17, item 5: a member reads and takes part in a discussion in Arabic — the topic page
// (opinions, votes, chat, delegation), the group's topics and leadership election, its laws — and
// goes back to English. Texts members wrote stay as written. Each step starts where
// the last one ended; screenshots are kept under the temp folder for the record.
const INTERNATIONAL = 7;
const TITLE = 'Shared rules for cross-border trains';
const OPINION = 'One ticket for every border crossing, sold by any of the operators.';

/** The English texts on each page of this area, which must not show in Arabic. */
const ENGLISH_TOPIC_PAGE = [
  'Back to group',
  'Started by',
  'Topic Statistics',
  'Total Opinions',
  'Top Opinion',
  'Other Opinions',
  'Share Your Opinion',
  'Post Opinion',
  'Join Discussion',
  'Weighted:',
  'Vote Delegation',
  'My vote receipt',
  'Law Amendment',
];
const ENGLISH_CHAT = ['Live Discussion', 'No messages yet', 'Your message'];
const ENGLISH_GROUP_PAGE = ['Discussion Topics', 'View Laws', 'Create Topic', 'Leadership Election', 'Start Leadership Election', 'Join Discussion'];
const ENGLISH_LAWS_PAGE = ['Back to group', 'No Laws Enacted Yet', 'When a law amendment'];

const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-arabic-topics-journey');
let page: Page;
let topicUrl = '';

beforeAll(async () => {
  page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage();
});

describe('topics, opinions, votes, chat, elections, delegation and laws in Arabic', () => {
  it('a subscriber opens a topic in the International group and posts an opinion, in English', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, newAccount({ firstName: 'Layla', lastName: 'Nasser' }), {
      subscribed: true,
      landOn: `/group/${INTERNATIONAL}`,
    });
    await page.getByRole('heading', { level: 2, name: 'Discussion Topics' }).waitFor();
    await createTopicThroughUi(page, TITLE, 'Travellers buy three tickets for one journey across two borders today.');
    topicUrl = page.url();
    await page.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await page.getByRole('button', { name: 'Post Opinion' }).click();
    await page.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();
  });

  it('switches to Arabic on the topic page: the discussion, its votes and the delegation card, mirrored', async () => {
    await switchToArabic(page);
    const top = page.getByRole('region', { name: 'الرأي الأبرز' });
    await top.getByText(OPINION).waitFor();
    // What members wrote stays as written; the interface around it is Arabic.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    for (const name of ['إحصاءات الموضوع', 'آراء أخرى', 'شارك برأيك', 'تفويض التصويت']) await page.getByRole('region', { name }).waitFor();
    await page.getByRole('button', { name: 'نشر الرأي' }).waitFor();
    await expectArabicPage(page, screenshots, 'topic-ar', { englishAbsent: ENGLISH_TOPIC_PAGE, axe: 'the topic page in Arabic' });
    // The way back points right, as 'back' does in a right-to-left layout.
    const arrow = page.getByRole('link', { name: 'العودة إلى المجموعة' }).locator('svg');
    expect(await arrow.evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    const support = top.getByRole('article', { name: /^رأي \u2068?Layla Nasser\u2069?$/ }).getByRole('button', { name: /^تأييد/ });
    await support.click();
    await page.getByText('سُجّل الصوت').first().waitFor();
    expect(await support.getAttribute('aria-pressed')).toBe('true');
    expect(await support.textContent()).toBe('تأييد 1');
  });

  it('chats in Arabic: the dialog, its composer and the message', async () => {
    await page.getByRole('button', { name: 'انضم إلى النقاش' }).click();
    const chat = page.getByRole('dialog', { name: 'النقاش المباشر' });
    await chat.getByText('لا توجد رسائل بعد. ابدأ المحادثة!').waitFor();
    await chat.getByText('مشارك واحد').waitFor();
    await expectTextsAbsent(page, ENGLISH_CHAT);
    await expectNoAxeViolations(page, 'the chat dialog in Arabic');
    await chat.getByRole('textbox', { name: 'رسالتك' }).fill('مرحبًا بالجميع');
    await chat.getByRole('button', { name: 'إرسال' }).click();
    await chat
      .getByRole('log', { name: 'رسائل الدردشة' })
      .getByRole('listitem', { name: /^رسالة من \u2068?Layla Nasser\u2069?$/ })
      .getByText('مرحبًا بالجميع')
      .waitFor();
    await chat.getByRole('button', { name: 'إغلاق' }).click();
    await chat.waitFor({ state: 'hidden' });
  });

  it("shows the group's topics, its leadership election and the create dialog in Arabic", async () => {
    await page.getByRole('link', { name: 'العودة إلى المجموعة' }).click();
    await page.getByRole('heading', { level: 2, name: 'مواضيع النقاش' }).waitFor();
    await page.getByRole('region', { name: 'انتخابات القيادة' }).getByRole('button', { name: 'بدء انتخابات القيادة' }).waitFor();
    await page.getByRole('article', { name: TITLE }).getByText('تعديل قانون').waitFor();
    await expectArabicPage(page, screenshots, 'group-ar', { englishAbsent: ENGLISH_GROUP_PAGE, axe: 'the group page in Arabic' });

    await page.getByRole('button', { name: 'إنشاء موضوع' }).click();
    const dialog = page.getByRole('dialog', { name: 'إنشاء موضوع جديد' });
    await dialog.getByText('من 1 إلى 30 يومًا.').waitFor();
    await expectNoAxeViolations(page, 'the create topic dialog in Arabic');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("shows the group's laws in Arabic", async () => {
    await page.getByRole('link', { name: 'عرض القوانين' }).click();
    await page.getByRole('heading', { level: 2, name: 'لم تُسنّ أي قوانين بعد' }).waitFor();
    await page.getByRole('heading', { level: 1, name: /^قوانين / }).waitFor();
    await expectArabicPage(page, screenshots, 'laws-ar', { englishAbsent: ENGLISH_LAWS_PAGE, axe: 'the laws page in Arabic' });
  });

  it('goes back to English: the English texts return', async () => {
    await page.goto(topicUrl);
    await page.getByRole('region', { name: 'الرأي الأبرز' }).waitFor();
    await switchToEnglish(page);
    await page.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();
    await expectEnglishPage(page, ENGLISH_TOPIC_PAGE);
    expect(
      await page
        .getByRole('button', { name: /^Support/ })
        .first()
        .textContent(),
    ).toBe('Support 1');
    await screenshots.take(page, 'topic-back-en');
  });
});
