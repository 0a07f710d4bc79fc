import {
  AUDIT_PAGE_SIZE,
  AuditHistory,
  AuditListQuery,
  AuditPage,
  AuditSubjectTypeSchema,
  UNKNOWN_AUDIT_CURSOR,
  ValidationError,
  isPosition,
  personName,
  queryText,
  type AuditEntryView,
  type AuditPerson,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { QueryContext } from '../lib/viewer';

interface PersonColumns {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  erasedAt: Date | null;
}

/** Names are read now, from `users`, never kept in the trail: an erased member (or one the read model lacks) is 'Deleted member'. */
function person(columns: PersonColumns, id: string | null): AuditPerson | null {
  if (id === null) return null;
  const { firstName, lastName, email } = columns;
  return { id, name: personName({ firstName, lastName, email, erased: columns.id === null || columns.erasedAt !== null }) };
}

/** The trail joined with the names of its actors and subjects. */
const entriesWithNames = (readModels: Kysely<ReadModels>) =>
  readModels
    .selectFrom('audit_entries as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as subject', 'subject.id', 'a.subject_user_id')
    .select([
      'a.event_id',
      'a.position',
      'a.occurred_at',
      'a.kind',
      'a.actor_id',
      'a.subject_type',
      'a.subject_id',
      'a.subject_user_id',
      'a.decision',
      'a.reason',
      'actor.id as actor_row',
      'actor.first_name as actor_first',
      'actor.last_name as actor_last',
      'actor.email as actor_email',
      'actor.erased_at as actor_erased',
      'subject.id as subject_row',
      'subject.first_name as subject_first',
      'subject.last_name as subject_last',
      'subject.email as subject_email',
      'subject.erased_at as subject_erased',
    ]);
type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesWithNames>['execute']>>[number];

const toView = (row: EntryRow): AuditEntryView => ({
  id: row.event_id,
  position: row.position,
  occurredAt: row.occurred_at.toISOString(),
  kind: row.kind,
  actor: person({ id: row.actor_row, firstName: row.actor_first, lastName: row.actor_last, email: row.actor_email, erasedAt: row.actor_erased }, row.actor_id),
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  subject: person(
    { id: row.subject_row, firstName: row.subject_first, lastName: row.subject_last, email: row.subject_email, erasedAt: row.subject_erased },
    row.subject_user_id,
  ),
  decision: row.decision,
  reason: row.reason,
});

/**
 * The audit trail (issue #13 item 6): every decision, submission and leader action, with who,
 * on what and why. Admins and auditors read it; nobody writes it but the projector.
 */
export function auditRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'auditor', readModels: ['audit', 'users'] },
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail, newest first, 50 a page: filter by actor, subject, kind and time (from and to, inclusive); `before` is the last entry\u2019s position (admins, auditors)',
        querystring: AuditListQuery,
        response: { 200: AuditPage },
      },
    },
    async (request): Promise<AuditPage> => {
      const { actorId, subjectType, subjectId, kind, from, to, before } = request.query;
      if (before !== undefined && !isPosition(before)) throw new ValidationError(UNKNOWN_AUDIT_CURSOR);
      let query = entriesWithNames(readModels);
      if (actorId) query = query.where('a.actor_id', '=', actorId.toLowerCase());
      if (subjectType) query = query.where('a.subject_type', '=', subjectType);
      if (subjectId) query = query.where('a.subject_id', '=', subjectId.toLowerCase());
      if (kind) query = query.where('a.kind', '=', kind);
      if (from) query = query.where('a.occurred_at', '>=', new Date(from));
      if (to) query = query.where('a.occurred_at', '<=', new Date(to));
      if (before) query = query.where('a.position', '<', before);
      // One more than a page says whether another follows.
      const rows = await query
        .orderBy('a.position', 'desc')
        .limit(AUDIT_PAGE_SIZE + 1)
        .execute();
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return { entries: page.map(toView), nextCursor: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.position : null };
    },
  );

  app.get(
    '/api/admin/audit/:subjectType/:subjectId',
    {
      config: { access: 'auditor', readModels: ['audit', 'users'] },
      schema: {
        tags: ['audit'],
        summary: 'Everything that happened to one verification, report, suggestion or leader report, or concerning one member, oldest first (admins, auditors)',
        params: z.object({ subjectType: AuditSubjectTypeSchema, subjectId: queryText('subjectId').max(200, 'subjectId must be at most 200 characters') }),
        response: { 200: AuditHistory },
      },
    },
    async (request): Promise<AuditHistory> => {
      const { subjectType } = request.params;
      const subjectId = request.params.subjectId.toLowerCase();
      // A member's history is everything concerning them: roles, bans, badges, and their claims and reports and those about them.
      if (subjectType === 'member' && !z.uuid().safeParse(subjectId).success) return { subjectType, subjectId, entries: [] };
      const query =
        subjectType === 'member'
          ? entriesWithNames(readModels).where('a.subject_user_id', '=', subjectId)
          : entriesWithNames(readModels).where('a.subject_type', '=', subjectType).where('a.subject_id', '=', subjectId);
      const rows = await query.orderBy('a.position').execute();
      return { subjectType, subjectId, entries: rows.map(toView) };
    },
  );
}
