import type { UserStats } from '@civitas/events';
import type { ProjectionName, ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';

/** What the member's counts are read from. */
export const USER_STATS_READ_MODELS: ProjectionName[] = ['participation', 'delegation', 'groups'];

/** The member's counts and score (GET /api/user/stats, and the profile's stat cards, badges and achievements). */
export async function loadUserStats(readModels: Kysely<ReadModels>, userId: string): Promise<UserStats> {
  const [row, delegates, led] = await Promise.all([
    readModels.selectFrom('member_stats').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    readModels
      .selectFrom('delegations')
      .select(sql<number>`count(distinct delegator_id)::int`.as('count'))
      .where('delegate_id', '=', userId)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow(),
    // A leader's Alliance seat is a membership with isLeader too; only the groups they were elected to lead count.
    readModels
      .selectFrom('group_members as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'active')
      .where('m.is_leader', '=', true)
      .where('g.department', '<>', 'alliance')
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
}
