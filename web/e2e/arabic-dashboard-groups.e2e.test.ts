import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectArabicPage, expectEnglishPage, expectTextsAbsent, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';

// Issue #17, item 5: a member's dashboard, group pages (their own family group, a country they
// only observe) and the invitation dialogs and pages in Arabic, right to left, and back to
// English. Group and country names come from the server and stay as they are. Each step
// starts where the last one ended; screenshots are kept under the temp folder for the record.
const DESKTOP = { width: 1280, height: 900 };

/** The English texts on each page of this area, which must not show in Arabic. */
const ENGLISH_DASHBOARD = [
  'Welcome, Layla!',
  'Quick Actions',
  'Create New Topic',
  'Join Election',
  'Find Delegate',
  'Invite Family',
  'View Full Profile',
  'Participation Score',
  'Resolved Disputes',
  'Your Personal Groups',
  'Other Countries',
  'Join Discussion',
  'View Group',
];
const ENGLISH_FAMILY_GROUP = ['Private family group', 'Invite Family', 'Group Statistics', 'Active Members', 'Full access', 'Free Access'];
const ENGLISH_INVITE_DIALOG = ['Recent Invitations', 'Send Invitation', 'Invitation sent', 'Pending', 'Copy link', 'Sent '];
const ENGLISH_FAMILY_INVITATION = ['Family Invitation', "You've been invited", 'As a family member you can', 'Accept Invitation', 'You need to sign in'];
const ENGLISH_FRIENDS_INVITATION = ['Friends Group Invitation', 'Invited to', 'Expires', 'Please sign in to accept this invitation.', 'Pending'];
const ENGLISH_COUNTRY_GROUP = [
  'You are viewing as an observer',
  'Verify Identity',
  'Participation Requirements',
  'Verified citizenship of',
  'Not met',
  'Group Overview',
  'Law Amendments',
  'Group Statistics',
  'View only',
  'National',
];

const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-arabic-dashboard-groups-journey');
let page: Page;
const member = newAccount({ firstName: 'Layla', lastName: 'Mansour' });

/** The link of the newest invitation into one of the member's groups, as the owner's list gives it. */
async function newestInvitationPath(kind: 'family' | 'friends', groupId: string): Promise<string> {
  const invitations = await page.evaluate(
    (url) => fetch(url, { credentials: 'same-origin' }).then((response) => response.json() as Promise<{ invitationLink: string }[]>),
    `/api/${kind}/${groupId}/invitations`,
  );
  expect(invitations.length).toBeGreaterThan(0);
  return new URL(invitations[0]!.invitationLink).pathname;
}

/** A signed-out visitor whose browser asks for Arabic opens an invitation link. */
async function visitorInArabic(path: string): Promise<Page> {
  const visitor = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'ar-SA' })).newPage();
  await visitor.goto(journey.server.baseUrl + path);
  return visitor;
}

beforeAll(async () => {
  page = await (await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
});

describe('dashboard, groups and invitations in Arabic, and back', () => {
  it('the dashboard turns Arabic and right to left: welcome, profile, quick actions, the groups catalogue', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, member);
    await switchToArabic(page);
    await page.getByRole('heading', { level: 1, name: /^مرحبًا، \u2068?Layla\u2069?!$/ }).waitFor();
    await page.getByRole('region', { name: 'إجراءات سريعة' }).getByRole('button', { name: 'إنشاء موضوع جديد' }).waitFor();
    await page
      .getByRole('region', { name: 'بلدان أخرى' })
      .getByRole('status')
      .filter({ hasText: /عرض 1–\d+ من أصل \d+ بلدًا/ })
      .waitFor();
    await expectArabicPage(page, screenshots, 'dashboard-ar', { englishAbsent: ENGLISH_DASHBOARD, axe: 'the dashboard in Arabic' });
  });

  it('the own family group page, its Invite Family dialog and a sent invitation, in Arabic', async () => {
    await page
      .getByRole('region', { name: 'مجموعاتك الخاصة' })
      .getByRole('article', { name: "Layla's Family" })
      .getByRole('link', { name: 'انضم إلى النقاش' })
      .click();
    await page.getByRole('heading', { level: 1, name: "Layla's Family" }).waitFor();
    await page.getByText('مجموعة عائلية خاصة').waitFor();
    await expectArabicPage(page, screenshots, 'family-group-ar', { englishAbsent: ENGLISH_FAMILY_GROUP, axe: 'the family group page in Arabic' });

    await page.getByRole('region', { name: 'دعوة العائلة' }).getByRole('button', { name: 'دعوة العائلة' }).click();
    const dialog = page.getByRole('dialog', { name: 'دعوة العائلة' });
    await dialog.getByLabel(/^البريد الإلكتروني لفرد العائلة/).fill('relative.of.layla@example.org');
    await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await page.getByText('أُرسلت الدعوة').first().waitFor();
    await dialog.getByText('قيد الانتظار').waitFor();
    await dialog.getByRole('button', { name: 'نسخ الرابط' }).waitFor();
    await expectArabicPage(page, screenshots, 'invite-family-dialog-ar', { englishAbsent: ENGLISH_INVITE_DIALOG, axe: 'the Invite Family dialog in Arabic' });

    const familyId = new URL(page.url()).pathname.split('/').at(-1)!;
    const visitor = await visitorInArabic(await newestInvitationPath('family', familyId));
    await visitor.getByRole('heading', { level: 1, name: 'دعوة عائلية' }).waitFor();
    await visitor.getByText('relative.of.layla@example.org').waitFor();
    await expectArabicPage(visitor, screenshots, 'family-invitation-ar', {
      englishAbsent: ENGLISH_FAMILY_INVITATION,
      axe: 'the family invitation page in Arabic',
    });
    await visitor.context().close();
    await page.keyboard.press('Escape');
  });

  it('Manage Friends from the dashboard, and the friends invitation page, in Arabic', async () => {
    await page.goto(journey.server.baseUrl + '/');
    const friendsLink = page.getByRole('article', { name: "Layla's Friends" }).getByRole('link', { name: 'انضم إلى النقاش' });
    const friendsId = (await friendsLink.getAttribute('href'))!.split('/').at(-1)!;
    await page.getByRole('region', { name: 'إجراءات سريعة' }).getByRole('button', { name: 'إدارة الأصدقاء' }).click();
    const dialog = page.getByRole('dialog', { name: 'إدارة الأصدقاء' });
    await dialog.getByText('لا أصدقاء بعد. ينضم الأصدقاء عندما يقبلون دعوتك.').waitFor();
    await dialog.getByLabel(/^البريد الإلكتروني للصديق/).fill('friend.of.layla@example.org');
    await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await dialog.getByText('friend.of.layla@example.org').waitFor();
    await expectTextsAbsent(page, ['Manage Friends', 'Your Friends', 'No friends yet', ...ENGLISH_INVITE_DIALOG]);
    await expectNoAxeViolations(page, 'the Manage Friends dialog in Arabic');
    await page.keyboard.press('Escape');

    const visitor = await visitorInArabic(await newestInvitationPath('friends', friendsId));
    await visitor.getByRole('heading', { level: 1, name: 'دعوة إلى مجموعة أصدقاء' }).waitFor();
    await visitor.getByText('يُرجى تسجيل الدخول لقبول هذه الدعوة.').waitFor();
    await expectArabicPage(visitor, screenshots, 'friends-invitation-ar', {
      englishAbsent: ENGLISH_FRIENDS_INVITATION,
      axe: 'the friends invitation page in Arabic',
    });
    await visitor.context().close();
  });

  it('a country the member only observes, found through the Arabic search, in Arabic', async () => {
    const countries = page.getByRole('region', { name: 'بلدان أخرى' });
    // National groups are named in Arabic; the search finds the Arabic name (and the stored English one).
    await countries.getByLabel('ابحث في البلدان').fill('فرنسا');
    await countries.getByRole('article', { name: 'فرنسا' }).getByRole('link', { name: 'عرض المجموعة' }).click();
    await page.getByRole('heading', { level: 1, name: 'فرنسا' }).waitFor();
    await page.getByText('أنت تشاهد بصفة مراقب').waitFor();
    await page.getByRole('region', { name: 'شروط المشاركة' }).waitFor();
    await page.getByRole('navigation', { name: 'المجموعات' }).getByRole('combobox', { name: 'تبديل المجموعة' }).waitFor();
    await expectArabicPage(page, screenshots, 'country-group-ar', { englishAbsent: ENGLISH_COUNTRY_GROUP, axe: 'a country group page in Arabic' });
  });

  it('back to English from the header: the English texts return, left to right', async () => {
    await switchToEnglish(page);
    await page.getByText('You are viewing as an observer').waitFor();
    await expectEnglishPage(page, ['Participation Requirements', 'Group Overview', 'Group Statistics', 'Verify Identity', 'National']);

    await page.goto(journey.server.baseUrl + '/');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Layla!' }).waitFor();
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Create New Topic' }).waitFor();
    await expectEnglishPage(page, ['Your Personal Groups', 'Other Countries', 'Join Discussion', 'View Full Profile', 'Participation Score']);
    await screenshots.take(page, 'dashboard-back-en');
  });
});
