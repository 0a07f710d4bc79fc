import { UserStats } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { QueryContext } from '../lib/viewer';

export function userStatsRoutes(app: ZodRoutes, { readModels, auth }: QueryContext): void {
  app.get('/api/user/stats', {
    config: { readModels: ['participation'] },
    schema: { tags: ['profiles'], summary: 'My participation numbers and score', response: { 200: UserStats } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const row = await readModels.selectFrom('member_stats').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return {
      topicsCreated: row?.topics_created ?? 0,
      votesCast: row?.votes_cast ?? 0,
      opinionsPosted: row?.opinions_posted ?? 0,
      participationScore: row?.participation_score ?? 0,
    };
  });
}
