import { randomUUID } from 'node:crypto';
import { CHAT_MENTIONS_NOT_MEMBERS, CHAT_MENTIONS_TOO_MANY } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { ISLAM, newMember, subscribe, topicBody, type Member } from '../participation/members';

const PASSWORD = 'correct horse battery staple';

// docs/decisions.md, Mentions: the event records only the mentioned members who may be told.
describe('POST /api/chat/messages with mentions', () => {
  let server: CommandApp;
  let amina: Member;
  let omar: Member;
  let layla: Member;
  let zainab: Member;
  let openTopic: string;
  let familyTopic: string;

  const chat = (member: Member, body: Record<string, unknown>) => member.browser.json('POST', '/api/chat/messages', body);
  const mentionsOf = async (messageId: string) =>
    (
      await server.query<{ mentions: string[] }>(
        `select data->'mentions' as mentions from events where type = 'ChatMessagePosted' and data->>'messageId' = $1`,
        [messageId],
      )
    )[0]!.mentions;
  const storedBy = async (member: Member) =>
    (await server.query<{ count: string }>(`select count(*) from events where type = 'ChatMessagePosted' and data->>'userId' = $1`, [member.userId]))[0]!.count;

  beforeAll(async () => {
    server = await buildCommandApp();
    [amina, omar, layla, zainab] = [
      await newMember(server, 'Amina'),
      await newMember(server, 'Omar'),
      await newMember(server, 'Layla'),
      await newMember(server, 'Zainab'),
    ];
    await subscribe(amina, server);
    openTopic = (await amina.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
    // Omar joins Amina's family; Layla does not.
    const invitation = await amina.browser.json('POST', '/api/family/invite', { email: omar.email });
    expect(invitation.status).toBe(201);
    const token = String(invitation.body.invitationLink).split('/').at(-1)!;
    expect((await omar.browser.json('POST', `/api/family/invite/${token}/accept`)).status).toBe(200);
    const created = await amina.browser.json('POST', '/api/topics', topicBody(1, { type: 'family_discussion' }));
    expect(created.status).toBe(201);
    familyTopic = created.body.topic.id;
  });
  afterAll(async () => server?.close());

  it('records each mentioned member once, whoever may see an open group\u2019s topic, whether or not they took part', async () => {
    const answer = await chat(amina, {
      topicId: openTopic,
      message: '@Omar @Layla shall we?',
      mentions: [omar.userId, layla.userId, omar.userId.toUpperCase()],
    });
    expect(answer.status).toBe(201);
    expect(await mentionsOf(answer.body.message.id)).toEqual([omar.userId, layla.userId]);
  });

  it('drops, without refusing the message, the author and ids of no account', async () => {
    const answer = await chat(amina, { topicId: openTopic, message: '@Amina @nobody hello', mentions: [amina.userId, randomUUID(), layla.userId] });
    expect(answer.status).toBe(201);
    expect(await mentionsOf(answer.body.message.id)).toEqual([layla.userId]);
    // No mentions at all: an empty list, as in every message before mentions.
    const plain = await chat(amina, { topicId: openTopic, message: 'Nobody in particular' });
    expect(await mentionsOf(plain.body.message.id)).toEqual([]);
  });

  it('in a personal group records only its members: nobody else sees its topics', async () => {
    const answer = await chat(amina, { topicId: familyTopic, message: '@Omar @Layla family first', mentions: [layla.userId, omar.userId] });
    expect(answer.status).toBe(201);
    expect(await mentionsOf(answer.body.message.id)).toEqual([omar.userId]);
    // Omar, a member, mentions the owner back.
    const back = await chat(omar, { topicId: familyTopic, message: '@Amina agreed', mentions: [amina.userId] });
    expect(back.status).toBe(201);
    expect(await mentionsOf(back.body.message.id)).toEqual([amina.userId]);
  });

  it('never records an erased member', async () => {
    const before = await chat(amina, { topicId: openTopic, message: '@Zainab are you there?', mentions: [zainab.userId] });
    expect(await mentionsOf(before.body.message.id)).toEqual([zainab.userId]);
    expect((await zainab.browser.json('DELETE', '/api/user', { password: PASSWORD })).status).toBe(200);
    const after = await chat(amina, { topicId: openTopic, message: '@Zainab still there?', mentions: [zainab.userId, omar.userId] });
    expect(after.status).toBe(201);
    expect(await mentionsOf(after.body.message.id)).toEqual([omar.userId]);
  });

  it('refuses what is no list of member ids, and more than 20, storing nothing', async () => {
    const before = await storedBy(layla);
    const body = (mentions: unknown) => ({ topicId: openTopic, message: 'Hello', mentions });
    for (const mentions of ['not a list', [42], ['not-a-member-id'], [`${omar.userId}\u0000`], null]) {
      expect(await chat(layla, body(mentions))).toEqual({ status: 400, body: { message: CHAT_MENTIONS_NOT_MEMBERS } });
    }
    const many = Array.from({ length: 21 }, () => randomUUID());
    expect(await chat(layla, body(many))).toEqual({ status: 400, body: { message: CHAT_MENTIONS_TOO_MANY } });
    expect(await storedBy(layla)).toBe(before);
    // Twenty is the most, and accepted (none of them has an account: nobody is recorded).
    const twenty = await chat(layla, body(many.slice(1)));
    expect(twenty.status).toBe(201);
    expect(await mentionsOf(twenty.body.message.id)).toEqual([]);
  });
});
