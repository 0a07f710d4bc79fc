import {
  CATALOGUE,
  groupStream,
  leaderReportStream,
  reportStream,
  suggestionStream,
  type LeaderReportFiled,
  type ReportSubmitted,
  type SuggestionSubmitted,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, newId, roleGranted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const SAUDI_ARABIA = 1682;
const EGYPT = 1818;
const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();

const reportSubmitted = (data: ReportSubmitted['data']) => ({ type: 'ReportSubmitted' as const, streamId: reportStream(data.reportId), data });
const suggestionSubmitted = (data: SuggestionSubmitted['data']) => ({
  type: 'SuggestionSubmitted' as const,
  streamId: suggestionStream(data.suggestionId),
  data,
});
const leaderReportFiled = (data: LeaderReportFiled['data']) => ({
  type: 'LeaderReportFiled' as const,
  streamId: leaderReportStream(data.leaderReportId),
  data,
});
const leaderElected = (groupId: number, userId: string) => ({
  type: 'GroupLeaderElected' as const,
  streamId: groupStream(groupId),
  data: { groupId, userId, electionId: newId(), previousLeaderId: null },
});

describe('moderation reads (admin lists, leader reports)', () => {
  let query: QueryApp;
  let admin: Member;
  let member: Member;
  let leader: Member;
  let offender: Member;

  beforeAll(async () => {
    query = await startQueryApp();
    const catalogue = (groupId: number) => {
      const group = CATALOGUE.find((candidate) => candidate.groupId === groupId);
      if (!group) throw new Error(`no catalogue group ${groupId}`);
      return group;
    };
    await query.record(groupCreated(SAUDI_ARABIA, catalogue(SAUDI_ARABIA)), groupCreated(EGYPT, catalogue(EGYPT)));
    [admin, member, leader, offender] = [await query.member('Amal'), await query.member('Reem'), await query.member('Noura'), await query.member('Fahad')];
    await query.record(roleGranted(admin.id, 'admin'), leaderElected(SAUDI_ARABIA, leader.id));
  });
  afterAll(async () => query.close());

  describe('GET /api/admin/reports and /api/admin/suggestions', () => {
    const [older, newer, sameInstant] = [newId(), newId(), newId()];
    const suggestionId = newId();
    beforeAll(async () => {
      await query.record(
        at(
          minute(1),
          reportSubmitted({ reportId: older, userId: member.id, type: 'harassment', content: 'Insults.', targetType: 'chat_message', targetId: newId() }),
        ),
        at(
          minute(3),
          reportSubmitted({ reportId: newer, userId: member.id, type: 'technical-issue', content: 'The page froze.', targetType: null, targetId: null }),
        ),
        // Submitted later in the store at the same instant: it comes first.
        at(
          minute(3),
          reportSubmitted({ reportId: sameInstant, userId: offender.id, type: 'spam', content: 'Adverts.', targetType: 'topic', targetId: newId() }),
        ),
        at(minute(4), {
          type: 'ReportReviewed',
          streamId: reportStream(older),
          data: { reportId: older, status: 'resolved', adminNotes: 'Removed.', reviewedBy: admin.id },
        }),
        at(minute(2), suggestionSubmitted({ suggestionId, userId: member.id, type: 'accessibility', content: 'High contrast.', priority: 'medium' })),
        at(minute(5), {
          type: 'SuggestionReviewed',
          streamId: suggestionStream(suggestionId),
          data: { suggestionId, status: 'approved', priority: 'high', adminNotes: 'Soon.', reviewedBy: admin.id },
        }),
      );
    });

    it('lists every report newest first, with exactly the fields of section 3\u2019s admin report item', async () => {
      const answer = await query.get('/api/admin/reports', { as: admin });
      expect(answer.statusCode).toBe(200);
      const items = answer.json() as Array<Record<string, unknown>>;
      expect(items.map((item) => item.id)).toEqual([sameInstant, newer, older]);
      expect(items[2]).toEqual({
        id: older,
        type: 'harassment',
        content: 'Insults.',
        targetType: 'chat_message',
        targetId: expect.any(String),
        status: 'resolved',
        adminNotes: 'Removed.',
        createdAt: minute(1),
        reviewedAt: minute(4),
        // Additions to section 3's item: who reported it, the item as it is now (this message no longer exists), earlier reports on it.
        reporter: { id: member.id, name: 'Reem Tester' },
        target: { type: 'chat_message', id: expect.any(String), topicId: null, topicTitle: null, content: null, author: null, hidden: null },
        earlierReports: [],
      });
      expect(items[1]).toEqual({
        id: newer,
        type: 'technical-issue',
        content: 'The page froze.',
        targetType: null,
        targetId: null,
        status: 'pending',
        adminNotes: null,
        createdAt: minute(3),
        reviewedAt: null,
        reporter: { id: member.id, name: 'Reem Tester' },
        target: null,
        earlierReports: [],
      });
    });

    it('lists every suggestion with exactly the fields of section 3\u2019s admin suggestion item', async () => {
      const answer = await query.get('/api/admin/suggestions', { as: admin });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        {
          id: suggestionId,
          type: 'accessibility',
          content: 'High contrast.',
          status: 'approved',
          priority: 'high',
          adminNotes: 'Soon.',
          implementationNotes: null,
          createdAt: minute(2),
          reviewedAt: minute(5),
        },
      ]);
    });

    it('reads the admin\u2019s own write at once (X-Civitas-Position)', async () => {
      const reportId = newId();
      const position = await query.append(
        at(minute(9), reportSubmitted({ reportId, userId: member.id, type: 'other', content: 'Just now.', targetType: null, targetId: null })),
      );
      const answer = await query.get('/api/admin/reports', { as: admin, position });
      expect((answer.json() as Array<{ id: string }>)[0]!.id).toBe(reportId);
    });

    it('answers members 403 and visitors 401', async () => {
      for (const path of ['/api/admin/reports', '/api/admin/suggestions']) {
        for (const who of [member, leader]) {
          const refused = await query.get(path, { as: who });
          expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'Admin access required' }]);
        }
        const visitor = await query.get(path);
        expect([visitor.statusCode, visitor.json()]).toEqual([401, { message: 'Unauthorized' }]);
      }
    });
  });

  describe('GET /api/leader-reports?groupId=', () => {
    const [first, second, aboutLeader, elsewhere] = [newId(), newId(), newId(), newId()];
    beforeAll(async () => {
      const report = (leaderReportId: string, groupId: number, reportedUserId: string, reason: string) =>
        leaderReportFiled({ leaderReportId, reporterId: member.id, reportedUserId, groupId, reason, description: 'What happened.', evidence: null });
      await query.record(
        at(minute(10), report(first, SAUDI_ARABIA, offender.id, 'Harassment')),
        at(minute(11), report(second, SAUDI_ARABIA, offender.id, 'Spam in the chat')),
        at(minute(12), report(aboutLeader, SAUDI_ARABIA, leader.id, 'Abuse of the leader role')),
        at(minute(13), report(elsewhere, EGYPT, offender.id, 'Elsewhere')),
        at(minute(14), {
          type: 'LeaderReportReviewed',
          streamId: leaderReportStream(first),
          data: { leaderReportId: first, groupId: SAUDI_ARABIA, status: 'resolved', notes: 'Spoke with both.', reviewedBy: leader.id, reviewerRole: 'leader' },
        }),
      );
    });
    const list = (who: Member | null, search: string) => query.get(`/api/leader-reports${search}`, who ? { as: who } : {});

    it('shows the group\u2019s leader its reports, newest first, with who reported whom, but not the ones about them', async () => {
      const answer = await list(leader, `?groupId=${SAUDI_ARABIA}`);
      expect(answer.statusCode).toBe(200);
      const items = answer.json() as Array<Record<string, unknown>>;
      expect(items.map((item) => item.id)).toEqual([second, first]);
      expect(items[1]).toEqual({
        id: first,
        reporterId: member.id,
        reportedUserId: offender.id,
        groupId: SAUDI_ARABIA,
        reason: 'Harassment',
        description: 'What happened.',
        evidence: null,
        status: 'resolved',
        notes: 'Spoke with both.',
        reviewedBy: leader.id,
        reviewerRole: 'leader',
        reviewedAt: minute(14),
        createdAt: minute(10),
        reporter: { firstName: 'Reem', lastName: 'Tester', profileImageUrl: null },
        reportedUser: { firstName: 'Fahad', lastName: 'Tester', profileImageUrl: null },
      });
    });

    it('shows an admin every report of any group', async () => {
      expect((await list(admin, `?groupId=${SAUDI_ARABIA}`)).json().map((item: { id: string }) => item.id)).toEqual([aboutLeader, second, first]);
      expect((await list(admin, `?groupId=${EGYPT}`)).json().map((item: { id: string }) => item.id)).toEqual([elsewhere]);
    });

    it('refuses members who do not lead the group (403), visitors (401), a missing group (400) and an unknown one (404)', async () => {
      const hidden = { message: 'Only the leaders of this group and administrators can see its leader reports.' };
      for (const [who, search] of [
        [member, `?groupId=${SAUDI_ARABIA}`],
        [offender, `?groupId=${SAUDI_ARABIA}`],
        [leader, `?groupId=${EGYPT}`],
      ] as const) {
        const refused = await list(who, search);
        expect([refused.statusCode, refused.json()]).toEqual([403, hidden]);
      }
      const visitor = await list(null, `?groupId=${SAUDI_ARABIA}`);
      expect([visitor.statusCode, visitor.json()]).toEqual([401, { message: 'Unauthorized' }]);
      for (const search of ['', '?groupId=', '?groupId=abc', '?groupId=0']) {
        const bad = await list(leader, search);
        expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'Please select a group' }]);
      }
      const unknown = await list(admin, '?groupId=999999');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Group not found' }]);
    });
  });
});
