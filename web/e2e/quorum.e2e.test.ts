import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, postFromPage, signUpThroughApi, startServerAndBrowserForFile, type Account } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV, awaitTopicClosed } from './support/clock';
import { expectArabicPage, screenshotFolder, switchToArabic } from './support/language';
import { isolated, region, toastText } from './support/page-parts';

// Issue #34 item 3, quorum and majority, in a family of four: Amina, its owner, sets the quorum of
// law amendments to 50% on the group page's Decision rules; Layla, a member, sees it there without
// a field to change it. Layla opens a law amendment and supports her own opinion alone: 1 of 4 took
// part, so once it closes nothing was decided. She opens a second; Omar and Karim support it too:
// 3 of 4 took part, and the opinion has more than half of that weight, so it is enacted, and the
// Results card says by which rule, in English and in Arabic, with no WCAG violations.
let amina: Page;
let layla: Page;
let omar: Page;
let karim: Page;
const clock = new ServerClock();
const screenshots = screenshotFolder('civitas-quorum');
const journey = startServerAndBrowserForFile({ now: clock.now, env: TIME_TRAVEL_ENV });

/** Amina's family group: /group/1 (MY_FAMILY_GROUP_ALIAS) takes her there; the others then go by its own address. */
let familyUrl = '';
const FEW = { title: 'Move the family dinner to Fridays', opinion: 'Fridays, at seven, at grandmother’s.' };
const ENOUGH = { title: 'Share the car on weekdays', opinion: 'Whoever starts earliest drives; the others ride along.' };
let fewUrl = '';
let enoughUrl = '';

beforeAll(async () => {
  const page = async () => (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  [amina, layla, omar, karim] = [await page(), await page(), await page(), await page()];
});

const opinionCard = (page: Page) => page.getByRole('article', { name: 'Opinion by Layla Haddad' }).first();

/** On the family page: Create Topic, a one-day law amendment decided by support and oppose; then Layla's opinion. */
async function openLawAmendment(page: Page, { title, opinion }: { title: string; opinion: string }): Promise<string> {
  await page.goto(familyUrl);
  await page.getByRole('button', { name: 'Create Topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Topic' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Description/).fill('Say what you think, and support or oppose the opinions here.');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Law Amendment' });
  await dialog.getByLabel(/^Duration \(days\)/).fill('1');
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await toastText(page, 'Topic created successfully!');
  await page.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('textbox', { name: 'Your opinion' }).fill(opinion);
  await page.getByRole('button', { name: 'Post Opinion' }).click();
  await region(page, 'Top Opinion').getByText(opinion).waitFor();
  return page.url();
}

async function support(page: Page, url: string, weighted: number): Promise<void> {
  await page.goto(url);
  await opinionCard(page)
    .getByRole('button', { name: /^Support/ })
    .click();
  await opinionCard(page).getByText(`Weighted: ${weighted} support · 0 oppose`).waitFor();
}

/** Past the topic's end: the scheduler closes and counts it. */
async function closeTopic(page: Page, url: string, title: string): Promise<void> {
  clock.travelDays(2);
  await awaitTopicClosed(page, url, title);
}

describe('quorum journey', () => {
  it('Amina invites Layla, Omar and Karim into her family; all four subscribe', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, newAccount({ firstName: 'Amina', lastName: 'Haddad' }), { subscribed: true });
    const members: [Page, Account][] = [
      [layla, newAccount({ firstName: 'Layla', lastName: 'Haddad' })],
      [omar, newAccount({ firstName: 'Omar', lastName: 'Haddad' })],
      [karim, newAccount({ firstName: 'Karim', lastName: 'Haddad' })],
    ];
    for (const [page, account] of members) {
      await signUpThroughApi(page, journey.server.baseUrl, account, { subscribed: true });
      const invitation = await postFromPage(amina, '/api/family/invite', { email: account.email });
      expect(invitation.status, JSON.stringify(invitation.body)).toBe(201);
      const token = String(invitation.body.invitationLink).split('/').at(-1)!;
      expect((await postFromPage(page, `/api/family/invite/${token}/accept`)).status).toBe(200);
    }
  });

  it('Amina sets the quorum of law amendments to 50% on Decision rules; a toast says so', async () => {
    await amina.goto(`${journey.server.baseUrl}/group/1`);
    await amina.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    familyUrl = amina.url();
    const rules = region(amina, 'Decision rules');
    const laws = rules.getByRole('group', { name: 'Law amendments' });
    await laws.getByText('10% of the eligible weight must take part').waitFor();
    await rules.getByText(/A change applies to topics opened afterwards/).waitFor();
    // A family opens no elections: no row for them.
    expect(await rules.getByRole('group', { name: 'Elections' }).count()).toBe(0);
    await laws.getByRole('spinbutton', { name: 'Quorum for Law amendments (%)' }).fill('50');
    await laws.getByRole('button', { name: 'Save' }).click();
    await toastText(amina, 'Quorum saved');
    await laws.getByText('50% of the eligible weight must take part').waitFor();
    await expectNoAxeViolations(amina, 'the family page with its decision rules');

    await amina.reload();
    await region(amina, 'Decision rules').getByRole('group', { name: 'Law amendments' }).getByText('50% of the eligible weight must take part').waitFor();
  });

  it('Layla sees the rule, with nothing to change', async () => {
    await layla.goto(familyUrl);
    await layla.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    const laws = region(layla, 'Decision rules').getByRole('group', { name: 'Law amendments' });
    await laws.getByText('50% of the eligible weight must take part').waitFor();
    expect(await laws.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await laws.getByRole('spinbutton').count()).toBe(0);
  });

  it('Layla opens a law amendment under that quorum and supports her opinion alone: too few took part', async () => {
    fewUrl = await openLawAmendment(layla, FEW);
    const header = region(layla, FEW.title);
    await header.getByText("Quorum: 50% of the group's eligible weight must take part").waitFor();
    await support(layla, fewUrl, 1);
    const results = region(layla, 'Results');
    await results.getByText('Took part: 1 of 4 eligible (25%) · quorum 50%: not reached yet').waitFor({ timeout: 15_000 });
    await results.getByText('The leading opinion needs more than half of the weight that took part (more than 0.5).').waitFor();

    await closeTopic(layla, fewUrl, FEW.title);
    await results.getByText('Final result').waitFor({ timeout: 15_000 });
    await results.getByText('Not enough of the group took part: nothing was decided.').waitFor();
    await results.getByText('Took part: 1 of 4 eligible (25%) · quorum 50%: not reached').waitFor();
    expect(await results.getByText(/^Enacted/).count()).toBe(0);
  });

  it('a second law amendment: Omar and Karim support it too, and it is enacted by the majority rule', async () => {
    enoughUrl = await openLawAmendment(layla, ENOUGH);
    await support(layla, enoughUrl, 1);
    await support(omar, enoughUrl, 2);
    await support(karim, enoughUrl, 3);

    await closeTopic(layla, enoughUrl, ENOUGH.title);
    const results = region(layla, 'Results');
    await results.getByText('Final result').waitFor({ timeout: 15_000 });
    await results.getByText('Took part: 3 of 4 eligible (75%) · quorum 50%: reached').waitFor();
    expect(await results.getByText(/^Enacted:/).allTextContents()).toEqual([
      `Enacted: “${ENOUGH.opinion.split(' ').slice(0, 6).join(' ')}…” by Layla Haddad.`,
      'Enacted: the leading opinion had more than half of the weight that took part.',
    ]);
    expect(await results.getByRole('table', { name: "Each opinion's support and oppose" }).getByText('Enacted', { exact: true }).count()).toBe(1);
    await screenshots.take(layla, 'enacted-en');
    await expectNoAxeViolations(layla, 'the enacted law amendment in English');
  });

  it('the same result in Arabic, right to left, with no WCAG violations', async () => {
    await switchToArabic(layla);
    const results = region(layla, 'النتائج');
    await results.getByText('النتيجة النهائية').waitFor();
    await results.getByText('أُقرّ: حاز الرأي المتقدم أكثر من نصف الوزن الذي شارك.').waitFor();
    await results.getByText('المشاركة: 3 من أصل 4 من وزن المؤهلين (75%) · النصاب 50%: بُلغ').waitFor();
    await region(layla, ENOUGH.title).getByText('النصاب: يجب أن يشارك 50% من وزن المؤهلين في المجموعة').waitFor();
    expect(
      await results
        .getByText(/^أُقرّ: /)
        .first()
        .textContent(),
    ).toContain(isolated('Layla Haddad'));
    await expectArabicPage(layla, screenshots, 'enacted-ar', {
      englishAbsent: ['Results', 'Final result', 'Enacted', 'Took part', 'quorum', 'Quorum', 'The leading opinion needs'],
      axe: 'the enacted law amendment in Arabic',
    });
  });
});
