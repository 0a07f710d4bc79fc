import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, registerThroughUi, signUpThroughApi, startServerAndBrowserForFile, submitAndAwaitReload } from './support/browser';
import { createTopicThroughUi } from './support/participation';

// A member invites a relative by e-mail; the relative registers, follows the link from the mail
// (written to DATA_DIR/mail, as no SMTP is configured), accepts and takes part in the family
// group. A friend invitation opened signed out asks the visitor to sign in.
let owner: Page;
let relative: Page;
const relativeAccount = newAccount({ firstName: 'Omar', lastName: 'Haddad' });
const TOPIC = 'Where do we spend the summer holidays';
let familyUrl = '';
let topicUrl = '';

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  owner = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  relative = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

/** The link in the mail sent to `address`, read from the mail folder once the outbox has written it. */
async function linkMailedTo(address: string, page: string): Promise<string> {
  const folder = path.join(journey.server.dataDir, 'mail');
  const findLink = async (): Promise<string | null> => {
    for (const file of await readdir(folder).catch(() => [])) {
      const mail = (await readFile(path.join(folder, file), 'utf8')).replace(/=\r?\n/g, '');
      if (!mail.includes(`To: ${address}`)) continue;
      const link = new RegExp(`${journey.server.baseUrl}${page}/[\\w-]+`).exec(mail)?.[0];
      if (link) return link;
    }
    return null;
  };
  await expect.poll(findLink, { timeout: 15_000, message: `no mail to ${address}` }).not.toBeNull();
  return (await findLink())!;
}

describe('family invitation journey', () => {
  it('a member invites a relative from their family group page', async () => {
    await signUpThroughApi(owner, journey.server.baseUrl, newAccount({ firstName: 'Amina' }));
    await owner
      .getByRole('region', { name: 'Your Personal Groups' })
      .getByRole('article', { name: "Amina's Family" })
      .getByRole('link', { name: 'Join Discussion' })
      .click();
    await owner.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    familyUrl = owner.url();
    topicUrl =
      familyUrl.replace(/\/group\/.*/, '') +
      '/topic/' +
      (await createTopicThroughUi(owner, TOPIC, 'The sea, the mountains, or grandmother in the village: let us decide together.'));

    await owner.goto(familyUrl);
    await owner.getByRole('region', { name: 'Invite Family' }).getByRole('button', { name: 'Invite Family' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Family' });
    await dialog.getByLabel(/^Family member's email/).fill(relativeAccount.email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.getByText('Invitation sent').first().waitFor();
    await dialog.getByText(relativeAccount.email).waitFor();
    expect(await dialog.getByText('Pending').first().isVisible()).toBe(true);
  });

  it('the relative registers, opens the link from the mail, accepts and lands in the family group', async () => {
    await registerThroughUi(relative, journey.server.baseUrl, relativeAccount);
    const link = await linkMailedTo(relativeAccount.email, '/family-invite');
    await relative.goto(link);
    await relative.getByRole('heading', { name: 'Family Invitation' }).waitFor();
    expect(await relative.getByText("You've been invited to join a private family group").isVisible()).toBe(true);
    await relative.getByRole('button', { name: 'Accept Invitation' }).click();
    await relative.getByText('You have successfully joined the family group!').first().waitFor();
    await relative.waitForURL(familyUrl);
    await relative.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
  });

  it('then posts an opinion in the family group', async () => {
    await relative.getByRole('link', { name: TOPIC }).click();
    await relative.waitForURL(topicUrl);
    await relative.getByRole('textbox', { name: 'Your opinion' }).fill('The mountains: cooler, and grandmother can come along.');
    await relative.getByRole('button', { name: 'Post Opinion' }).click();
    await relative.getByRole('region', { name: 'Top Opinion' }).getByText('The mountains: cooler, and grandmother can come along.').waitFor();

    // The owner sees the invitation accepted.
    await owner.goto(familyUrl);
    await owner.getByRole('region', { name: 'Invite Family' }).getByRole('button', { name: 'Invite Family' }).click();
    await owner.getByRole('dialog', { name: 'Invite Family' }).getByText('Accepted').waitFor();
  });
});

describe('friend invitation opened signed out', () => {
  it("asks the visitor to sign in: 'Please sign in to accept this invitation.'", async () => {
    await owner.keyboard.press('Escape');
    await owner.goto(journey.server.baseUrl + '/');
    await owner.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Manage Friends' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Manage Friends' });
    await dialog.getByRole('textbox').first().fill('new.friend@example.org');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.getByText('Invitation sent').first().waitFor();
    const link = await linkMailedTo('new.friend@example.org', '/friend-invite');

    const visitor = await (await journey.browser.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Friends Group Invitation' }).waitFor();
    await visitor.getByText('Please sign in to accept this invitation.').waitFor();
    expect(await visitor.getByText('new.friend@example.org').isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: 'Accept Invitation' }).count()).toBe(0);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.getByRole('button', { name: 'Sign In with Email' }).waitFor();
  });

  it('after creating an account the visitor is back on the invitation and accepts it', async () => {
    const visitor = journey.browser.contexts().at(-1)!.pages()[0]!;
    const friend = newAccount({ firstName: 'Karim', email: 'new.friend@example.org' });
    await visitor.getByRole('button', { name: 'Sign In with Email' }).click();
    await visitor.getByRole('tab', { name: 'Create Account' }).click();
    const form = visitor.getByRole('form', { name: 'Create account' });
    await form.getByLabel(/^First Name/).fill(friend.firstName);
    await form.getByLabel(/^Last Name/).fill(friend.lastName);
    await form.getByLabel(/^Email/).fill(friend.email);
    await form.getByLabel(/^Password/).fill(friend.password);
    await form.getByLabel(/^Confirm Password/).fill(friend.password);
    await submitAndAwaitReload(visitor, () => form.getByRole('button', { name: 'Create Account' }).click());

    await visitor.waitForURL(/\/friend-invite\//);
    await visitor.getByRole('button', { name: 'Accept Invitation' }).click();
    await visitor.getByText('You have successfully joined the friends group.').first().waitFor();
    await visitor.getByText('You have already accepted this invitation!').waitFor();
  });
});
