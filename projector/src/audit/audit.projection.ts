import { AUDITED_EVENT_TYPES, auditEntryOf } from '@civitas/events';
import { sql } from 'kysely';
import { defineProjection, eventTime } from '../projection';
import { auditEntriesTable } from './audit.table';

/**
 * The audit trail as a read model: each audited event becomes one row, keyed by the event's id
 * (a redelivered batch adds nothing). A review names only its item, so the member the item
 * concerns is taken from the item's earlier entries (its submission), which precede it in
 * position order whether they came in this batch or an earlier one.
 */
export const auditProjection = defineProjection({
  name: 'audit',
  // 2: a report concerns the author of what it names (it named the reporter); moderation actions (docs/decisions.md).
  version: 2,
  tables: [auditEntriesTable],
  handles: AUDITED_EVENT_TYPES,

  async apply(db, schema, events, changes) {
    const entries = db.withSchema(schema);
    for (const event of events) {
      const entry = auditEntryOf(event);
      if (!entry) continue;
      const known = entries
        .selectFrom('audit_entries')
        .select('subject_user_id')
        .where('subject_type', '=', entry.subjectType)
        .where('subject_id', '=', entry.subjectId)
        .where('subject_user_id', 'is not', null)
        .orderBy('position')
        .limit(1);
      await entries
        .insertInto('audit_entries')
        .values({
          event_id: event.id,
          position: event.position,
          occurred_at: eventTime(event),
          kind: entry.kind,
          actor_id: entry.actorId,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          subject_user_id: entry.subjectUserId ?? sql<string | null>`(${known})`,
          decision: entry.decision,
          reason: entry.reason,
        })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .execute();
      changes.add('audit_entries', `${entry.subjectType}:${entry.subjectId}`);
    }
  },
});
