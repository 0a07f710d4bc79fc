import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillSignIn, newAccount, signInButton, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { expectNoAxeViolations } from './support/axe';

// Issue #32 items 7 and 9 on a phone (390 x 844), one family in order: the dashboard puts Quick
// Actions before the group lists and no button's label wraps; the family group lists its members;
// topic cards count opinions and votes; Settings names the session by browser and system; a wrong
// password is told inside the sign-in form.
const PHONE = { width: 390, height: 844 };
const owner = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
const relative = newAccount({ firstName: 'Omar', lastName: 'Haddad' });
const TITLE = 'Where do we spend the summer holidays';
const journey = startServerAndBrowserForFile();
let page: Page;
let relativePage: Page;
let familyPath = '';

/** A command in the page's own session, as the app sends it (the server checks the origin). */
async function post(on: Page, path: string, body: unknown): Promise<any> {
  const answer = await on.request.post(journey.server.baseUrl + path, { data: body, headers: { origin: new URL(journey.server.baseUrl).origin } });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300);
  return answer.json();
}

/** Buttons whose label runs over more than one line, or past the button's edge. */
function wrappedButtons(on: Page): Promise<string[]> {
  return on.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.MuiButton-root')]
      .filter((button) => button.offsetParent !== null && button.textContent?.trim())
      .filter((button) => {
        // Each line a text runs over is a rectangle of its own: two tops are a wrapped label.
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        const tops = new Set<number>();
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return tops.size > 1 || button.scrollWidth > button.clientWidth + 1;
      })
      .map((button) => button.textContent!.trim()),
  );
}

const pageOverflows = (on: Page) => on.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

beforeAll(async () => {
  page = await (await journey.browser.newContext({ viewport: PHONE })).newPage();
  relativePage = await (await journey.browser.newContext({ viewport: PHONE })).newPage();
});

describe('phone and secondary states journey', () => {
  it('on a phone the dashboard shows Quick Actions before the group lists, and no label wraps', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, owner);
    const actions = await page.getByRole('region', { name: 'Quick Actions' }).boundingBox();
    const groups = await page.getByRole('region', { name: 'Your Personal Groups' }).boundingBox();
    expect(actions && groups && actions.y + actions.height <= groups.y).toBe(true);
    expect(await wrappedButtons(page)).toEqual([]);
    expect(await pageOverflows(page)).toBe(false);
  });

  it('the family group lists its members to them: the owner and the relative who accepted', async () => {
    const { invitationLink } = await post(page, '/api/family/invite', { email: relative.email });
    await signUpThroughApi(relativePage, journey.server.baseUrl, relative, { landOn: null });
    const token = new URL(invitationLink).pathname.split('/').pop()!;
    const { groupId } = await post(relativePage, `/api/family/invite/${token}/accept`, {});
    familyPath = `/group/${groupId}`;

    await page.goto(journey.server.baseUrl + familyPath);
    await page.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByRole('listitem').nth(1).waitFor();
    expect(await members.getByRole('listitem').allTextContents()).toEqual(['AHAmina Haddad (you)Owner', 'OHOmar Haddad']);
    expect(await wrappedButtons(page)).toEqual([]);
    expect(await pageOverflows(page)).toBe(false);
    await expectNoAxeViolations(page, 'a family group on a phone');
  });

  it('topic cards count the opinions and votes', async () => {
    const { topic } = await post(page, '/api/topics', {
      title: TITLE,
      description: 'The sea, the mountains, or grandmother in the village: let us decide together.',
      type: 'family_discussion',
      groupId: Number(familyPath.split('/').pop()),
    });
    const { opinion } = await post(relativePage, '/api/opinions', { topicId: topic.id, content: 'The mountains: cooler.' });
    await post(relativePage, '/api/votes', { opinionId: opinion.id, voteType: 'support' });
    await post(page, '/api/opinions', { topicId: topic.id, content: 'The sea, for the children.' });
    // The owner's own command last: the reload's reads wait for it, and so see the relative's too.
    await post(page, '/api/votes', { opinionId: opinion.id, voteType: 'support' });

    await page.reload();
    const card = page.getByRole('article', { name: TITLE });
    await card.getByText('2 votes').waitFor();
    expect(await card.getByText('2 opinions').isVisible()).toBe(true);
  });

  it('Settings names this session by browser and system', async () => {
    await page.goto(journey.server.baseUrl + '/profile');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const sessions = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Sessions' });
    // Debian's chromium, headless, tells its User-Agent as Chrome on Linux.
    await sessions.getByText('This device: Chrome on Linux').waitFor();
  });

  it('a wrong password is told inside the sign-in form, beside the fields', async () => {
    const visitor = await (await journey.browser.newContext({ viewport: PHONE })).newPage();
    await visitor.goto(journey.server.baseUrl + '/?signin=1');
    await fillSignIn(visitor, owner.email, 'not the right passphrase');
    await signInButton(visitor).click();
    const form = visitor.getByRole('form', { name: 'Sign in with email' });
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    // Near the fields: the message sits between the password and the button, all in one screen.
    const [password, message, button] = await Promise.all([
      form.getByLabel('Password').boundingBox(),
      alert.boundingBox(),
      signInButton(visitor).boundingBox(),
    ]);
    expect(password!.y < message!.y && message!.y < button!.y).toBe(true);
    expect(button!.y + button!.height - password!.y).toBeLessThan(PHONE.height);
  });
});
