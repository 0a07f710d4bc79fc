import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../../test-support/test-server';
import { expectNoAxeViolations } from './support/axe';
import { launchChromium, newAccount, registerThroughUi, startServerForBrowser } from './support/browser';
import { documentLanguage, expectTextsAbsent, expectTextsPresent } from './support/language';

// Issue #17, item 5: the account and administration pages in Arabic (profile, settings, the legal
// pages, the sitemap, sign-out, and the 'not allowed' answer of /admin and /audit), right to left,
// without WCAG violations; then back to the spec's English. Screenshots go under the temp folder.
const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = join(tmpdir(), 'civitas-arabic-account-admin');

interface PageCheck {
  path: string;
  name: string;
  /** The page's level-1 heading in Arabic (a dialog's title for Settings). */
  arabic: { role: 'heading' | 'dialog'; name: string };
  /** Spec texts of the page, gone in Arabic and back in English. */
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
  { path: '/audit', name: 'audit', arabic: { role: 'heading', name: 'غير مسموح' }, english: ['Not Allowed', 'Audit is only open to auditors and administrators'] },
  { path: '/terms', name: 'terms', arabic: { role: 'heading', name: 'شروط الخدمة' }, english: ['Terms of Service', 'Last updated', '1. Acceptance of these terms', '4. Subscriptions and payment'] },
  { path: '/privacy', name: 'privacy', arabic: { role: 'heading', name: 'سياسة الخصوصية' }, english: ['Privacy Policy', 'Last updated', '1. What we collect', '4. Cookies'] },
  { path: '/sitemap', name: 'sitemap', arabic: { role: 'heading', name: 'خريطة الموقع' }, english: ['Sitemap', 'Your family group', 'Subscription plans'] },
  { path: '/logout', name: 'logout', arabic: { role: 'heading', name: 'تسجيل الخروج؟' }, english: ['Sign out?', 'You are signed in as'] },
];

let server: TestServer;
let browser: Browser;
const member = newAccount({ firstName: 'Layla', lastName: 'Mansour' });

async function open(page: Page, path: string) {
  await page.goto(server.baseUrl + path);
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

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServerForBrowser();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('account and administration pages in Arabic, and back', () => {
  it('a member reads profile, settings, legal pages, sitemap, sign-out and the not-allowed pages in Arabic, then in English', async () => {
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await registerThroughUi(page, server.baseUrl, member);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor();

    for (const check of PAGES) {
      await open(page, check.path);
      await waitForArabic(page, check);
      expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });
      await expectTextsAbsent(page, check.english);
      await page.screenshot({ path: join(SCREENSHOTS, `${check.name}-ar.png`), fullPage: true });
      await expectNoAxeViolations(page, `${check.path} in Arabic`);
    }

    // The profile's tabs and the delegations tab, whose counts and dates follow the language.
    await open(page, '/profile');
    await page.getByRole('tab', { name: 'التفويضات' }).click();
    await page.getByText('ليست لديك تفويضات.', { exact: false }).waitFor();
    await expectTextsAbsent(page, ['You have no delegations']);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    for (const check of PAGES) {
      await open(page, check.path);
      await expectTextsPresentSoon(page, check.english);
      expect(await documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en' });
    }
    await page.context().close();
  });
});

/** The page's English texts, once the lazy page has rendered its first one. */
async function expectTextsPresentSoon(page: Page, texts: string[]) {
  await page.getByText(texts[0]!, { exact: false }).first().waitFor();
  await expectTextsPresent(page, texts);
}
