import {
  ALREADY_HIDDEN,
  ALREADY_WARNED,
  MODERATION_REASON_REQUIRED,
  NOT_HIDDEN,
  REPORT_ACTION_REQUIRED,
  REPORT_HAS_NO_TARGET,
  TOPIC_NOT_HIDEABLE,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, newMember, subscribe, topicBody, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

const MISSING = '00000000-0000-4000-8000-000000000000';
const REASON = 'Insults another member by name.';

describe('moderation actions on a report (POST /api/admin/reports/<id>/action; docs/decisions.md, Moderation actions)', () => {
  let server: TestServer;
  let layla: Member;
  let omar: Member;
  let admin: Member;
  let topicId: string;
  let opinionId: string;
  let messageId: string;
  const reports: Record<'opinion' | 'again' | 'message' | 'topic' | 'general', string> = { opinion: '', again: '', message: '', topic: '', general: '' };

  beforeAll(async () => {
    server = await startTestServer();
    [layla, omar, admin] = [await newMember(server, 'Layla', 'Haddad'), await newMember(server, 'Omar', 'Nasser'), await newMember(server, 'Amal', 'Saleh')];
    await makeAdmin(server, admin);
    await subscribe(layla, server);
    topicId = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
    opinionId = (await layla.browser.json('POST', '/api/opinions', { topicId, content: 'Only fools would vote against this.' })).body.opinion.id;
    messageId = (await layla.browser.json('POST', '/api/chat/messages', { topicId, message: 'Omar, you are an idiot.' })).body.message.id;
    const report = async (body: Record<string, unknown>) => {
      const answer = await omar.browser.json('POST', '/api/feedback/report', body);
      expect(answer.status).toBe(201);
      return answer.body.report.id as string;
    };
    reports.opinion = await report({ type: 'harassment', content: 'She insults those who disagree.', targetType: 'opinion', targetId: opinionId });
    reports.again = await report({ type: 'hate-speech', content: 'Still there.', targetType: 'opinion', targetId: opinionId });
    reports.message = await report({ type: 'harassment', content: 'Insulted me in the chat.', targetType: 'chat_message', targetId: messageId });
    reports.topic = await report({ type: 'spam', content: 'A duplicate topic.', targetType: 'topic', targetId: topicId });
    reports.general = await report({ type: 'technical-issue', content: 'The page froze.' });
  });
  afterAll(async () => server?.close());

  const visitor = () => new TestClient(server.baseUrl);
  const act = (who: TestClient, reportId: string, body: unknown) => who.json('POST', `/api/admin/reports/${reportId}/action`, body);
  const opinionAs = async (who: TestClient) => {
    const answer = await who.json('GET', `/api/topics/${topicId}/opinions`);
    expect(answer.status).toBe(200);
    return (answer.body as Array<{ id: string; content: string; hidden?: unknown }>).find((opinion) => opinion.id === opinionId)!;
  };

  it('is refused to visitors (401) and members (403) whatever they send, before the body is read', async () => {
    for (const body of [{ action: 'hide', reason: REASON }, {}, 'nonsense'])
      expect(await act(visitor(), reports.opinion, body)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    for (const body of [{ action: 'hide', reason: REASON }, {}])
      expect(await act(omar.browser, reports.opinion, body)).toEqual({ status: 403, body: { message: 'Admin access required' } });
    expect((await opinionAs(visitor())).content).toBe('Only fools would vote against this.');
  });

  it('answers bad input with a 4xx and a message, deciding nothing', async () => {
    expect(await act(admin.browser, reports.opinion, {})).toEqual({ status: 400, body: { message: REPORT_ACTION_REQUIRED } });
    expect(await act(admin.browser, reports.opinion, { action: 'delete', reason: REASON })).toEqual({ status: 400, body: { message: REPORT_ACTION_REQUIRED } });
    expect(await act(admin.browser, reports.opinion, { action: 'hide' })).toEqual({ status: 400, body: { message: MODERATION_REASON_REQUIRED } });
    expect(await act(admin.browser, reports.opinion, { action: 'warn', reason: ' \n ' })).toEqual({
      status: 400,
      body: { message: MODERATION_REASON_REQUIRED },
    });
    expect(await act(admin.browser, reports.opinion, { action: 'ban', reason: 'x'.repeat(5000) })).toMatchObject({ status: 400 });
    expect(await act(admin.browser, 'not-a-report', { action: 'hide', reason: REASON })).toEqual({ status: 404, body: { message: 'Report not found' } });
    expect(await act(admin.browser, MISSING, { action: 'hide', reason: REASON })).toEqual({ status: 404, body: { message: 'Report not found' } });
    expect(await act(admin.browser, reports.general, { action: 'hide', reason: REASON })).toEqual({ status: 409, body: { message: REPORT_HAS_NO_TARGET } });
    expect(await act(admin.browser, reports.topic, { action: 'hide', reason: REASON })).toEqual({ status: 400, body: { message: TOPIC_NOT_HIDEABLE } });
    expect(await act(admin.browser, reports.opinion, { action: 'restore' })).toEqual({ status: 409, body: { message: NOT_HIDDEN } });
    const events = await server.query<{ count: string }>(`select count(*) from events where type in ('ContentHidden', 'MemberWarned', 'ContentRestored')`);
    expect(events[0]!.count).toBe('0');
  });

  it('hides the opinion: at once, for a plain HTTP client, members read the reason instead of the text; admins still read it', async () => {
    const answer = await act(admin.browser, reports.opinion, { action: 'hide', reason: `  ${REASON}  ` });
    expect(answer).toEqual({
      status: 200,
      body: { position: expect.any(String), action: 'hide', reportId: reports.opinion, targetType: 'opinion', targetId: opinionId, authorId: layla.userId },
    });
    // No position header, no waiting: the hide was answered once the reads hide it.
    const plain = await opinionAs(visitor());
    expect(plain).toMatchObject({ content: '', hidden: { reason: REASON, hiddenAt: expect.any(String) } });
    expect(JSON.stringify(plain)).not.toContain('fools');
    for (const member of [omar, layla]) expect(await opinionAs(member.browser)).toMatchObject({ content: '', hidden: { reason: REASON } });
    expect(await opinionAs(admin.browser)).toMatchObject({ content: 'Only fools would vote against this.', hidden: { reason: REASON } });
    // Hidden already, by this report or the other one on the same opinion.
    expect(await act(admin.browser, reports.again, { action: 'hide', reason: REASON })).toEqual({ status: 409, body: { message: ALREADY_HIDDEN } });
  });

  it('hides a chat message from the members of the discussion', async () => {
    expect((await act(admin.browser, reports.message, { action: 'hide', reason: 'Name-calling.' })).status).toBe(200);
    const messages = await omar.browser.json('GET', `/api/topics/${topicId}/messages`);
    expect(messages.body.find((message: { id: string }) => message.id === messageId)).toMatchObject({ message: '', hidden: { reason: 'Name-calling.' } });
    const asAdmin = await admin.browser.json('GET', `/api/topics/${topicId}/messages`);
    expect(asAdmin.body.find((message: { id: string }) => message.id === messageId)).toMatchObject({ message: 'Omar, you are an idiot.' });
  });

  it('warns the author once per report, on their own stream', async () => {
    const answer = await act(admin.browser, reports.opinion, { action: 'warn', reason: 'Please do not insult other members.' });
    expect(answer.status).toBe(200);
    expect(await act(admin.browser, reports.opinion, { action: 'warn', reason: 'Again.' })).toEqual({ status: 409, body: { message: ALREADY_WARNED } });
    const warned = await server.query<{ stream_id: string; data: any }>(`select stream_id, data from events where type = 'MemberWarned'`);
    expect(warned).toEqual([
      {
        stream_id: `user-${layla.userId}`,
        data: { userId: layla.userId, reportId: reports.opinion, reason: 'Please do not insult other members.', warnedBy: admin.userId },
      },
    ]);
    admin.browser.position = answer.body.position;
  });

  it('lists the report with its reporter, the opinion quoted with its topic and author, and the earlier report on it', async () => {
    const list = await admin.browser.json('GET', '/api/admin/reports');
    expect(list.status).toBe(200);
    const again = list.body.find((item: { id: string }) => item.id === reports.again);
    expect(again).toMatchObject({
      reporter: { id: omar.userId, name: 'Omar Nasser' },
      target: {
        type: 'opinion',
        id: opinionId,
        topicId,
        topicTitle: expect.any(String),
        content: 'Only fools would vote against this.',
        author: { id: layla.userId, name: 'Layla Haddad' },
        hidden: { reason: REASON },
      },
      earlierReports: [{ id: reports.opinion, type: 'harassment', status: 'pending', reporter: { id: omar.userId, name: 'Omar Nasser' } }],
    });
    expect(list.body.find((item: { id: string }) => item.id === reports.opinion).earlierReports).toEqual([]);
    expect(list.body.find((item: { id: string }) => item.id === reports.topic).target).toMatchObject({
      type: 'topic',
      content: expect.any(String),
      hidden: null,
    });
    expect(list.body.find((item: { id: string }) => item.id === reports.general).target).toBeNull();
  });

  it('records each action in the audit trail, concerning the author (never the reporter)', async () => {
    const trail = await admin.browser.json('GET', `/api/admin/audit/report/${reports.opinion}`);
    expect(trail.status).toBe(200);
    const entries = trail.body.entries.map((entry: any) => ({
      kind: entry.kind,
      actor: entry.actor?.name,
      subject: entry.subject?.name,
      reason: entry.reason,
    }));
    expect(entries).toEqual([
      { kind: 'report.submitted', actor: 'Omar Nasser', subject: 'Layla Haddad', reason: null },
      { kind: 'content.hidden', actor: 'Amal Saleh', subject: 'Layla Haddad', reason: REASON },
      { kind: 'member.warned', actor: 'Amal Saleh', subject: 'Layla Haddad', reason: 'Please do not insult other members.' },
    ]);
    const byKind = await admin.browser.json('GET', '/api/admin/audit?kind=content.hidden');
    expect(byKind.body.entries.map((entry: { subjectId: string }) => entry.subjectId).sort()).toEqual([reports.opinion, reports.message].sort());
  });

  it('restores the opinion for everyone at once', async () => {
    expect((await act(admin.browser, reports.again, { action: 'restore' })).status).toBe(200);
    expect(await opinionAs(visitor())).toMatchObject({ content: 'Only fools would vote against this.', hidden: null });
  });

  it('hides once when two reports on the same opinion are acted on at the same instant', async () => {
    const hides = () => server.query(`select 1 from events where type = 'ContentHidden' and data->>'targetId' = $1`, [opinionId]);
    const before = (await hides()).length;
    const answers = await Promise.all([reports.opinion, reports.again].map((id) => act(admin.browser, id, { action: 'hide', reason: REASON })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: ALREADY_HIDDEN });
    expect((await hides()).length).toBe(before + 1);
    expect(await opinionAs(visitor())).toMatchObject({ content: '', hidden: { reason: REASON } });
  });

  it('bans the author through the existing ban: sessions end and commands are refused with the reason', async () => {
    const answer = await act(admin.browser, reports.message, { action: 'ban', reason: 'Repeated insults.' });
    expect(answer).toMatchObject({ status: 200, body: { action: 'ban', authorId: layla.userId } });
    const banned = await server.query<{ data: any }>(`select data from events where type = 'UserBanned'`);
    expect(banned.map((event) => event.data)).toEqual([{ userId: layla.userId, reason: 'Repeated insults.', bannedBy: admin.userId }]);
    expect((await layla.browser.json('POST', '/api/opinions', { topicId, content: 'Still here.' })).status).toBeGreaterThanOrEqual(400);
    expect(await act(admin.browser, reports.opinion, { action: 'ban', reason: 'Again.' })).toEqual({
      status: 409,
      body: { message: 'This member is already banned.' },
    });
  });
});
