import { AdminVerificationItem, ForbiddenError, LeaderVerificationItem, NATIONAL_LEADERS_ONLY, personName } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import type { QueryContext } from '../lib/viewer';
import { ledCountryKeys } from './national-leadership';

/** The review queues: every pending claim for admins, the claims of their countries for National group leaders. */
export function adminVerificationsRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;
  const pending = () =>
    readModels
      .selectFrom('user_verifications as v')
      .leftJoin('users as u', 'u.id', 'v.user_id')
      .where('v.status', '=', 'pending')
      // Oldest first: the longest waiting is reviewed first.
      .orderBy('v.created_at')
      .orderBy('v.id');

  app.get(
    '/api/admin/verifications',
    {
      config: { access: 'admin', readModels: ['user_verifications', 'users'] },
      schema: {
        tags: ['verification', 'admin'],
        summary: 'Pending nationality verifications, oldest first (admins)',
        response: { 200: z.array(AdminVerificationItem) },
      },
    },
    async (): Promise<AdminVerificationItem[]> => {
      const rows = await pending()
        .select([
          'v.id',
          'v.user_id',
          'v.country',
          'v.national_id',
          'v.verification_type',
          'v.document_image_url',
          'v.confirmed_by_leader',
          'v.created_at',
          'u.first_name',
          'u.last_name',
          'u.email',
          'u.erased_at',
        ])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        userName: personName({ firstName: row.first_name, lastName: row.last_name, email: row.email, erased: row.erased_at !== null }),
        country: row.country,
        nationalId: row.national_id,
        verificationType: row.verification_type,
        documentImageUrl: row.document_image_url,
        confirmedByLeader: row.confirmed_by_leader,
        createdAt: row.created_at.toISOString(),
      }));
    },
  );

  app.get(
    '/api/leader/verifications',
    {
      config: { access: 'member', readModels: ['user_verifications', 'users', 'groups'] },
      schema: {
        tags: ['verification'],
        summary: 'Pending nationality verifications of the countries whose National group I lead',
        response: { 200: z.array(LeaderVerificationItem) },
      },
    },
    async (request): Promise<LeaderVerificationItem[]> => {
      const userId = memberOf(request);
      const countries = await ledCountryKeys(readModels, userId);
      if (countries.length === 0) throw new ForbiddenError(NATIONAL_LEADERS_ONLY);
      const rows = await pending()
        .select([
          'v.id',
          'v.country',
          'v.country_key',
          'v.verification_type',
          'v.document_image_url',
          'v.confirmed_by_leader',
          'v.created_at',
          'u.first_name',
          'u.last_name',
          'u.erased_at',
        ])
        .where('v.country_key', 'in', countries)
        // A leader does not vouch for themself.
        .where('v.user_id', '<>', userId)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userName: personName({ firstName: row.first_name, lastName: row.last_name, erased: row.erased_at !== null }),
        country: row.country,
        countryKey: row.country_key,
        verificationType: row.verification_type,
        documentImageUrl: row.document_image_url,
        confirmedByLeader: row.confirmed_by_leader,
        createdAt: row.created_at.toISOString(),
      }));
    },
  );
}
