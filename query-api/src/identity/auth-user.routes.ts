import { AuthUser, ServiceUnavailableError, UnauthorizedError, maskNationalId } from '@civitas/events';
import type { ReadModelRow } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';

function toAuthUser(
  row: ReadModelRow<'users'> & { email: string },
  verifications: readonly ReadModelRow<'user_verifications'>[],
  participationScore: number,
): AuthUser {
  const approved = verifications.filter((verification) => verification.status === 'approved');
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    aboutMe: row.about_me,
    city: row.city,
    websiteUrl: row.website_url,
    twitterUrl: row.twitter_url,
    linkedinUrl: row.linkedin_url,
    githubUrl: row.github_url,
    isSubscribed: row.is_subscribed,
    subscriptionPlan: row.subscription_plan,
    subscriptionStatus: row.subscription_status,
    subscriptionStartDate: iso(row.subscription_start_date),
    subscriptionEndDate: iso(row.subscription_end_date),
    participationScore,
    isBanned: row.is_banned,
    banReason: row.ban_reason,
    bannedAt: iso(row.banned_at),
    isVerified: approved.length > 0,
    country: approved[0]?.country ?? null,
    // Only ever answered to the member themself, and masked: the session's reply is read on every page
    // and shows the id nowhere (docs/decisions.md, Bidirectional text and masked ids).
    nationalId: approved[0]?.national_id ? maskNationalId(approved[0].national_id) : null,
    verifications: verifications.map((verification) => ({
      id: verification.id,
      country: verification.country,
      status: verification.status,
      isVerified: verification.is_verified,
    })),
    roles: row.roles,
    isAdmin: row.roles.includes('admin'),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function authUserRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/auth/user',
    {
      config: { access: 'member', readModels: ['users', 'user_verifications', 'participation'] },
      schema: { tags: ['identity'], summary: 'The signed-in member', response: { 200: AuthUser } },
    },
    async (request) => {
      const userId = memberOf(request);
      const [row, verifications, stats] = await Promise.all([
        readModels.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
        readModels.selectFrom('user_verifications').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        readModels.selectFrom('member_stats').select('participation_score').where('user_id', '=', userId).executeTakeFirst(),
      ]);
      // A session exists only after its account's events: the read model is just behind.
      if (!row) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
      // Only an erased account has no address, and erasure ends its sessions: one racing it is signed out.
      if (row.email === null) throw new UnauthorizedError('Unauthorized');
      return toAuthUser({ ...row, email: row.email }, verifications, stats?.participation_score ?? 0);
    },
  );
}
