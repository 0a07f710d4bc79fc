import { UserStats } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';
import { USER_STATS_READ_MODELS, loadUserStats } from './user-stats';

export function userStatsRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/user/stats',
    {
      config: { access: 'member', readModels: USER_STATS_READ_MODELS },
      schema: { tags: ['profiles'], summary: 'My participation numbers and score', response: { 200: UserStats } },
    },
    async (request) => loadUserStats(readModels, memberOf(request)),
  );
}
