import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, SAUDI_ARABIA, newMember, verify, type Member } from '../participation/members';
import { makeAdmin, makeLeader } from './moderation-members';

const MISSING = '00000000-0000-4000-8000-000000000000';
const EGYPT = { name: 'Egypt' };

describe('leader reports (docs/product.md, Data and Roles: members report a member of a group to its leaders)', () => {
  let server: TestServer;
  let reporter: Member;
  let offender: Member;
  let leader: Member;
  let resident: Member;
  let admin: Member;
  let otherLeader: Member;

  beforeAll(async () => {
    server = await startTestServer();
    const names = ['Reem', 'Fahad', 'Noura', 'Resident', 'Amal', 'Karim'] as const;
    [reporter, offender, leader, resident, admin, otherLeader] = (await Promise.all(names.map((name) => newMember(server, name)))) as [
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    for (const [member, id] of [
      [reporter, '1000000001'],
      [offender, '1000000002'],
      [leader, '1000000003'],
    ] as const) {
      expect((await verify(member, SAUDI_ARABIA.name, id)).status).toBe(200);
    }
    expect((await verify(otherLeader, EGYPT.name, '2000000001')).status).toBe(200);
    await makeLeader(server, leader, SAUDI_ARABIA.groupId);
    await makeLeader(server, otherLeader, ISLAM);
    await makeAdmin(server, admin);
  });
  afterAll(async () => server?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    reportedUserId: offender.userId,
    groupId: SAUDI_ARABIA.groupId,
    reason: 'Harassment in the chat',
    description: 'Insulted members who disagreed, three days running.',
    evidence: 'Chat of 3 to 5 March',
    ...overrides,
  });
  const file = (who: Member | TestClient, payload: unknown) => ('browser' in who ? who.browser : who).json('POST', '/api/leader-reports', payload);
  const update = (who: Member | TestClient, id: string, payload?: unknown) =>
    ('browser' in who ? who.browser : who).json('POST', `/api/leader-reports/${id}/update`, payload);
  const eventsOf = (type: string) =>
    server.query<{ stream_id: string; data: any; metadata: any }>(`select stream_id, data, metadata from events where type = $1 order by global_position`, [
      type,
    ]);
  const visitor = () => new TestClient(server.baseUrl);

  describe('POST /api/leader-reports', () => {
    it('files a pending report on its own stream, and the group\u2019s leader sees it', async () => {
      const answer = await file(reporter, body({ description: '  Insulted members\r\nwho disagreed.  ' }));
      expect(answer).toEqual({ status: 201, body: { position: expect.any(String), leaderReport: { id: expect.any(String), status: 'pending' } } });
      const { id } = answer.body.leaderReport;
      const [event] = (await eventsOf('LeaderReportFiled')).filter((stored) => stored.data.leaderReportId === id);
      expect(event).toMatchObject({
        stream_id: `leader-report-${id}`,
        data: {
          leaderReportId: id,
          reporterId: reporter.userId,
          reportedUserId: offender.userId,
          groupId: SAUDI_ARABIA.groupId,
          reason: 'Harassment in the chat',
          description: 'Insulted members\nwho disagreed.',
          evidence: 'Chat of 3 to 5 March',
        },
        metadata: { actorId: reporter.userId },
      });
      leader.browser.position = answer.body.position;
      const list = await leader.browser.json('GET', `/api/leader-reports?groupId=${SAUDI_ARABIA.groupId}`);
      expect(list.status).toBe(200);
      expect(list.body.find((item: { id: string }) => item.id === id)).toMatchObject({
        reporterId: reporter.userId,
        reportedUserId: offender.userId,
        status: 'pending',
        reporter: { firstName: 'Reem' },
        reportedUser: { firstName: 'Fahad' },
      });
    });

    it('stores no evidence when none or only blanks are given', async () => {
      for (const evidence of [undefined, null, '   ']) {
        const answer = await file(reporter, body({ evidence }));
        expect(answer.status).toBe(201);
        const [event] = (await eventsOf('LeaderReportFiled')).filter((stored) => stored.data.leaderReportId === answer.body.leaderReport.id);
        expect(event!.data.evidence).toBeNull();
      }
    });

    it('refuses a report about oneself, and a body without member, group, reason or description', async () => {
      expect(await file(reporter, body({ reportedUserId: reporter.userId }))).toEqual({ status: 400, body: { message: 'You cannot report yourself.' } });
      expect(await file(reporter, body({ reportedUserId: undefined }))).toEqual({
        status: 400,
        body: { message: 'Please select the member you are reporting.' },
      });
      for (const groupId of [undefined, 0, 'abc', 1.5])
        expect(await file(reporter, body({ groupId }))).toEqual({ status: 400, body: { message: 'Please select a group' } });
      for (const reason of [undefined, '  '])
        expect(await file(reporter, body({ reason }))).toEqual({ status: 400, body: { message: 'Please give a reason for your report.' } });
      for (const description of [undefined, '\n'])
        expect(await file(reporter, body({ description }))).toEqual({ status: 400, body: { message: 'Please describe what happened.' } });
      expect(await file(reporter, body({ reason: 'x'.repeat(201) }))).toEqual({ status: 400, body: { message: 'Reason must be at most 200 characters' } });
      expect(await file(reporter, body({ description: 'x'.repeat(2001) }))).toEqual({
        status: 400,
        body: { message: 'Description must be at most 2000 characters' },
      });
      expect(await file(reporter, body({ evidence: 'x'.repeat(2001) }))).toEqual({
        status: 400,
        body: { message: 'Evidence must be at most 2000 characters' },
      });
    });

    it('is for members of the group, about members of it', async () => {
      // A resident (not a citizen) takes no part in the National group: the eligibility refusal.
      const refused = await file(resident, body());
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('citizens');
      for (const reportedUserId of [resident.userId, MISSING, 'not-an-id']) {
        expect(await file(reporter, body({ reportedUserId }))).toEqual({ status: 404, body: { message: 'This person is not a member of the group.' } });
      }
      expect(await file(reporter, body({ groupId: 999_999 }))).toEqual({ status: 404, body: { message: 'Group not found' } });
      // In a religion group everyone takes part, so anyone may be reported there.
      expect((await file(reporter, body({ reportedUserId: resident.userId, groupId: ISLAM }))).status).toBe(201);
    });

    it('is for signed-in members only, whatever the body', async () => {
      expect(await file(visitor(), body())).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await file(visitor(), {})).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });
  });

  describe('POST /api/leader-reports/<id>/update', () => {
    let reportId: string;
    beforeAll(async () => {
      reportId = (await file(reporter, body())).body.leaderReport.id;
    });

    it('lets the group\u2019s leader set any status in any order, as its leader', async () => {
      for (const status of ['under_review', 'resolved', 'pending', 'rejected'] as const) {
        const notes = status === 'resolved' ? ' Spoke with both members. ' : null;
        expect(await update(leader, reportId, { status, notes })).toEqual({
          status: 200,
          body: { position: expect.any(String), leaderReport: { id: reportId, status, notes: notes?.trim() ?? null, reviewerRole: 'leader' } },
        });
      }
      const reviews = (await eventsOf('LeaderReportReviewed')).filter((event) => event.data.leaderReportId === reportId);
      expect(reviews.map((event) => event.data.status)).toEqual(['under_review', 'resolved', 'pending', 'rejected']);
      expect(reviews[1]).toMatchObject({
        stream_id: `leader-report-${reportId}`,
        data: { groupId: SAUDI_ARABIA.groupId, notes: 'Spoke with both members.', reviewedBy: leader.userId, reviewerRole: 'leader' },
        metadata: { actorId: leader.userId },
      });
      const list = await leader.browser.json('GET', `/api/leader-reports?groupId=${SAUDI_ARABIA.groupId}`);
      expect(list.body.find((item: { id: string }) => item.id === reportId)).toMatchObject({
        status: 'rejected',
        reviewedBy: leader.userId,
        reviewerRole: 'leader',
        reviewedAt: expect.any(String),
      });
    });

    it('lets an admin review any group\u2019s report, as an admin', async () => {
      expect(await update(admin, reportId, { status: 'resolved', notes: 'Warned the member.' })).toEqual({
        status: 200,
        body: { position: expect.any(String), leaderReport: { id: reportId, status: 'resolved', notes: 'Warned the member.', reviewerRole: 'admin' } },
      });
    });

    it('refuses anyone else: the reporter, the reported member, another group\u2019s leader (403), visitors (401)', async () => {
      for (const who of [reporter, offender, otherLeader, resident]) {
        expect(await update(who, reportId, { status: 'rejected' })).toEqual({
          status: 403,
          body: { message: 'Only a leader of this group or an administrator can review this report.' },
        });
      }
      expect(await update(visitor(), reportId, { status: 'rejected' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await update(visitor(), reportId, {})).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });

    it('needs a status, and answers 404 for ids that name no leader report', async () => {
      for (const payload of [{}, { status: 'closed' }, { notes: 'Hm.' }, undefined]) {
        expect(await update(leader, reportId, payload)).toEqual({ status: 400, body: { message: 'Status Required: Please select a status for this report.' } });
      }
      for (const id of [MISSING, 'nope'])
        expect(await update(leader, id, { status: 'resolved' })).toEqual({ status: 404, body: { message: 'Leader report not found' } });
    });

    it('keeps a report about the leader away from that leader: hidden from their list, reviewed by an admin', async () => {
      const aboutLeader = await file(reporter, body({ reportedUserId: leader.userId, reason: 'Abuse of the leader role' }));
      expect(aboutLeader.status).toBe(201);
      const { id } = aboutLeader.body.leaderReport;
      expect(await update(leader, id, { status: 'rejected' })).toEqual({
        status: 403,
        body: { message: 'A report about you is reviewed by an administrator.' },
      });
      leader.browser.position = aboutLeader.body.position;
      const hidden = await leader.browser.json('GET', `/api/leader-reports?groupId=${SAUDI_ARABIA.groupId}`);
      expect(hidden.body.map((item: { id: string }) => item.id)).not.toContain(id);
      admin.browser.position = aboutLeader.body.position;
      const seen = await admin.browser.json('GET', `/api/leader-reports?groupId=${SAUDI_ARABIA.groupId}`);
      expect(seen.body.map((item: { id: string }) => item.id)).toContain(id);
      expect((await update(admin, id, { status: 'under_review' })).body.leaderReport.reviewerRole).toBe('admin');
    });
  });
});
