import {
  FEEDBACK_RATE_LIMIT_PER_HOUR,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  SUGGESTION_CATEGORIES,
  SUGGESTION_PRIORITIES,
  SUGGESTION_STATUSES,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

const MISSING = '00000000-0000-4000-8000-000000000000';
const INCOMPLETE_REPORT = 'Please select a report type';
const BLANK_REPORT = 'Please select a report type and provide details.';
const INCOMPLETE_SUGGESTION = 'Please select a suggestion type and provide details.';
const STATUS_REQUIRED = 'Status Required: Please select a status for this report.';
const FIELDS_REQUIRED = 'Fields Required: Please select both status and priority for this suggestion.';

describe('reports and suggestions (docs/product.md, Rules, Calls Feedback and Admin)', () => {
  let server: TestServer;
  let layla: Member;
  let omar: Member;
  let admin: Member;
  let topicId: string;
  let opinionId: string;
  let messageId: string;

  beforeAll(async () => {
    server = await startTestServer();
    [layla, omar, admin] = [await newMember(server, 'Layla'), await newMember(server, 'Omar'), await newMember(server, 'Amal')];
    await makeAdmin(server, admin);
    // Law amendments (a religion group's default type) need the subscription.
    await subscribe(layla, server);
    topicId = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
    opinionId = (await layla.browser.json('POST', '/api/opinions', { topicId, content: 'Longer hours would help students.' })).body.opinion.id;
    messageId = (await layla.browser.json('POST', '/api/chat/messages', { topicId, message: 'Shall we meet on Friday?' })).body.message.id;
  });
  afterAll(async () => server?.close());

  const visitor = () => new TestClient(server.baseUrl);
  const report = (who: Member | TestClient, body: Record<string, unknown>) => ('browser' in who ? who.browser : who).json('POST', '/api/feedback/report', body);
  const suggest = (who: Member | TestClient, body: Record<string, unknown>) =>
    ('browser' in who ? who.browser : who).json('POST', '/api/feedback/suggestion', body);
  const eventsOf = (type: string) =>
    server.query<{ stream_id: string; data: any; metadata: any }>(`select stream_id, data, metadata from events where type = $1 order by global_position`, [
      type,
    ]);
  /** The admin lists, read once the admin's client holds the member's position (read-your-writes). */
  const adminList = async (path: string, position?: string | null) => {
    if (position && (!admin.browser.position || position > admin.browser.position)) admin.browser.position = position;
    return admin.browser.json('GET', path);
  };

  describe('POST /api/feedback/report', () => {
    it('stores a pending report on its own stream, named by the member, and the admins see it at once', async () => {
      const answer = await report(omar, { type: 'spam', content: '  The same advert\r\nin every topic.  ' });
      expect(answer).toEqual({ status: 201, body: { position: expect.any(String), report: { id: expect.any(String), status: 'pending' } } });
      const { id } = answer.body.report;
      const [event] = (await eventsOf('ReportSubmitted')).filter((stored) => stored.data.reportId === id);
      expect(event).toMatchObject({
        stream_id: `report-${id}`,
        data: { reportId: id, userId: omar.userId, type: 'spam', content: 'The same advert\nin every topic.', targetType: null, targetId: null },
        metadata: { actorId: omar.userId },
      });
      const list = await adminList('/api/admin/reports', answer.body.position);
      expect(list.status).toBe(200);
      expect(list.body.find((item: { id: string }) => item.id === id)).toEqual({
        id,
        type: 'spam',
        content: 'The same advert\nin every topic.',
        targetType: null,
        targetId: null,
        status: 'pending',
        adminNotes: null,
        createdAt: expect.any(String),
        reviewedAt: null,
        reporter: { id: omar.userId, name: expect.stringMatching(/^Omar /) },
        target: null,
        earlierReports: [],
      });
    });

    it('takes every report category of section 9 and no other', async () => {
      for (const type of REPORT_CATEGORIES) expect((await report(layla, { type, content: `A ${type} report.` })).status).toBe(201);
      for (const type of ['abuse', 'Spam', '', null, 7])
        expect(await report(layla, { type, content: 'Something bad.' })).toEqual({ status: 400, body: { message: INCOMPLETE_REPORT } });
      expect(await report(layla, { content: 'Something bad.' })).toEqual({ status: 400, body: { message: INCOMPLETE_REPORT } });
      expect(await report(layla, {})).toEqual({ status: 400, body: { message: INCOMPLETE_REPORT } });
      // Cleared for the next tests: the hourly limit counts these.
      await server.query(`delete from rate_limit_counters`);
    });

    it('needs details that are not blank and at most 2000 characters, storing nothing otherwise', async () => {
      const before = (await eventsOf('ReportSubmitted')).length;
      expect(await report(omar, { type: 'spam', content: ' \n\t ' })).toEqual({ status: 400, body: { message: BLANK_REPORT } });
      expect(await report(omar, { type: 'spam' })).toEqual({ status: 400, body: { message: BLANK_REPORT } });
      expect(await report(omar, { type: 'spam', content: 'x'.repeat(2001) })).toEqual({
        status: 400,
        body: { message: 'Details must be at most 2000 characters' },
      });
      expect(await report(omar, { type: 'spam', content: 'Bad\u0000' })).toEqual({
        status: 400,
        body: { message: 'Details contains characters that are not allowed' },
      });
      expect((await eventsOf('ReportSubmitted')).length).toBe(before);
      expect((await report(omar, { type: 'spam', content: ` ${'x'.repeat(2000)} ` })).status).toBe(201);
    });

    it('is for signed-in members only, whatever the body', async () => {
      expect(await report(visitor(), { type: 'spam', content: 'Hello' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await report(visitor(), {})).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });

    it('reports a topic, an opinion or a chat message the member can see, by its id', async () => {
      for (const [targetType, targetId] of [
        ['topic', topicId],
        ['opinion', opinionId],
        ['chat_message', messageId],
      ] as const) {
        const answer = await report(omar, { type: 'inappropriate-content', content: 'Please look at this.', targetType, targetId: targetId.toUpperCase() });
        expect(answer.status).toBe(201);
        const [event] = (await eventsOf('ReportSubmitted')).filter((stored) => stored.data.reportId === answer.body.report.id);
        expect(event!.data).toMatchObject({ targetType, targetId });
      }
    });

    it('answers 404 with the item\u2019s own words when the reported item does not exist', async () => {
      const cases = [
        ['topic', 'Topic not found'],
        ['opinion', 'Opinion not found'],
        ['chat_message', 'Message not found'],
      ] as const;
      for (const [targetType, message] of cases) {
        for (const targetId of [MISSING, 'not-an-id']) {
          expect(await report(omar, { type: 'spam', content: 'Look.', targetType, targetId })).toEqual({ status: 404, body: { message } });
        }
      }
      // An opinion's id is no topic's.
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'topic', targetId: opinionId })).toEqual({
        status: 404,
        body: { message: 'Topic not found' },
      });
    });

    it('needs both the kind and the id of a reported item, and a kind of the list', async () => {
      const incomplete = { status: 400, body: { message: 'Please say what you are reporting: a topic, an opinion or a chat message, with its id.' } };
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'topic' })).toEqual(incomplete);
      expect(await report(omar, { type: 'spam', content: 'Look.', targetId: topicId })).toEqual(incomplete);
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'user', targetId: topicId })).toEqual(incomplete);
      expect((await report(omar, { type: 'spam', content: 'Look.', targetType: null, targetId: null })).status).toBe(201);
    });

    it('refuses what the member cannot see: a deleted topic and anything in someone else\u2019s personal group', async () => {
      const doomed = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
      expect((await layla.browser.json('DELETE', `/api/topics/${doomed}`)).status).toBeLessThan(300);
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'topic', targetId: doomed })).toEqual({
        status: 404,
        body: { message: 'Topic not found' },
      });

      const family = await ownGroup(layla, 'family');
      const privateTopic = (await layla.browser.json('POST', '/api/topics', topicBody(family, { type: 'family_discussion' }))).body.topic.id;
      const privateOpinion = (await layla.browser.json('POST', '/api/opinions', { topicId: privateTopic, content: 'Only for the family.' })).body.opinion.id;
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'topic', targetId: privateTopic })).toEqual({
        status: 404,
        body: { message: 'Topic not found' },
      });
      expect(await report(omar, { type: 'spam', content: 'Look.', targetType: 'opinion', targetId: privateOpinion })).toEqual({
        status: 404,
        body: { message: 'Opinion not found' },
      });
      // Its members may report it.
      expect((await report(layla, { type: 'other', content: 'A technical glitch here.', targetType: 'opinion', targetId: privateOpinion })).status).toBe(201);
      await server.query(`delete from rate_limit_counters`);
    });
  });

  describe('POST /api/feedback/suggestion', () => {
    it('stores a suggestion, pending with priority medium, whatever priority is sent', async () => {
      const answer = await suggest(omar, { type: 'accessibility', content: 'A high-contrast theme, please.', priority: 'critical' });
      expect(answer).toEqual({
        status: 201,
        body: { position: expect.any(String), suggestion: { id: expect.any(String), status: 'pending', priority: 'medium' } },
      });
      const { id } = answer.body.suggestion;
      const [event] = (await eventsOf('SuggestionSubmitted')).filter((stored) => stored.data.suggestionId === id);
      expect(event).toMatchObject({
        stream_id: `suggestion-${id}`,
        data: { suggestionId: id, userId: omar.userId, type: 'accessibility', content: 'A high-contrast theme, please.', priority: 'medium' },
        metadata: { actorId: omar.userId },
      });
      const list = await adminList('/api/admin/suggestions', answer.body.position);
      expect(list.body.find((item: { id: string }) => item.id === id)).toEqual({
        id,
        type: 'accessibility',
        content: 'A high-contrast theme, please.',
        status: 'pending',
        priority: 'medium',
        adminNotes: null,
        implementationNotes: null,
        createdAt: expect.any(String),
        reviewedAt: null,
      });
    });

    it('takes every suggestion category of section 9 and refuses others, blanks and oversized details', async () => {
      for (const type of SUGGESTION_CATEGORIES) expect((await suggest(layla, { type, content: `About ${type}.` })).status).toBe(201);
      await server.query(`delete from rate_limit_counters`);
      for (const body of [{ type: 'spam', content: 'Idea' }, { content: 'Idea' }, { type: 'new-feature', content: '   ' }, { type: 'new-feature' }, {}]) {
        expect(await suggest(layla, body)).toEqual({ status: 400, body: { message: INCOMPLETE_SUGGESTION } });
      }
      expect(await suggest(layla, { type: 'new-feature', content: 'x'.repeat(2001) })).toEqual({
        status: 400,
        body: { message: 'Details must be at most 2000 characters' },
      });
      expect(await suggest(visitor(), { type: 'new-feature', content: 'Idea' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });
  });

  it(`limits a member to ${FEEDBACK_RATE_LIMIT_PER_HOUR} reports and suggestions an hour, with a clear 429`, async () => {
    const busy = await newMember(server, 'Busy');
    for (let n = 1; n <= FEEDBACK_RATE_LIMIT_PER_HOUR; n += 1) {
      const answer = n % 2 ? await report(busy, { type: 'spam', content: `Report ${n}` }) : await suggest(busy, { type: 'other', content: `Idea ${n}` });
      expect(answer.status).toBe(201);
    }
    const refused = await busy.browser.request('POST', '/api/feedback/suggestion', { type: 'other', content: 'One too many' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'You have sent many reports and suggestions in a short time. Please wait a while before sending more.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await report(busy, { type: 'spam', content: 'And another' })).status).toBe(429);
    expect((await eventsOf('SuggestionSubmitted')).filter((event) => event.data.content === 'One too many')).toEqual([]);
    // The limit is the member's own.
    expect((await suggest(omar, { type: 'other', content: 'I am not in a hurry.' })).status).toBe(201);
    await server.query(`update rate_limit_counters set window_ends = now() - interval '1 second'`);
    expect((await report(busy, { type: 'spam', content: 'An hour later' })).status).toBe(201);
  });

  describe('POST /api/admin/reports/<id>/update', () => {
    let reportId: string;
    beforeAll(async () => {
      reportId = (await report(omar, { type: 'harassment', content: 'Insults in the chat.', targetType: 'chat_message', targetId: messageId })).body.report.id;
    });
    const update = (who: Member | TestClient, id: string, body?: unknown) =>
      ('browser' in who ? who.browser : who).json('POST', `/api/admin/reports/${id}/update`, body);

    it('lets an admin set any status in any order, with optional notes, each decision an event naming the admin', async () => {
      const order = ['resolved', 'pending', 'under_review', 'rejected', 'resolved'] as const;
      for (const status of order) {
        const notes = status === 'rejected' ? '  Not a violation after all.  ' : undefined;
        const answer = await update(admin, reportId, { status, adminNotes: notes });
        expect(answer).toEqual({ status: 200, body: { position: expect.any(String), report: { id: reportId, status, adminNotes: notes?.trim() ?? null } } });
        const list = await adminList('/api/admin/reports');
        expect(list.body.find((item: { id: string }) => item.id === reportId)).toMatchObject({
          status,
          adminNotes: notes?.trim() ?? null,
          reviewedAt: expect.any(String),
        });
      }
      const reviews = (await eventsOf('ReportReviewed')).filter((event) => event.data.reportId === reportId);
      expect(reviews.map((event) => event.data.status)).toEqual([...order]);
      expect(reviews[3]).toMatchObject({
        stream_id: `report-${reportId}`,
        data: { adminNotes: 'Not a violation after all.', reviewedBy: admin.userId },
        metadata: { actorId: admin.userId },
      });
      expect(REPORT_STATUSES.every((status) => order.includes(status as never))).toBe(true);
    });

    it('records nothing when the same status and notes are saved again', async () => {
      const before = (await eventsOf('ReportReviewed')).length;
      expect(await update(admin, reportId, { status: 'resolved', adminNotes: null })).toEqual({
        status: 200,
        body: { position: null, report: { id: reportId, status: 'resolved', adminNotes: null } },
      });
      expect((await eventsOf('ReportReviewed')).length).toBe(before);
    });

    it('needs a status of section 4 (notes optional, at most 2000 characters)', async () => {
      for (const body of [{}, { adminNotes: 'Looked at it.' }, { status: 'closed' }, { status: '' }, { status: null }, undefined]) {
        expect(await update(admin, reportId, body)).toEqual({ status: 400, body: { message: STATUS_REQUIRED } });
      }
      expect(await update(admin, reportId, { status: 'resolved', adminNotes: 'x'.repeat(2001) })).toEqual({
        status: 400,
        body: { message: 'Notes must be at most 2000 characters' },
      });
    });

    it('answers 404 for ids that name no report (a suggestion\u2019s included)', async () => {
      const suggestionId = (await suggest(omar, { type: 'other', content: 'An idea.' })).body.suggestion.id;
      for (const id of [MISSING, 'not-an-id', suggestionId])
        expect(await update(admin, id, { status: 'resolved' })).toEqual({ status: 404, body: { message: 'Report not found' } });
    });

    it('refuses members (403) and visitors (401), before looking at the body or the id', async () => {
      for (const body of [{ status: 'resolved' }, {}]) {
        expect(await update(omar, reportId, body)).toEqual({ status: 403, body: { message: 'Admin access required' } });
        expect(await update(omar, MISSING, body)).toEqual({ status: 403, body: { message: 'Admin access required' } });
        expect(await update(visitor(), reportId, body)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      }
      const list = await adminList('/api/admin/reports');
      expect(list.body.find((item: { id: string }) => item.id === reportId)).toMatchObject({ status: 'resolved' });
    });
  });

  describe('POST /api/admin/suggestions/<id>/update', () => {
    let suggestionId: string;
    beforeAll(async () => {
      suggestionId = (await suggest(layla, { type: 'voting-system', content: 'Ranked-choice ballots for elections.' })).body.suggestion.id;
    });
    const update = (who: Member | TestClient, id: string, body?: unknown) =>
      ('browser' in who ? who.browser : who).json('POST', `/api/admin/suggestions/${id}/update`, body);

    it('lets an admin set any status and priority, in any order, with optional notes', async () => {
      const steps = [
        ['implemented', 'critical'],
        ['pending', 'low'],
        ['approved', 'high'],
        ['rejected', 'medium'],
        ['under_review', 'high'],
      ] as const;
      for (const [status, priority] of steps) {
        const answer = await update(admin, suggestionId, { status, priority, adminNotes: `Now ${status}.` });
        expect(answer).toEqual({
          status: 200,
          body: { position: expect.any(String), suggestion: { id: suggestionId, status, priority, adminNotes: `Now ${status}.` } },
        });
      }
      const list = await adminList('/api/admin/suggestions');
      expect(list.body.find((item: { id: string }) => item.id === suggestionId)).toMatchObject({
        status: 'under_review',
        priority: 'high',
        adminNotes: 'Now under_review.',
        reviewedAt: expect.any(String),
      });
      const reviews = (await eventsOf('SuggestionReviewed')).filter((event) => event.data.suggestionId === suggestionId);
      expect(reviews.map((event) => [event.data.status, event.data.priority])).toEqual(steps.map((step) => [...step]));
      expect(reviews.every((event) => event.data.reviewedBy === admin.userId && event.metadata.actorId === admin.userId)).toBe(true);
      expect(SUGGESTION_STATUSES.every((status) => steps.some(([used]) => used === status))).toBe(true);
      expect(SUGGESTION_PRIORITIES.every((priority) => steps.some(([, used]) => used === priority))).toBe(true);
    });

    it('needs both status and priority of section 4', async () => {
      for (const body of [
        { status: 'approved' },
        { priority: 'high' },
        {},
        { status: 'approved', priority: 'urgent' },
        { status: 'done', priority: 'high' },
        undefined,
      ]) {
        expect(await update(admin, suggestionId, body)).toEqual({ status: 400, body: { message: FIELDS_REQUIRED } });
      }
    });

    it('answers 404 for unknown ids, 403 for members and 401 for visitors', async () => {
      for (const id of [MISSING, 'x'])
        expect(await update(admin, id, { status: 'approved', priority: 'high' })).toEqual({ status: 404, body: { message: 'Suggestion not found' } });
      expect(await update(layla, suggestionId, { status: 'approved', priority: 'high' })).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect(await update(layla, suggestionId, {})).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect(await update(visitor(), suggestionId, { status: 'approved', priority: 'high' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });
  });

  it('lists for admins only: members 403, visitors 401', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/suggestions']) {
      expect(await omar.browser.json('GET', path)).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect(await visitor().json('GET', path)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      const answer = await eventually(
        () => admin.browser.json('GET', path),
        (read) => read.status === 200,
      );
      expect(answer.status).toBe(200);
    }
  });

  it('lets a non-citizen report a National group\u2019s topic, which everyone may read', async () => {
    await verify(layla, SAUDI_ARABIA.name, '1234567890');
    const national = (await layla.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic.id;
    // Reading a National group is open to all, so reporting its topics is too.
    expect((await report(omar, { type: 'misinformation', content: 'Wrong numbers.', targetType: 'topic', targetId: national })).status).toBe(201);
  });
});
