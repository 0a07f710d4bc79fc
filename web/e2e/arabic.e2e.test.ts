import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectArabicPage, expectDocumentIn, expectEnglishPage, screenshotFolder, switchToArabic, type ArabicPageChecks } from './support/language';

// Issue #17, item 5: the interface in Arabic, right to left, and back to English. The
// layout is checked where it shows, in the browser: <html dir lang>, which side the header's first
// element sits on, and a screenshot of each page taken for the record (kept under the temp folder).
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** English texts that must not show on a page in Arabic (the pages converted so far). */
const ENGLISH_LANDING = ['Digital democracy for every community', 'Join the conversation', 'Sign In with Email', 'How decisions are made', 'Terms of Service'];

const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-arabic-journey');
const member = newAccount({ firstName: 'Amina', lastName: 'Haddad' });

/** The header's first element (the Civitas home link) and its last: where each sits across the bar. */
async function headerEnds(page: Page) {
  return page.evaluate(() => {
    const toolbar = document.querySelector('header .MuiToolbar-root')!;
    const boxes = [...toolbar.children].map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0);
    const first = boxes[0]!;
    const last = boxes.at(-1)!;
    return { firstCentre: first.left + first.width / 2, lastCentre: last.left + last.width / 2, width: window.innerWidth };
  });
}

async function expectMirroredArabicPage(page: Page, name: string, checks?: ArabicPageChecks) {
  const header = await headerEnds(page);
  // Mirrored: the home link starts the bar on the right, the actions end it on the left.
  expect(header.firstCentre).toBeGreaterThan(header.width / 2);
  expect(header.lastCentre).toBeLessThan(header.firstCentre);
  await expectArabicPage(page, screenshots, name, checks);
}

async function expectLeftToRightPage(page: Page, name: string, englishPresent?: readonly string[]) {
  await expectEnglishPage(page, englishPresent);
  const header = await headerEnds(page);
  expect(header.firstCentre).toBeLessThan(header.width / 2);
  expect(header.lastCentre).toBeGreaterThan(header.firstCentre);
  await screenshots.take(page, name);
}

describe('Arabic, right to left, and back', () => {
  it('a visitor switches the landing page to Arabic from the header; the choice outlives a reload and reaches the 404 page', async () => {
    const page = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await page.goto(journey.server.baseUrl + '/');
    await page.getByRole('button', { name: 'Sign In with Email' }).waitFor();
    await expectLeftToRightPage(page, 'landing-en');

    // A visitor's header has no main navigation (what switchToArabic waits on): the heading says the switch rendered.
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'ديمقراطية رقمية لكل مجتمع' }).waitFor();
    await expectMirroredArabicPage(page, 'landing-ar', { englishAbsent: ENGLISH_LANDING, axe: 'the landing page in Arabic' });

    // The e-mail card in Arabic: its back arrow is mirrored to point right.
    await page.getByRole('button', { name: 'تسجيل الدخول بالبريد الإلكتروني' }).click();
    await page.getByRole('form', { name: 'تسجيل الدخول بالبريد الإلكتروني' }).getByLabel('كلمة المرور').waitFor();
    const arrow = page.getByRole('button', { name: 'العودة إلى خيارات تسجيل الدخول' }).locator('svg');
    expect(await arrow.evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'ديمقراطية رقمية لكل مجتمع' }).waitFor();
    await expectDocumentIn(page, 'ar');

    await page.goto(journey.server.baseUrl + '/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor();
    await expectMirroredArabicPage(page, 'not-found-ar', { englishAbsent: ['Page Not Found'] });
    await page.getByRole('link', { name: 'الذهاب إلى الصفحة الرئيسية' }).click();
    await page.getByRole('heading', { level: 1, name: 'ديمقراطية رقمية لكل مجتمع' }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Digital democracy for every community' }).waitFor();
    await expectLeftToRightPage(page, 'landing-back-en', ENGLISH_LANDING);
    await page.reload();
    await page.getByRole('button', { name: 'Sign In with Email' }).waitFor();
    await expectDocumentIn(page, 'en');
    await page.context().close();
  });

  it('opens in Arabic for a browser whose language is Arabic, on a phone', async () => {
    const page = await (await journey.browser.newContext({ viewport: PHONE, locale: 'ar-SA' })).newPage();
    await page.goto(journey.server.baseUrl + '/');
    await page.getByRole('heading', { level: 1, name: 'ديمقراطية رقمية لكل مجتمع' }).waitFor();
    await expectMirroredArabicPage(page, 'landing-ar-phone', { axe: 'the landing page in Arabic on a phone' });
    await page.context().close();
  });

  it('a member switches to Arabic in the header, and back to English in Settings; the choice is kept', async () => {
    const page = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signUpThroughApi(page, journey.server.baseUrl, member);

    await switchToArabic(page);
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await nav.getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    await nav.getByRole('link', { name: 'ملفي الشخصي' }).waitFor();
    await expectMirroredArabicPage(page, 'dashboard-ar');

    // Settings, where the language is also chosen (a reload on the way: the choice is kept).
    await page.goto(journey.server.baseUrl + '/profile?settings=1');
    const languages = page.getByRole('dialog').getByRole('radiogroup', { name: 'اللغة' });
    await languages.waitFor();
    await screenshots.take(page, 'settings-ar');
    await languages.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('dialog').getByRole('radiogroup', { name: 'Language' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.reload();
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await mainNav.getByRole('link', { name: 'My Profile' }).waitFor();
    await expectLeftToRightPage(page, 'profile-back-en');
    await page.context().close();
  });
});
