import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile, type Account } from './support/browser';
import { expectArabicPage, screenshotFolder, switchToArabic, switchToEnglish } from './support/language';

// Issue #33 item 2, as two members of one family meet it: Amina opens a topic, and Omar's bell,
// on his dashboard, counts it over the live socket without a reload; he opens it from the
// notifications page (grouped by day) and lands on the topic; Mark all as read; English and
// Arabic without WCAG violations, and nothing wider than a phone.
let amina: Page;
let omar: Page;
const aminasAccount = newAccount({ firstName: 'Amina' });
const omarsAccount = newAccount({ firstName: 'Omar' });
let family = 0;

const FIRST = 'Sunday lunch at grandmother’s';
const SECOND = 'Summer trip to the coast';
const PHONE = { width: 390, height: 844 };

const journey = startServerAndBrowserForFile();
const screenshots = screenshotFolder('civitas-notifications');

/** A command in the page's own browser context (its session), as the app sends it. */
async function post(page: Page, path: string, body: unknown): Promise<any> {
  const answer = await page.request.post(journey.server.baseUrl + path, { data: body, headers: { origin: journey.server.baseUrl } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300);
  return answer.json();
}

const createTopic = async (title: string) =>
  (await post(amina, '/api/topics', { groupId: family, title, description: 'Who comes, and what each of us brings along this time.' })).topic.id as string;

const bell = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });

/** Marks the page's document: if it is still marked later, nothing was reloaded. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { notificationsMark?: boolean }).notificationsMark = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { notificationsMark?: boolean }).notificationsMark === true);

async function signUp(account: Account): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpThroughApi(page, journey.server.baseUrl, account);
  return page;
}

beforeAll(async () => {
  amina = await signUp(aminasAccount);
  omar = await signUp(omarsAccount);
  // Omar joins Amina's family through her invitation, as its link does.
  const sent = await post(amina, '/api/family/invite', { email: omarsAccount.email });
  family = sent.invitation.groupId;
  await post(omar, `/api/family/invite/${String(sent.invitationLink).split('/').pop()}/accept`, {});
});

describe('notifications journey', () => {
  it("counts a new topic of the family on Omar's bell, live, without a reload", async () => {
    await omar.goto(`${journey.server.baseUrl}/`);
    await omar.getByRole('heading', { level: 1, name: 'Welcome, Omar!' }).waitFor();
    await bell(omar, 'Notifications').waitFor();
    await markDocument(omar);

    await createTopic(FIRST);
    await bell(omar, 'Notifications, 1 unread').waitFor();
    expect(await sameDocument(omar)).toBe(true);
  });

  it('shows it in the bell, then on the notifications page under Today, and opening it lands on the topic', async () => {
    await bell(omar, 'Notifications, 1 unread').click();
    const popup = omar.getByRole('dialog', { name: 'Notifications' });
    await popup.getByRole('link', { name: new RegExp(`^New topic in Amina's Family: ${FIRST}`) }).waitFor();
    await expectNoAxeViolations(omar, 'notifications bell');
    await popup.getByRole('link', { name: 'See all notifications' }).click();
    await omar.waitForURL((url) => url.pathname === '/notifications');
    await omar.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    const today = omar.getByRole('region', { name: 'Today' });
    const item = today.getByRole('link', { name: `New topic in Amina's Family: ${FIRST}` });
    await item.waitFor();
    await today.getByText('Unread').waitFor();
    await expectNoAxeViolations(omar, 'notifications page');

    await item.click();
    await omar.waitForURL((url) => url.pathname.startsWith('/topic/'));
    await omar.getByRole('heading', { level: 1, name: FIRST }).waitFor();
    await bell(omar, 'Notifications').waitFor();
    expect(await sameDocument(omar)).toBe(true);
  });

  it('marks everything read with Mark all as read', async () => {
    await createTopic(SECOND);
    await bell(omar, 'Notifications, 1 unread').waitFor();
    await omar.goto(`${journey.server.baseUrl}/notifications`);
    const today = omar.getByRole('region', { name: 'Today' });
    await today.getByRole('link', { name: `New topic in Amina's Family: ${SECOND}` }).waitFor();
    expect(await today.getByRole('link').count()).toBe(2);
    await omar.getByText('1 unread', { exact: true }).waitFor();

    await omar.getByRole('button', { name: 'Mark all as read' }).click();
    await omar.getByText('All read', { exact: true }).waitFor();
    await bell(omar, 'Notifications').waitFor();
    expect(await today.getByText('Unread').count()).toBe(0);
    // What the server keeps: read again, nothing is unread.
    await omar.reload();
    await omar.getByText('All read', { exact: true }).waitFor();
    await bell(omar, 'Notifications').waitFor();
  });

  it('chooses in Settings how each kind is e-mailed, saved at once, from the defaults the server answers', async () => {
    await omar.goto(`${journey.server.baseUrl}/profile?settings=1`);
    const section = omar.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Notification E-mails' });
    const topics = section.getByRole('combobox', { name: 'New topics in my groups' });
    await topics.waitFor();
    expect(await topics.inputValue()).toBe('daily');
    expect(await section.getByRole('combobox', { name: 'Mentions in discussions' }).inputValue()).toBe('immediately');
    await topics.selectOption('weekly');
    await omar.getByText('Notification e-mails saved').first().waitFor();
    await expectNoAxeViolations(omar, 'settings with notification e-mails');
    await omar.reload();
    await topics.waitFor();
    expect(await topics.inputValue()).toBe('weekly');
    await omar.goto(`${journey.server.baseUrl}/notifications`);
    await omar.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
  });

  it('is in Arabic, without WCAG violations, and nothing is wider than a phone', async () => {
    await switchToArabic(omar);
    await omar.getByRole('heading', { level: 1, name: 'الإشعارات' }).waitFor();
    await omar
      .getByRole('region', { name: 'اليوم' })
      .getByRole('link', { name: new RegExp(FIRST) })
      .waitFor();
    await expectArabicPage(omar, screenshots, 'notifications-ar', {
      englishAbsent: ['Today', 'Mark all as read', 'New topic in'],
      axe: 'notifications page in Arabic',
    });
    // His mails follow the app's language from now on.
    const mailLanguage = async () =>
      ((await (await omar.request.get(`${journey.server.baseUrl}/api/notifications/settings`)).json()) as { language: string }).language;
    await expect.poll(mailLanguage).toBe('ar');

    const overflows = () => omar.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await omar.setViewportSize(PHONE);
    await bell(omar, 'الإشعارات').waitFor();
    expect(await overflows()).toBe(false);

    // A member's language button is in the header from md up (in the drawer on a phone).
    await omar.setViewportSize({ width: 1280, height: 900 });
    await switchToEnglish(omar);
    await omar.setViewportSize(PHONE);
    await omar.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await bell(omar, 'Notifications').waitFor();
    expect(await overflows()).toBe(false);
    await screenshots.take(omar, 'notifications-phone');
  });
});
