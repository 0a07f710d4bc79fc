import type { ReportCategory, ReportStatus, ReportTargetType, SuggestionCategory, SuggestionPriority, SuggestionStatus } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/** Read model `reports` (docs/product.md, Data): members' reports and the admins' decisions on them. */
export const reportsTable = defineTable(
  'reports',
  {
    id: column.uuid(),
    user_id: column.uuid(),
    type: column.text<ReportCategory>(),
    content: column.text(),
    target_type: column.text<ReportTargetType>().nullable(),
    target_id: column.text().nullable(),
    status: column.text<ReportStatus>(),
    admin_notes: column.text().nullable(),
    reviewed_by: column.uuid().nullable(),
    reviewed_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
    /** Where ReportSubmitted stands in the store: orders reports of the same instant (newest first). */
    position: column.text(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['created_at desc', 'position desc'] }],
  },
);

/** Read model `suggestions` (docs/product.md, Data). No event sets implementation notes yet: the column stays null. */
export const suggestionsTable = defineTable(
  'suggestions',
  {
    id: column.uuid(),
    user_id: column.uuid(),
    type: column.text<SuggestionCategory>(),
    content: column.text(),
    status: column.text<SuggestionStatus>(),
    priority: column.text<SuggestionPriority>(),
    admin_notes: column.text().nullable(),
    implementation_notes: column.text().nullable(),
    reviewed_by: column.uuid().nullable(),
    reviewed_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
    position: column.text(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['created_at desc', 'position desc'] }],
  },
);
