import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mailedLink } from '../../test-support/mail-folder';
import type { TestServer } from '../../test-support/test-server';
import { expectNoAxeViolations } from './support/axe';
import { launchChromium, newAccount, registerThroughUi, startServerForBrowser } from './support/browser';
import { documentLanguage, expectTextsAbsent, expectTextsPresent } from './support/language';

// Issue #17, item 5: identity verification, feedback, subscriptions, the admin panel's moderation
// tabs and the audit screens in Arabic, right to left, without WCAG violations, and back to the
// spec's English. A member verifies, reports, suggests and subscribes through the sandbox; an
// admin (ADMIN_EMAILS) reviews. Screenshots go under the temp folder, for the record.
const DESKTOP = { width: 1280, height: 900 };
const SCREENSHOTS = join(tmpdir(), 'civitas-arabic-rest');

let server: TestServer;
let browser: Browser;
const memberAccount = newAccount({ firstName: 'Reem', lastName: 'Haddad' });
const adminAccount = newAccount({ firstName: 'Omar', lastName: 'Nasser' });

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServerForBrowser({ env: { PAYMENT_SANDBOX: 'on', ADMIN_EMAILS: adminAccount.email } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Right to left, none of the spec's English `texts`, a screenshot, and no axe violations. */
async function expectArabic(page: Page, name: string, english: string[]) {
  expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  await expectTextsAbsent(page, english);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-ar.png`), fullPage: true });
  await expectNoAxeViolations(page, `${name} in Arabic`);
}

async function switchToArabic(page: Page) {
  await page.getByRole('button', { name: 'العربية' }).click();
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor();
}

async function switchToEnglish(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

describe('verification, feedback, subscriptions, moderation and audit in Arabic, and back', () => {
  let member: Page;
  let admin: Page;

  it('a member verifies, opens the report dialog and sends a suggestion from the dashboard in Arabic', async () => {
    member = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await registerThroughUi(member, server.baseUrl, memberAccount);
    await switchToArabic(member);

    const verifyCard = member.getByRole('region', { name: 'تحقّق من هويتك' });
    await verifyCard.waitFor();
    await member.getByRole('region', { name: 'الترقية إلى الاشتراك المميز' }).getByText('$5 شهريًا').waitFor();
    await expectArabic(member, 'dashboard', ['Verify Your Identity', 'Upgrade to Premium', 'Subscribe Now', 'per month']);

    await verifyCard.getByRole('button', { name: 'تحقّق الآن' }).click();
    const verify = member.getByRole('dialog', { name: 'تحقّق من هويتك' });
    await verify.getByLabel(/^الدولة/).fill('Saudi Arabia');
    await member.getByRole('option', { name: 'Saudi Arabia', exact: true }).click();
    await verify.getByLabel(/^رقم الهوية الوطنية/).fill('1088776655');
    await expectArabic(member, 'verify-dialog', ['National ID / Passport', 'Your national ID stays private']);
    await verify.getByRole('button', { name: 'تحقّق', exact: true }).click();
    await member.getByText('اكتمل التحقق').first().waitFor();
    await member.getByRole('region', { name: 'تم التحقق من الهوية' }).getByText('تم التحقق من جنسيتك (Saudi Arabia).').waitFor();

    await member.getByRole('button', { name: 'تقديم بلاغ' }).click();
    const report = member.getByRole('dialog', { name: 'تقديم بلاغ' });
    await report.getByRole('combobox', { name: /^نوع البلاغ/ }).waitFor();
    await expectArabic(member, 'report-dialog', ['Submit Report', 'Report Type', 'Select a report type', 'Details']);
    await report.getByRole('button', { name: 'إلغاء' }).click();

    await member.getByRole('button', { name: 'مشاركة اقتراح' }).click();
    const suggestion = member.getByRole('dialog', { name: 'شارك اقتراحًا' });
    await suggestion.getByRole('combobox', { name: /^نوع الاقتراح/ }).selectOption({ label: 'ميزة جديدة' });
    await suggestion.getByRole('textbox', { name: /^التفاصيل/ }).fill('عرض الخط الزمني للتصويت على الهاتف.');
    await expectArabic(member, 'suggestion-dialog', ['Share Suggestion', 'Suggestion Type', 'New Feature']);
    await suggestion.getByRole('button', { name: 'إرسال الاقتراح' }).click();
    await member.getByText('أُرسل الاقتراح').first().waitFor();
  });

  it('the member subscribes through the sandbox checkout and reads the subscription tab in Arabic', async () => {
    await member.goto(server.baseUrl + '/subscribe');
    await member.getByRole('heading', { level: 1, name: 'المشاركة المدنية' }).waitFor();
    const monthly = member.getByRole('article', { name: 'المشاركة المدنية (شهري)' });
    await monthly.getByRole('button', { name: 'اشترك (بيئة تجريبية)' }).waitFor();
    await member.getByRole('article', { name: 'المشاركة المدنية (سنوي)' }).getByText('توفّر USD 10 سنويًا').waitFor();
    await expectArabic(member, 'subscribe', ['Civic Participation (monthly)', 'per month', 'Subscribe (sandbox)', 'Sign-up stays free', 'Running as a candidate']);

    await monthly.getByRole('button', { name: 'اشترك (بيئة تجريبية)' }).click();
    await member.waitForURL(/\/checkout\/sandbox\/[^/]+$/);
    await member.getByRole('heading', { level: 1, name: 'الدفع التجريبي' }).waitFor();
    await member.getByText('SAR 18.75').waitFor();
    await expectArabic(member, 'sandbox-checkout', ['Sandbox checkout', 'Sandbox payment — no real money is charged.', 'Amount']);
    await member.getByRole('button', { name: 'ادفع', exact: true }).click();

    await member.waitForURL(/\/subscribe\/return\?/);
    await member.getByRole('heading', { level: 1, name: 'الاشتراك نشط' }).waitFor();
    await member.getByText(/^التجديد القادم: /).waitFor();
    await expectArabic(member, 'subscription-return', ['Subscription active', 'Go to Dashboard', 'Next renewal']);

    await member.goto(server.baseUrl + '/profile?tab=subscription');
    const panel = member.getByRole('tabpanel', { name: 'الاشتراك' });
    await panel.getByRole('button', { name: 'إلغاء الاشتراك' }).waitFor();
    await expectArabic(member, 'subscription-tab', ['Cancel subscription', 'Next renewal', 'Started', 'per month']);
    await panel.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
    const cancel = member.getByRole('dialog', { name: 'هل تريد إلغاء اشتراكك؟' });
    await cancel.waitFor();
    await expectArabic(member, 'cancel-dialog', ['Cancel your subscription?', 'Keep subscription']);
    await cancel.getByRole('button', { name: 'الإبقاء على الاشتراك' }).click();

    await member.getByRole('button', { name: 'التحقق من الجنسيات المتعددة' }).click();
    const nationalities = member.getByRole('dialog', { name: 'التحقق من الجنسية' });
    await nationalities.getByRole('list', { name: 'جنسياتك' }).getByText('موثّق', { exact: true }).waitFor();
    await expectArabic(member, 'nationality-manager', ['Nationality Verification', 'Add a nationality', 'Submit Verification', 'Verified']);
    await nationalities.getByRole('button', { name: 'إغلاق' }).click();
  });

  it('an admin reviews in the admin panel and reads the audit trail and the audit page in Arabic', async () => {
    admin = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await registerThroughUi(admin, server.baseUrl, adminAccount);
    // ADMIN_EMAILS applies once the address is proven.
    await admin.goto(await mailedLink(server.dataDir, adminAccount.email, 'Verify your email'));
    await admin.getByText('Your email address is verified.').waitFor();
    await admin.goto(server.baseUrl + '/');
    await switchToArabic(admin);

    await admin.goto(server.baseUrl + '/admin');
    await admin.getByRole('heading', { level: 1, name: 'لوحة الإدارة' }).waitFor();
    await admin.getByText('لا شيء بانتظارك!').waitFor();
    await expectArabic(admin, 'admin-verifications', ['All Caught Up!', 'No pending verifications to review.']);

    await admin.getByRole('tab', { name: 'الاقتراحات' }).click();
    const item = admin.getByRole('listitem', { name: 'اقتراح: ميزة جديدة' });
    await item.getByText('قيد الانتظار').waitFor();
    await expectArabic(admin, 'admin-suggestions', ['New Feature', 'Pending', 'Submitted', 'Review', 'History']);
    await item.getByRole('button', { name: 'مراجعة' }).click();
    const review = admin.getByRole('dialog', { name: 'مراجعة الاقتراح' });
    await review.getByRole('combobox', { name: /^الأولوية/ }).waitFor();
    await expectArabic(admin, 'review-suggestion', ['Review Suggestion', 'Update Suggestion', 'Select priority', 'Admin Notes']);
    await review.getByRole('button', { name: 'إلغاء' }).click();

    await admin.getByRole('tab', { name: 'الأعضاء' }).click();
    await admin.getByRole('list', { name: 'الأعضاء' }).getByRole('listitem', { name: `العضو: ${memberAccount.firstName} ${memberAccount.lastName}` }).waitFor();
    await expectArabic(admin, 'admin-members', ['Search members', 'Make Admin', 'Joined', 'Ban']);

    await admin.getByRole('tab', { name: 'التدقيق' }).click();
    const trail = admin.getByRole('list', { name: 'سجل التدقيق، الأحدث أولًا' });
    await trail.getByText('أُرسل اقتراح').first().waitFor();
    await expectArabic(admin, 'admin-audit', ['Suggestion submitted', 'Verification approved', 'All kinds', 'Choose a name in the list']);

    await admin.goto(server.baseUrl + '/audit');
    await admin.getByText('لا توجد مواضيع بعد.').waitFor();
    await expectArabic(admin, 'audit-page', ['No topics yet.', 'Loading topics']);
  });

  it('both switch back to English and read the spec texts again', async () => {
    await switchToEnglish(member);
    await member.goto(server.baseUrl + '/profile?tab=subscription');
    await member.getByRole('tabpanel', { name: 'Subscription' }).getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await documentLanguage(member)).toEqual({ dir: 'ltr', lang: 'en' });
    await expectTextsPresent(member, ['Next renewal', 'Civic Participation (monthly)', 'USD 5 / SAR 18.75 / EUR 4.75 per month']);
    await member.goto(server.baseUrl + '/subscribe');
    await member.getByRole('article', { name: 'Civic Participation (yearly)' }).getByText('Saves USD 10 per year').waitFor();
    await expectTextsPresent(member, ['Civic Participation (monthly)', 'per month', 'Running as a candidate']);
    await member.goto(server.baseUrl + '/');
    await member.getByRole('region', { name: 'Premium Active' }).waitFor();
    await member.getByRole('region', { name: 'Identity Verified' }).getByText('Your Saudi Arabia nationality is verified.').waitFor();

    await switchToEnglish(admin);
    await admin.goto(server.baseUrl + '/admin');
    await admin.getByText('All Caught Up!').waitFor();
    await admin.getByRole('tab', { name: 'Suggestions' }).click();
    await admin.getByRole('listitem', { name: 'Suggestion: New Feature' }).getByRole('button', { name: 'Review' }).waitFor();
    await expectTextsPresent(admin, ['New Feature', 'Pending', 'Submitted']);
    await admin.goto(server.baseUrl + '/audit');
    await admin.getByText('No topics yet.').waitFor();
    expect(await documentLanguage(admin)).toEqual({ dir: 'ltr', lang: 'en' });
    await member.context().close();
    await admin.context().close();
  });
});
