import { UserStats } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql } from 'kysely';
import type { QueryContext } from '../lib/viewer';

export function userStatsRoutes(app: ZodRoutes, { readModels, auth }: QueryContext): void {
  app.get('/api/user/stats', {
    config: { readModels: ['participation', 'delegation', 'groups'] },
    schema: { tags: ['profiles'], summary: 'My participation numbers and score', response: { 200: UserStats } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const [row, delegates, led] = await Promise.all([
      readModels.selectFrom('member_stats').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      readModels.selectFrom('delegations').select(sql<number>`count(distinct delegator_id)::int`.as('count'))
        .where('delegate_id', '=', userId).where('is_active', '=', true).executeTakeFirstOrThrow(),
      // A leader's Alliance seat is a membership with isLeader too; only the groups they were elected to lead count.
      readModels.selectFrom('group_members as m').innerJoin('groups as g', 'g.id', 'm.group_id').select(sql<number>`count(*)::int`.as('count'))
        .where('m.user_id', '=', userId).where('m.status', '=', 'active').where('m.is_leader', '=', true).where('g.department', '<>', 'alliance')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      topicsCreated: row?.topics_created ?? 0,
      votesCast: row?.votes_cast ?? 0,
      opinionsPosted: row?.opinions_posted ?? 0,
      electionsWon: row?.elections_won ?? 0,
      delegatesCount: delegates.count,
      groupsLed: led.count,
      participationScore: row?.participation_score ?? 0,
    };
  });
}
