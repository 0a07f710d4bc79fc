import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';

/** Country keys of the National groups a member leads now (isLeader on an active membership). */
export async function ledCountryKeys(readModels: Kysely<ReadModels>, userId: string): Promise<string[]> {
  const rows = await readModels
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select('g.subcategory')
    .where('m.user_id', '=', userId)
    .where('m.is_leader', '=', true)
    .where('m.status', '=', 'active')
    .where('g.department', '=', 'national')
    .execute();
  return rows.flatMap((row) => (row.subcategory ? [row.subcategory] : []));
}
