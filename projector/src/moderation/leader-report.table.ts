import type { ReportStatus } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/** Read model `leader_reports` (docs/product.md, Data), with the review's notes and whether a leader or an admin decided. */
export const leaderReportsTable = defineTable(
  'leader_reports',
  {
    id: column.uuid(),
    reporter_id: column.uuid(),
    reported_user_id: column.uuid(),
    group_id: column.integer(),
    reason: column.text(),
    description: column.text(),
    evidence: column.text().nullable(),
    status: column.text<ReportStatus>(),
    notes: column.text().nullable(),
    reviewed_by: column.uuid().nullable(),
    reviewer_role: column.text<'leader' | 'admin'>().nullable(),
    reviewed_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
    /** Where LeaderReportFiled stands in the store: orders reports of the same instant. */
    position: column.text(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['group_id', 'created_at desc', 'position desc'] }],
  },
);
