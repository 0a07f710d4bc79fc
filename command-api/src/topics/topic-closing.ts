import type { EventStore } from '@civitas/events';
import { READ_SCHEMA, readCheckpoints, type ReadModels } from '@civitas/projector';
import type { Kysely } from 'kysely';
import type { TopicsService } from './topics-service';

const CATCH_UP_TIMEOUT_MS = 10_000;

/**
 * Closes topics whose expiry has passed (DECISIONS.md, topic lifecycle). Votes stop at expiry,
 * and the tallies are read only once the projections include every event stored so far, so the
 * winning opinion is decided on all its votes. Closing twice does nothing (fixed command id,
 * and the decider acts only on an active topic), so restarts and several instances are safe.
 */
export async function closeExpiredTopics(deps: { db: Kysely<any>; store: EventStore; topics: TopicsService; now: Date }): Promise<number> {
  const readModels = deps.db.withSchema(READ_SCHEMA) as Kysely<ReadModels>;
  const due = await readModels.selectFrom('topics').select('id')
    .where('status', '=', 'active').where('expires_at', '<=', deps.now).orderBy('expires_at').limit(500).execute();
  if (due.length === 0) return 0;
  if (!(await projectionsReachHead(deps.db, deps.store, ['opinions', 'topics']))) return 0;
  for (const { id } of due) {
    const opinions = await readModels.selectFrom('opinions')
      .select(['id', 'user_id', 'weighted_support', 'weighted_oppose', 'created_at']).where('topic_id', '=', id).execute();
    await deps.topics.close(id, opinions.map((row) => ({
      opinionId: row.id, proposerId: row.user_id, weightedSupport: row.weighted_support, weightedOppose: row.weighted_oppose, postedAt: row.created_at.toISOString(),
    })));
  }
  return due.length;
}

async function projectionsReachHead(db: Kysely<any>, store: EventStore, names: string[]): Promise<boolean> {
  const head = await store.headPosition();
  const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
  for (;;) {
    const checkpoints = await readCheckpoints(db, READ_SCHEMA);
    if (names.every((name) => (checkpoints.get(name) ?? '') >= head)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
