import type { LiveServerFrame, Position } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ChangeNotice } from '@civitas/service-kit/read-models';
import { sql, type Kysely } from 'kysely';
import type { LiveClient, LiveHub } from './live-hub';

/** Read models whose changed ids are members: their own items, and what they marked read. */
const PERSONAL_MODELS = ['notification_items', 'notification_reads'];
/** Read model whose changed ids are groups: a notice every member of the group's audience is told of. */
const GROUP_MODEL = 'group_notices';

/**
 * Tells each socket whose member's notifications a notice changed to read them again at the
 * notice's position: one frame a socket, however many of the notice's models name its member.
 */
export async function pushNotificationFrames(
  readModels: Kysely<ReadModels>,
  hub: LiveHub,
  changes: ChangeNotice['changes'],
  position: Position,
): Promise<void> {
  if (hub.clients.size === 0) return;
  const clients = await notifiedClients(readModels, hub, changes);
  if (clients.size === 0) return;
  // Encoded once for every socket, as LiveHub.publish does.
  const frame = Buffer.from(JSON.stringify({ type: 'notifications', position } satisfies LiveServerFrame));
  for (const client of clients) hub.send(client, frame);
}

/**
 * A personal change reaches the member's own sockets; a group notice the sockets of the members the
 * feed tells of that group's notices (`notification_audiences`, as GET /api/notifications joins
 * them). A notice too long to name its ids ('all') reaches every socket.
 */
async function notifiedClients(readModels: Kysely<ReadModels>, hub: LiveHub, changes: ChangeNotice['changes']): Promise<Set<LiveClient>> {
  if ([...PERSONAL_MODELS, GROUP_MODEL].some((model) => changes[model] === 'all')) return new Set(hub.clients);
  const notified = new Set<LiveClient>();
  const addMember = (userId: string) => {
    for (const client of hub.ofUser(userId)) notified.add(client);
  };
  for (const model of PERSONAL_MODELS) {
    const ids = changes[model];
    if (ids && ids !== 'all') for (const id of ids) addMember(String(id));
  }
  const groups = changes[GROUP_MODEL];
  if (!groups || groups === 'all' || groups.length === 0) return notified;
  const waiting = [...new Set([...hub.clients].filter((client) => !notified.has(client)).map((client) => client.userId))];
  if (waiting.length === 0) return notified;
  const audience = await readModels
    .selectFrom('notification_audiences')
    .select('user_id')
    .distinct()
    .where('group_id', 'in', [...new Set(groups.map(Number))])
    // One array parameter, however many members this process has sockets of.
    .where(sql<boolean>`user_id = any(${waiting}::uuid[])`)
    .execute();
  for (const { user_id } of audience) addMember(user_id);
  return notified;
}
