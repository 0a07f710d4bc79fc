import type { AuditKind, AuditSubjectType } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/**
 * Read model `audit_entries`: one row per decision, submission or leader action (events/src/audit/
 * audit-trail.ts says which events and how). Ids only, never names or national ids: the query
 * side joins names from `users` when it reads, so an erased member is 'Deleted member' there.
 */
export const auditEntriesTable = defineTable(
  'audit_entries',
  {
    event_id: column.uuid(),
    /** The event's place in the store: newest first is position descending, and the page cursor. */
    position: column.text(),
    occurred_at: column.timestamptz(),
    kind: column.text<AuditKind>(),
    actor_id: column.uuid().nullable(),
    subject_type: column.text<AuditSubjectType>(),
    subject_id: column.text(),
    subject_user_id: column.uuid().nullable(),
    decision: column.text().nullable(),
    reason: column.text().nullable(),
  },
  {
    primaryKey: ['event_id'],
    indexes: [
      { columns: ['position desc'] },
      { columns: ['subject_id', 'position desc'] },
      { columns: ['actor_id', 'position desc'] },
      { columns: ['subject_user_id', 'position desc'] },
      { columns: ['kind', 'position desc'] },
    ],
  },
);
