import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import {
  expectArabicPage,
  expectDocumentIn,
  expectEnglishPage,
  expectTextsPresent,
  screenshotFolder,
  switchToArabic,
  switchToEnglish,
} from './support/language';

// Issue #17, item 5: identity verification, feedback, subscriptions, the admin panel's moderation
// tabs and the audit screens in Arabic, right to left, without WCAG violations, and back to
// English. A member verifies, reports, suggests and subscribes through the sandbox; an
// admin (ADMIN_EMAILS) reviews. Screenshots go under the temp folder, for the record.
const DESKTOP = { width: 1280, height: 900 };
const memberAccount = newAccount({ firstName: 'Reem', lastName: 'Haddad' });
const adminAccount = newAccount({ firstName: 'Omar', lastName: 'Nasser' });
const journey = startServerAndBrowserForFile({ env: { PAYMENT_SANDBOX: 'on', ADMIN_EMAILS: adminAccount.email } });
const screenshots = screenshotFolder('civitas-arabic-rest');

describe('verification, feedback, subscriptions, moderation and audit in Arabic, and back', () => {
  let member: Page;
  let admin: Page;

  it('a member verifies, opens the report dialog and sends a suggestion from the dashboard in Arabic', async () => {
    member = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signUpThroughApi(member, journey.server.baseUrl, memberAccount);
    await switchToArabic(member);

    const verifyCard = member.getByRole('region', { name: 'تحقّق من هويتك' });
    await verifyCard.waitFor();
    await member.getByRole('region', { name: 'الترقية إلى الاشتراك المميز' }).getByText('$5 شهريًا').waitFor();
    await expectArabicPage(member, screenshots, 'dashboard-ar', {
      englishAbsent: ['Verify Your Identity', 'Upgrade to Premium', 'Subscribe Now', 'per month'],
      axe: 'the dashboard in Arabic',
    });

    await verifyCard.getByRole('button', { name: 'تحقّق الآن' }).click();
    const verify = member.getByRole('dialog', { name: 'تحقّق من هويتك' });
    // Countries are named in Arabic (Intl.DisplayNames; docs/decisions.md, Bidirectional text and masked ids).
    await verify.getByLabel(/^الدولة/).fill('السعودية');
    await member.getByRole('option', { name: 'المملكة العربية السعودية', exact: true }).click();
    await verify.getByLabel(/^رقم الهوية الوطنية/).fill('1088776655');
    await expectArabicPage(member, screenshots, 'verify-dialog-ar', {
      englishAbsent: ['National ID / Passport', 'Your national ID stays private'],
      axe: 'the verify dialog in Arabic',
    });
    await verify.getByRole('button', { name: 'تحقّق', exact: true }).click();
    await member.getByText('اكتمل التحقق').first().waitFor();
    await member.getByRole('region', { name: 'تم التحقق من الهوية' }).getByText('تم التحقق من جنسيتك (المملكة العربية السعودية).').waitFor();

    await member.getByRole('button', { name: 'تقديم بلاغ' }).click();
    const report = member.getByRole('dialog', { name: 'تقديم بلاغ' });
    await report.getByRole('combobox', { name: /^نوع البلاغ/ }).waitFor();
    await expectArabicPage(member, screenshots, 'report-dialog-ar', {
      englishAbsent: ['Submit Report', 'Report Type', 'Select a report type', 'Details'],
      axe: 'the report dialog in Arabic',
    });
    await report.getByRole('button', { name: 'إلغاء' }).click();

    await member.getByRole('button', { name: 'مشاركة اقتراح' }).click();
    const suggestion = member.getByRole('dialog', { name: 'شارك اقتراحًا' });
    await suggestion.getByRole('combobox', { name: /^نوع الاقتراح/ }).selectOption({ label: 'ميزة جديدة' });
    await suggestion.getByRole('textbox', { name: /^التفاصيل/ }).fill('عرض الخط الزمني للتصويت على الهاتف.');
    await expectArabicPage(member, screenshots, 'suggestion-dialog-ar', {
      englishAbsent: ['Share Suggestion', 'Suggestion Type', 'New Feature'],
      axe: 'the suggestion dialog in Arabic',
    });
    await suggestion.getByRole('button', { name: 'إرسال الاقتراح' }).click();
    await member.getByText('أُرسل الاقتراح').first().waitFor();
  });

  it('the member subscribes through the sandbox checkout and reads the subscription tab in Arabic', async () => {
    await member.goto(journey.server.baseUrl + '/subscribe');
    await member.getByRole('heading', { level: 1, name: 'المشاركة المدنية' }).waitFor();
    const monthly = member.getByRole('article', { name: 'المشاركة المدنية (شهري)' });
    await monthly.getByRole('button', { name: 'اشترك (بيئة تجريبية)' }).waitFor();
    await member
      .getByRole('article', { name: 'المشاركة المدنية (سنوي)' })
      .getByText(/^توفّر \u2068?USD 10\u2069? سنويًا$/)
      .waitFor();
    await expectArabicPage(member, screenshots, 'subscribe-ar', {
      englishAbsent: ['Civic Participation (monthly)', 'per month', 'Subscribe (sandbox)', 'Sign-up stays free', 'Running as a candidate'],
      axe: 'the subscribe page in Arabic',
    });

    await monthly.getByRole('button', { name: 'اشترك (بيئة تجريبية)' }).click();
    await member.waitForURL(/\/checkout\/sandbox\/[^/]+$/);
    await member.getByRole('heading', { level: 1, name: 'الدفع التجريبي' }).waitFor();
    await member.getByText('SAR 18.75').waitFor();
    await expectArabicPage(member, screenshots, 'sandbox-checkout-ar', {
      englishAbsent: ['Sandbox checkout', 'Sandbox payment — no real money is charged.', 'Amount'],
      axe: 'the sandbox checkout in Arabic',
    });
    await member.getByRole('button', { name: 'ادفع', exact: true }).click();

    await member.waitForURL(/\/subscribe\/return\?/);
    await member.getByRole('heading', { level: 1, name: 'الاشتراك نشط' }).waitFor();
    await member.getByText(/^التجديد القادم: /).waitFor();
    await expectArabicPage(member, screenshots, 'subscription-return-ar', {
      englishAbsent: ['Subscription active', 'Go to Dashboard', 'Next renewal'],
      axe: 'the subscription return page in Arabic',
    });

    await member.goto(journey.server.baseUrl + '/profile?tab=subscription');
    const panel = member.getByRole('tabpanel', { name: 'الاشتراك' });
    await panel.getByRole('button', { name: 'إلغاء الاشتراك' }).waitFor();
    await expectArabicPage(member, screenshots, 'subscription-tab-ar', {
      englishAbsent: ['Cancel subscription', 'Next renewal', 'Started', 'per month'],
      axe: 'the subscription tab in Arabic',
    });
    await panel.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
    const cancel = member.getByRole('dialog', { name: 'هل تريد إلغاء اشتراكك؟' });
    await cancel.waitFor();
    await expectArabicPage(member, screenshots, 'cancel-dialog-ar', {
      englishAbsent: ['Cancel your subscription?', 'Keep subscription'],
      axe: 'the cancel dialog in Arabic',
    });
    await cancel.getByRole('button', { name: 'الإبقاء على الاشتراك' }).click();

    await member.getByRole('button', { name: 'التحقق من الجنسيات المتعددة' }).click();
    const nationalities = member.getByRole('dialog', { name: 'التحقق من الجنسية' });
    await nationalities.getByRole('list', { name: 'جنسياتك' }).getByText('موثّق', { exact: true }).waitFor();
    await expectArabicPage(member, screenshots, 'nationality-manager-ar', {
      englishAbsent: ['Nationality Verification', 'Add a nationality', 'Submit Verification', 'Verified'],
      axe: 'the nationality manager in Arabic',
    });
    await nationalities.getByRole('button', { name: 'إغلاق' }).click();
  });

  it('an admin reviews in the admin panel and reads the audit trail and the audit page in Arabic', async () => {
    admin = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signUpThroughApi(admin, journey.server.baseUrl, adminAccount, { emailProvenFrom: journey.server.dataDir });
    await switchToArabic(admin);

    await admin.goto(journey.server.baseUrl + '/admin');
    await admin.getByRole('heading', { level: 1, name: 'لوحة الإدارة' }).waitFor();
    await admin.getByText('لا شيء بانتظارك!').waitFor();
    await expectArabicPage(admin, screenshots, 'admin-verifications-ar', {
      englishAbsent: ['All Caught Up!', 'No pending verifications to review.'],
      axe: 'the admin verifications tab in Arabic',
    });

    await admin.getByRole('tab', { name: 'الاقتراحات' }).click();
    const item = admin.getByRole('listitem', { name: 'اقتراح: ميزة جديدة' });
    await item.getByText('قيد الانتظار').waitFor();
    await expectArabicPage(admin, screenshots, 'admin-suggestions-ar', {
      englishAbsent: ['New Feature', 'Pending', 'Submitted', 'Review', 'History'],
      axe: 'the admin suggestions tab in Arabic',
    });
    await item.getByRole('button', { name: 'مراجعة' }).click();
    const review = admin.getByRole('dialog', { name: 'مراجعة الاقتراح' });
    await review.getByRole('combobox', { name: /^الأولوية/ }).waitFor();
    await expectArabicPage(admin, screenshots, 'review-suggestion-ar', {
      englishAbsent: ['Review Suggestion', 'Update Suggestion', 'Select priority', 'Admin Notes'],
      axe: 'the review suggestion dialog in Arabic',
    });
    await review.getByRole('button', { name: 'إلغاء' }).click();

    await admin.getByRole('tab', { name: 'الأعضاء' }).click();
    await admin
      .getByRole('list', { name: 'الأعضاء' })
      // The English name goes into the Arabic label as an isolate (docs/decisions.md, Bidirectional text and masked ids).
      .getByRole('listitem', { name: new RegExp(`^العضو: \u2068?${memberAccount.firstName} ${memberAccount.lastName}\u2069?$`) })
      .waitFor();
    await expectArabicPage(admin, screenshots, 'admin-members-ar', {
      englishAbsent: ['Search members', 'Make Admin', 'Joined', 'Ban'],
      axe: 'the admin members tab in Arabic',
    });

    await admin.getByRole('tab', { name: 'التدقيق' }).click();
    const trail = admin.getByRole('list', { name: 'سجل التدقيق، الأحدث أولًا' });
    await trail.getByText('أُرسل اقتراح').first().waitFor();
    await expectArabicPage(admin, screenshots, 'admin-audit-ar', {
      englishAbsent: ['Suggestion submitted', 'Verification approved', 'All kinds', 'Choose a name in the list'],
      axe: 'the admin audit tab in Arabic',
    });

    await admin.goto(journey.server.baseUrl + '/audit');
    await admin.getByText('لا توجد مواضيع بعد.').waitFor();
    await expectArabicPage(admin, screenshots, 'audit-page-ar', { englishAbsent: ['No topics yet.', 'Loading topics'], axe: 'the audit page in Arabic' });
  });

  it('both switch back to English and read the English texts again', async () => {
    await switchToEnglish(member);
    await member.goto(journey.server.baseUrl + '/profile?tab=subscription');
    await member.getByRole('tabpanel', { name: 'Subscription' }).getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await expectEnglishPage(member, ['Next renewal', 'Civic Participation (monthly)', 'USD 5 / SAR 18.75 / EUR 4.75 per month']);
    await member.goto(journey.server.baseUrl + '/subscribe');
    await member.getByRole('article', { name: 'Civic Participation (yearly)' }).getByText('Saves USD 10 per year').waitFor();
    await expectTextsPresent(member, ['Civic Participation (monthly)', 'per month', 'Running as a candidate']);
    await member.goto(journey.server.baseUrl + '/');
    await member.getByRole('region', { name: 'Premium Active' }).waitFor();
    await member.getByRole('region', { name: 'Identity Verified' }).getByText('Your Saudi Arabia nationality is verified.').waitFor();

    await switchToEnglish(admin);
    await admin.goto(journey.server.baseUrl + '/admin');
    await admin.getByText('All Caught Up!').waitFor();
    await admin.getByRole('tab', { name: 'Suggestions' }).click();
    await admin.getByRole('listitem', { name: 'Suggestion: New Feature' }).getByRole('button', { name: 'Review' }).waitFor();
    await expectTextsPresent(admin, ['New Feature', 'Pending', 'Submitted']);
    await admin.goto(journey.server.baseUrl + '/audit');
    await admin.getByText('No topics yet.').waitFor();
    await expectDocumentIn(admin, 'en');
    await member.context().close();
    await admin.context().close();
  });
});
