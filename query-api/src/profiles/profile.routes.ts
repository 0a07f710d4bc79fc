import { ProfileView, ServiceUnavailableError, achievementsOf, maskNationalId, profileBadgesOf } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';
import { USER_STATS_READ_MODELS, loadUserStats } from './user-stats';

export function profileRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/user/profile',
    {
      config: { access: 'member', readModels: ['users', 'user_verifications', 'profiles', ...USER_STATS_READ_MODELS] },
      schema: { tags: ['profiles'], summary: 'My profile page: profile, badges, verified nationality, stats and achievements', response: { 200: ProfileView } },
    },
    async (request) => {
      const userId = memberOf(request);
      const [row, verified, granted, stats] = await Promise.all([
        readModels.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
        readModels
          .selectFrom('user_verifications')
          .select(['country', 'national_id'])
          .where('user_id', '=', userId)
          .where('status', '=', 'approved')
          .orderBy('created_at')
          .orderBy('id')
          .executeTakeFirst(),
        readModels.selectFrom('user_badges').select('badge').where('user_id', '=', userId).execute(),
        loadUserStats(readModels, userId),
      ]);
      // A session exists only after its account's events: the read model is just behind.
      if (!row) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
      return {
        user: {
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
          createdAt: row.created_at.toISOString(),
        },
        // Only ever the member's own (this route reads the session's account), and masked as the page shows it
        // (docs/decisions.md, Bidirectional text and masked ids).
        verification: verified ? { country: verified.country, nationalId: verified.national_id ? maskNationalId(verified.national_id) : null } : null,
        badges: profileBadgesOf({ stats, isVerified: verified !== undefined, granted: granted.map((badge) => badge.badge) }),
        stats,
        achievements: achievementsOf(stats),
      };
    },
  );
}
