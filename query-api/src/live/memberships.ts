import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import type { LiveClient } from './live-hub';

/** Loads the active group memberships of these sockets' members in one query and sets them. */
export async function reloadGroups(readModels: Kysely<ReadModels>, clients: readonly LiveClient[]): Promise<void> {
  const userIds = [...new Set(clients.map((client) => client.userId))];
  if (userIds.length === 0) return;
  const rows = await readModels
    .selectFrom('group_members')
    .select(['user_id', 'group_id'])
    .where('status', '=', 'active')
    .where('user_id', 'in', userIds)
    .execute();
  const groups = new Map<string, Set<number>>(userIds.map((id) => [id, new Set()]));
  for (const row of rows) groups.get(row.user_id)!.add(row.group_id);
  for (const client of clients) client.groups = groups.get(client.userId)!;
}
