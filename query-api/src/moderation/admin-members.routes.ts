import {
  ADMIN_MEMBERS_PAGE_SIZE,
  AdminMembersPage,
  AdminMembersQuery,
  UNKNOWN_MEMBERS_CURSOR,
  ValidationError,
  personName,
  type AdminMemberView,
} from '@civitas/events';
import type { ReadModelRow } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { containsPattern, foldedSql } from '@civitas/service-kit/name-folding';
import { sql } from 'kysely';
import { z } from 'zod';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';

type MemberRow = Pick<
  ReadModelRow<'users'>,
  'id' | 'first_name' | 'last_name' | 'email' | 'roles' | 'is_banned' | 'ban_reason' | 'banned_at' | 'created_at' | 'erased_at'
>;

const toView = (row: MemberRow): AdminMemberView => ({
  id: row.id,
  name: personName({ firstName: row.first_name, lastName: row.last_name, email: row.email, erased: row.erased_at !== null }),
  email: row.email ?? '',
  roles: row.roles,
  isBanned: row.is_banned,
  banReason: row.ban_reason,
  bannedAt: iso(row.banned_at),
  createdAt: row.created_at.toISOString(),
});

/** The members an admin manages (roles, bans): found by name or e-mail, in any case and with or without accents. */
export function adminMembersRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin', readModels: ['users'] },
      schema: {
        tags: ['moderation'],
        summary: 'Members by name or e-mail (any case, any accents), newest accounts first, 20 a page; `before` is the last id of the previous page (admins)',
        querystring: AdminMembersQuery,
        response: { 200: AdminMembersPage },
      },
    },
    async (request): Promise<AdminMembersPage> => {
      const term = request.query.search?.trim() ?? '';
      const { before } = request.query;
      // Erased accounts have nothing left to manage (their history stays in the audit trail).
      let query = readModels
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'roles', 'is_banned', 'ban_reason', 'banned_at', 'created_at', 'erased_at'])
        .where('erased_at', 'is', null);
      if (term) {
        const haystack = sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '')`;
        query = query.where(sql<boolean>`${foldedSql(haystack)} like ${foldedSql(sql.val(containsPattern(term)))}`);
      }
      if (before !== undefined) {
        const cursor = z.uuid().safeParse(before).success
          ? await readModels.selectFrom('users').select(['id', 'created_at']).where('id', '=', before.toLowerCase()).executeTakeFirst()
          : undefined;
        if (!cursor) throw new ValidationError(UNKNOWN_MEMBERS_CURSOR);
        query = query.where(sql<boolean>`(created_at, id) < (${cursor.created_at}, ${cursor.id}::uuid)`);
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ADMIN_MEMBERS_PAGE_SIZE + 1)
        .execute();
      const page = rows.slice(0, ADMIN_MEMBERS_PAGE_SIZE);
      return { users: page.map(toView), nextCursor: rows.length > ADMIN_MEMBERS_PAGE_SIZE ? page.at(-1)!.id : null };
    },
  );
}
