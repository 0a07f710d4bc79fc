import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectArabicPage, expectEnglishPage, expectTextsAbsent, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';

// Issue #17, item 5: the account and administration pages in Arabic (profile, settings, the legal
// pages, the sitemap, sign-out, and the 'not allowed' answer of /admin and /audit), right to left,
// without WCAG violations; then back to English. Screenshots go under the temp folder.
const DESKTOP = { width: 1280, height: 800 };

interface PageCheck {
  path: string;
  name: string;
  /** The page's level-1 heading in Arabic (a dialog's title for Settings). */
  arabic: { role: 'heading' | 'dialog'; name: string };
  /** English texts of the page, gone in Arabic and back in English. */
  english: string[];
}

const PAGES: PageCheck[] = [
  {
    path: '/profile',
    name: 'profile',
    arabic: { role: 'heading', name: 'تعديل الملف الشخصي' },
    english: ['Edit Profile', 'Multi-National Verification', 'Topics Created', 'Votes Cast', 'Elections Won', 'Achievements'],
  },
  {
    path: '/profile?settings=1',
    name: 'settings',
    arabic: { role: 'dialog', name: 'الإعدادات' },
    english: ['Change Password', 'Sign out other sessions', 'Email Notifications', 'Download My Data', 'Delete Account'],
  },
  { path: '/admin', name: 'admin', arabic: { role: 'heading', name: 'غير مسموح' }, english: ['Not Allowed', 'The admin panel is only open to administrators'] },
  {
    path: '/audit',
    name: 'audit',
    arabic: { role: 'heading', name: 'غير مسموح' },
    english: ['Not Allowed', 'Audit is only open to auditors and administrators'],
  },
  {
    path: '/terms',
    name: 'terms',
    arabic: { role: 'heading', name: 'شروط الخدمة' },
    english: ['Terms of Service', 'Last updated', '1. Acceptance of these terms', '4. Subscriptions and payment'],
  },
  {
    path: '/privacy',
    name: 'privacy',
    arabic: { role: 'heading', name: 'سياسة الخصوصية' },
    english: ['Privacy Policy', 'Last updated', '1. What we collect', '4. Cookies'],
  },
  { path: '/sitemap', name: 'sitemap', arabic: { role: 'heading', name: 'خريطة الموقع' }, english: ['Sitemap', 'Your family group', 'Subscription plans'] },
  { path: '/logout', name: 'logout', arabic: { role: 'heading', name: 'تسجيل الخروج؟' }, english: ['Sign out?', 'You are signed in as'] },
];

const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-arabic-account-admin');
const member = newAccount({ firstName: 'Layla', lastName: 'Mansour' });
const NATIONAL_ID = 'JO-4-4559812';

/**
 * What the profile header's bidirectional runs say (docs/decisions.md, Bidirectional text and masked
 * ids): the member's English name an isolate whose direction is its own (left to right in an Arabic
 * page), the national id masked to its last four characters as an isolated left-to-right run.
 */
function profileRuns(page: Page) {
  return page.evaluate((fullId) => {
    const name = document.querySelector('main h1 bdi');
    const id = document.querySelector('main [data-national-id]');
    return {
      name: name && { tag: name.tagName, dir: name.getAttribute('dir'), shown: getComputedStyle(name).direction, text: name.textContent },
      id: id && { tag: id.tagName, dir: id.getAttribute('dir'), shown: getComputedStyle(id).direction, text: id.textContent },
      page: getComputedStyle(document.body).direction,
      fullIdShown: (document.body.textContent ?? '').includes(fullId.slice(-7)),
    };
  }, NATIONAL_ID);
}

async function open(page: Page, path: string) {
  await page.goto(journey.server.baseUrl + path);
}

/** Profile's Edit button and Settings' title are not headings: each check waits on what the page shows. */
async function waitForArabic(page: Page, check: PageCheck) {
  if (check.arabic.role === 'dialog') {
    await page.getByRole('dialog', { name: check.arabic.name }).waitFor();
    // The dialog's sections arrive after the account's security is read.
    await page.getByRole('dialog').getByRole('button', { name: 'تغيير كلمة المرور' }).waitFor();
  } else if (check.path === '/profile') {
    await page.getByRole('button', { name: check.arabic.name }).waitFor();
  } else {
    await page.getByRole('heading', { level: 1, name: check.arabic.name }).waitFor();
  }
}

describe('account and administration pages in Arabic, and back', () => {
  it('a member reads profile, settings, legal pages, sitemap, sign-out and the not-allowed pages in Arabic, then in English', async () => {
    const page = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signUpThroughApi(page, journey.server.baseUrl, member, { citizenOf: { country: 'Jordan', nationalId: NATIONAL_ID } });
    await switchToArabic(page);

    // On the Arabic profile, the English name keeps its own direction and the national id shows masked, left to right.
    await open(page, '/profile');
    await page.getByRole('button', { name: 'تعديل الملف الشخصي' }).waitFor();
    expect(await profileRuns(page)).toEqual({
      name: { tag: 'BDI', dir: 'auto', shown: 'ltr', text: 'Layla Mansour' },
      id: { tag: 'BDI', dir: 'ltr', shown: 'ltr', text: '\u2022\u2022\u2022\u2022 9812' },
      page: 'rtl',
      fullIdShown: false,
    });
    // The country in Arabic, not as stored.
    await page.locator('main header').getByText('الأردن', { exact: true }).waitFor();

    for (const check of PAGES) {
      await open(page, check.path);
      await waitForArabic(page, check);
      await expectArabicPage(page, screenshots, `${check.name}-ar`, { englishAbsent: check.english, axe: `${check.path} in Arabic` });
    }

    // The profile's tabs and the delegations tab, whose counts and dates follow the language.
    await open(page, '/profile');
    await page.getByRole('tab', { name: 'التفويضات' }).click();
    await page.getByText('ليست لديك تفويضات.', { exact: false }).waitFor();
    await expectTextsAbsent(page, ['You have no delegations']);

    await switchToEnglish(page);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    for (const check of PAGES) {
      await open(page, check.path);
      // The page is lazy: its first English text says it has rendered.
      await page.getByText(check.english[0]!, { exact: false }).first().waitFor();
      await expectEnglishPage(page, check.english);
    }
    await page.context().close();
  });
});
