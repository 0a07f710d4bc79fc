import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NotificationsReply } from '@civitas/events';
import { eventually } from '../../test-support/eventually';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, postFromPage, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi } from './support/participation';

// Issue #33 item 1, a mention in a topic's chat (docs/decisions.md, Mentions). Amina and Layla are
// a family; both take part in Amina's topic. In its chat Amina types "@" and the start of Layla's
// name (in Arabic script), picks her from the list with the keyboard and sends; Layla is told:
// her notifications list the mention, from Amina, with the message.
let amina: Page;
let layla: Page;
const aminaAccount = newAccount({ firstName: 'Amina', lastName: 'Haddad' });
const laylaAccount = newAccount({ firstName: 'ليلى', lastName: 'حداد' });
const TITLE = 'Who brings what to the picnic';
const MESSAGE = '@ليلى حداد can you bring the bread?';
const journey = startServerAndBrowserForFile();
let topicId = '';

beforeAll(async () => {
  amina = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  layla = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const chat = (page: Page) => page.getByRole('dialog', { name: 'Live Discussion' });

describe('chat mention journey', () => {
  it('Amina and Layla are a family, and both take part in Amina’s topic', async () => {
    await signUpThroughApi(amina, journey.server.baseUrl, aminaAccount);
    await signUpThroughApi(layla, journey.server.baseUrl, laylaAccount);
    const invitation = await postFromPage(amina, '/api/family/invite', { email: laylaAccount.email });
    expect(invitation.status).toBe(201);
    const token = String(invitation.body.invitationLink).split('/').at(-1)!;
    expect((await postFromPage(layla, `/api/family/invite/${token}/accept`)).status).toBe(200);

    await amina.goto(`${journey.server.baseUrl}/group/1`);
    await amina.getByRole('heading', { level: 1, name: "Amina's Family" }).waitFor();
    topicId = await createTopicThroughUi(amina, TITLE, 'Say what you will bring so that nothing is missing.');
    // Layla takes part by chatting (its own journey covers the chat itself).
    expect((await postFromPage(layla, '/api/chat/messages', { topicId, message: 'I can bring fruit.' })).status).toBe(201);
  });

  it('Amina types @ and the start of Layla’s name, picks her with the keyboard and sends', async () => {
    await amina.getByRole('button', { name: 'Join Discussion' }).click();
    await chat(amina).getByText('I can bring fruit.').waitFor();
    const field = chat(amina).getByRole('textbox', { name: 'Your message' });
    await field.click();
    await amina.keyboard.type('@لي');
    const listbox = amina.getByRole('listbox', { name: 'Members to mention' });
    await listbox.waitFor();
    // Only Layla: Amina is never offered to herself.
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['ليلى حداد']);
    expect(await field.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option').first().getAttribute('id'));
    await expectNoAxeViolations(amina, 'chat mention list');

    await amina.keyboard.press('ArrowDown');
    await amina.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe('@ليلى حداد ');
    await amina.keyboard.type('can you bring the bread?');
    await amina.keyboard.press('Enter');
    await chat(amina).getByRole('listitem', { name: 'Message from Amina Haddad' }).getByText(MESSAGE).waitFor();
    expect(await field.inputValue()).toBe('');
  });

  it('Layla is told: her notifications list the mention, from Amina, with the message', async () => {
    const aminaId = ((await (await amina.request.get(`${journey.server.baseUrl}/api/auth/user`)).json()) as { id: string }).id;
    const read = async () => (await (await layla.request.get(`${journey.server.baseUrl}/api/notifications`)).json()) as NotificationsReply;
    const reply = await eventually(read, (answer) => answer.items?.some((item) => item.type === 'mention') ?? false);
    const mention = reply.items.find((item) => item.type === 'mention');
    expect(mention).toMatchObject({
      type: 'mention',
      read: false,
      actor: { id: aminaId, firstName: 'Amina', lastName: 'Haddad' },
      topic: { id: topicId, title: TITLE },
      excerpt: MESSAGE,
    });
    expect(reply.unreadCount).toBeGreaterThanOrEqual(1);
  });
});
