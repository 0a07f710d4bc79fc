import { z } from 'zod';
import { queryText, uuidField } from '../ids';
import { AUDIT_KINDS, AUDIT_SUBJECT_TYPES } from './audit-trail';

export { AUDIT_KINDS, AUDIT_SUBJECT_TYPES, type AuditKind, type AuditSubjectType } from './audit-trail';

/** How many entries one page of GET /api/admin/audit holds. */
export const AUDIT_PAGE_SIZE = 50;
export const UNKNOWN_AUDIT_CURSOR = 'No such audit entry to page before';
export const UNKNOWN_SUBJECT_TYPE = `Subject type must be one of: ${AUDIT_SUBJECT_TYPES.join(', ')}`;

export const AuditSubjectTypeSchema = z.enum(AUDIT_SUBJECT_TYPES, { error: UNKNOWN_SUBJECT_TYPE });
export const AuditKindSchema = z.enum(AUDIT_KINDS, { error: `Kind must be one of: ${AUDIT_KINDS.join(', ')}` });

const instant = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO date and time, e.g. 2026-03-01T00:00:00Z` });

/** GET /api/admin/audit: every filter optional; `before` is the `position` of the last entry of the previous page. */
export const AuditListQuery = z.object({
  actorId: uuidField('actorId must be a member id').optional(),
  subjectType: AuditSubjectTypeSchema.optional(),
  subjectId: queryText('subjectId').min(1, 'subjectId must not be empty').max(200, 'subjectId must be at most 200 characters').optional(),
  kind: AuditKindSchema.optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  before: queryText('before').optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** A member as the trail names them, by the one rule (`personName` in events/src/person-name.ts), the e-mail passed. */
export const AuditPerson = z.object({ id: z.string(), name: z.string() });
export type AuditPerson = z.infer<typeof AuditPerson>;

export const AuditEntryView = z.object({
  id: z.string(),
  /** Where the entry's event sits in the store: the cursor for the next page. */
  position: z.string(),
  occurredAt: z.string(),
  kind: AuditKindSchema,
  /** Null when the platform decided (an automatic approval, a role from ADMIN_EMAILS). */
  actor: AuditPerson.nullable(),
  subjectType: AuditSubjectTypeSchema,
  subjectId: z.string(),
  /** The member the subject concerns, when known. */
  subject: AuditPerson.nullable(),
  decision: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;

/** Newest first; `nextCursor` pages on (null on the last page). */
export const AuditPage = z.object({ entries: z.array(AuditEntryView), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** GET /api/admin/audit/<subjectType>/<subjectId>: everything that happened to one item, oldest first. */
export const AuditHistory = z.object({ subjectType: AuditSubjectTypeSchema, subjectId: z.string(), entries: z.array(AuditEntryView) });
export type AuditHistory = z.infer<typeof AuditHistory>;
