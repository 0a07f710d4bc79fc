import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile, submitAndAwaitReload } from './support/browser';
import { expectNoAxeViolations } from './support/axe';

// Issue #32 item 3: an invitation's Accept, signed out, opens Create Account with the invitation
// kept in view (who invited them to which group); once the account exists the visitor is back on
// the invitation and accepts it, landing in the family group.
const owner = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
const invitee = newAccount({ firstName: 'Layla', lastName: 'Nasser' });
const journey = startServerAndBrowserForFile();
let ownerPage: Page;
let visitor: Page;
let invitationPath = '';

beforeAll(async () => {
  ownerPage = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  visitor = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
});

describe('invitation accepted by a new member', () => {
  it('Accept, signed out, opens Create Account with who invited them to which group in view', async () => {
    await signUpThroughApi(ownerPage, journey.server.baseUrl, owner);
    const answer = await ownerPage.request.post(journey.server.baseUrl + '/api/family/invite', {
      data: { email: invitee.email },
      headers: { origin: new URL(journey.server.baseUrl).origin },
    });
    expect(answer.status()).toBe(201);
    invitationPath = new URL(((await answer.json()) as { invitationLink: string }).invitationLink).pathname;

    await visitor.goto(journey.server.baseUrl + invitationPath);
    await visitor.getByRole('heading', { level: 1, name: 'Family Invitation' }).waitFor();
    await visitor.getByRole('button', { name: 'Accept Invitation' }).click();

    await visitor.waitForURL(/\/\?signup=1$/);
    const tab = visitor.getByRole('tab', { name: 'Create Account' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const note = visitor.getByRole('alert', { name: 'Your invitation' });
    await note.waitFor();
    expect(await note.textContent()).toContain(`Amina Haddad invited you (${invitee.email}) to join Amina's Family.`);
    // Both in one phone screen: the note and the form's first field.
    const [noteBox, firstField] = await Promise.all([note.boundingBox(), visitor.getByLabel(/^First Name/).boundingBox()]);
    expect(noteBox!.y).toBeGreaterThanOrEqual(0);
    expect(firstField!.y + firstField!.height).toBeLessThanOrEqual(844);
    await expectNoAxeViolations(visitor, 'Create Account with an invitation in view');
  });

  it('after creating the account the visitor is back on the invitation, accepts it and lands in the family group', async () => {
    const form = visitor.getByRole('form', { name: 'Create account' });
    await form.getByLabel(/^First Name/).fill(invitee.firstName);
    await form.getByLabel(/^Last Name/).fill(invitee.lastName);
    await form.getByLabel(/^Email/).fill(invitee.email);
    await form.getByLabel(/^Password/).fill(invitee.password);
    await form.getByLabel(/^Confirm Password/).fill(invitee.password);
    await submitAndAwaitReload(visitor, () => form.getByRole('button', { name: 'Create Account' }).click());

    await visitor.waitForURL((url) => url.pathname === invitationPath);
    await visitor.getByRole('button', { name: 'Accept Invitation' }).click();
    await visitor.getByText('You have successfully joined the family group!').first().waitFor();
    await visitor.waitForURL(/\/group\/\d+$/);
    await visitor.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    await visitor.getByRole('list', { name: 'Members' }).getByText('Layla Nasser').waitFor();
  });
});
