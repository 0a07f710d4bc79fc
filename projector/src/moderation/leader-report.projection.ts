import { defineProjection, eventTime } from '../projection';
import { leaderReportsTable } from './leader-report.table';

/** Leader reports as a group's leaders (and admins) list them, with the review's status, notes and reviewer. */
export const leaderReportsProjection = defineProjection({
  name: 'leader_reports',
  version: 1,
  tables: [leaderReportsTable],
  handles: ['LeaderReportFiled', 'LeaderReportReviewed'],

  async apply(db, schema, events, changes) {
    const tables = db.withSchema(schema);
    for (const event of events) {
      const at = eventTime(event);
      changes.add('leader_reports', event.data.groupId);
      if (event.type === 'LeaderReportFiled') {
        const { data } = event;
        // Redelivered batches insert nothing twice.
        await tables
          .insertInto('leader_reports')
          .values({
            id: data.leaderReportId,
            reporter_id: data.reporterId,
            reported_user_id: data.reportedUserId,
            group_id: data.groupId,
            reason: data.reason,
            description: data.description,
            evidence: data.evidence,
            status: 'pending',
            created_at: at,
            updated_at: at,
            position: event.position,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      } else {
        const { data } = event;
        await tables
          .updateTable('leader_reports')
          .set({ status: data.status, notes: data.notes, reviewed_by: data.reviewedBy, reviewer_role: data.reviewerRole, reviewed_at: at, updated_at: at })
          .where('id', '=', data.leaderReportId)
          .execute();
      }
    }
  },
});
