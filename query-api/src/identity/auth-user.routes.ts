import { AuthUser, ServiceUnavailableError } from '@civitas/events';
import type { UsersTable } from '@civitas/projector';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { Kysely } from 'kysely';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toAuthUser(row: UsersTable): AuthUser {
  return {
    id: row.id,
    email: row.email,
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
    participationScore: row.participation_score,
    isBanned: row.is_banned,
    banReason: row.ban_reason,
    bannedAt: iso(row.banned_at),
    // Verification lands with its own feature; until then nobody is verified.
    isVerified: false,
    country: null,
    verifications: [],
    roles: row.roles,
    isAdmin: row.roles.includes('admin'),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function authUserRoutes(app: ZodRoutes, readModels: Kysely<{ users: UsersTable }>, auth: SessionAuth): void {
  app.get('/api/auth/user', {
    config: { readModels: ['users'] },
    schema: { tags: ['identity'], summary: 'The signed-in member', response: { 200: AuthUser } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const row = await readModels.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    // A session exists only after its account's events: the read model is just behind.
    if (!row) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
    return toAuthUser(row);
  });
}
