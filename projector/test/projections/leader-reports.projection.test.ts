import { leaderReportStream, type LeaderReportFiled, type LeaderReportReviewed } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderReportsProjection } from '../../src/moderation/leader-report.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T12:00:00.000Z';

const filed = (data: LeaderReportFiled['data']) => ({ type: 'LeaderReportFiled' as const, streamId: leaderReportStream(data.leaderReportId), data });
const reviewed = (data: LeaderReportReviewed['data']) => ({ type: 'LeaderReportReviewed' as const, streamId: leaderReportStream(data.leaderReportId), data });

describe('leader reports projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(leaderReportsProjection);
  });
  afterAll(async () => spec.close());

  const [reporter, reported, leader] = [newId(), newId(), newId()];
  const report = () =>
    filed({
      leaderReportId: newId(),
      reporterId: reporter,
      reportedUserId: reported,
      groupId: 1682,
      reason: 'Harassment',
      description: 'Insults in the chat.',
      evidence: null,
    });

  it('projects a filed report with section 3\u2019s fields, pending, and announces its group', async () => {
    const event = at(T1, report());
    const outcome = await spec.given([event]).run();
    expect(await outcome.rows('leader_reports')).toEqual([
      {
        id: event.data.leaderReportId,
        reporter_id: reporter,
        reported_user_id: reported,
        group_id: 1682,
        reason: 'Harassment',
        description: 'Insults in the chat.',
        evidence: null,
        status: 'pending',
        notes: null,
        reviewed_by: null,
        reviewer_role: null,
        reviewed_at: null,
        created_at: T1,
        updated_at: T1,
        position: expect.any(String),
      },
    ]);
    expect([...(outcome.changes[0]!.changes.get('leader_reports') ?? [])]).toEqual([1682]);
  });

  it('records the review: status, notes, reviewer, their role and the time; redelivery changes nothing', async () => {
    const event = at(T1, report());
    const review = at(
      T2,
      reviewed({
        leaderReportId: event.data.leaderReportId,
        groupId: 1682,
        status: 'resolved',
        notes: 'Spoke with both.',
        reviewedBy: leader,
        reviewerRole: 'leader',
      }),
    );
    const expected = [{ status: 'resolved', notes: 'Spoke with both.', reviewed_by: leader, reviewer_role: 'leader', reviewed_at: T2, updated_at: T2 }];
    const columns = ['status', 'notes', 'reviewed_by', 'reviewer_role', 'reviewed_at', 'updated_at'];
    await spec.given([event]).when([review]).then(expectRows('leader_reports', { columns }).toEqual(expected));
    await spec.given([event, review]).redelivered().then(expectRows('leader_reports', { columns }).toEqual(expected));
    await spec.given([]).whenEach([event, review]).then(expectRows('leader_reports', { columns }).toEqual(expected));
  });
});
