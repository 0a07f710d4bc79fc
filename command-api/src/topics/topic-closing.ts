import type { Blind, EventRegistry, EventStore } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { countTopicOutcome } from './closing-count';
import type { TopicsService } from './topics-service';

/**
 * A vote accepted just before expiry may still be committing; a topic closes only once its expiry
 * is this far behind, so every vote the platform accepted is in its record when it is counted.
 */
export const CLOSE_GRACE_MS = 10_000;

/** What closing needs of the elections feature (wired in services.ts): a main election's winner takes the lead. */
export interface ElectedLeaders {
  /** Idempotent per election: safe to repeat after a crash half-way. */
  installLeader(leader: { groupId: number; winnerId: string; electionId: string }): Promise<unknown>;
}

export interface TopicClosingDependencies {
  /** Only to find the topics that are due: a lagging read model delays a close, never changes it. */
  readModels: Kysely<ReadModels>;
  store: EventStore;
  registry: EventRegistry;
  /** The leaves' blinder, for the record of which events the count took. */
  blind: () => Promise<Blind>;
  topics: TopicsService;
  leaders: ElectedLeaders;
  now: Date;
}

/**
 * Closes topics whose expiry has passed (docs/product.md, Topic lifecycle). Votes stop at expiry, and
 * the outcome is counted from the events as they stood at expiry (closing-count.ts), however far
 * the projections have got. A main election's winner is installed as leader before the topic
 * closes, so a crash in between is mended by the next run (the count is the same, the
 * installation idempotent). Closing twice does nothing (fixed command id, and the decider acts
 * only on an active topic), so restarts and several instances are safe.
 */
export async function closeExpiredTopics(deps: TopicClosingDependencies): Promise<number> {
  const due = await deps.readModels
    .selectFrom('topics')
    .select(['id', 'group_id', 'type', 'expires_at', 'is_main_election'])
    .where('status', '=', 'active')
    .where('expires_at', '<=', new Date(deps.now.getTime() - CLOSE_GRACE_MS))
    .orderBy('expires_at')
    .limit(500)
    .execute();
  for (const row of due) {
    const topic = { topicId: row.id, groupId: row.group_id, type: row.type, expiresAt: new Date(row.expires_at).toISOString() };
    const outcome = await countTopicOutcome(deps.store, deps.registry, topic, await deps.blind());
    const winnerId = outcome.election?.winnerId;
    if (row.is_main_election && winnerId) await deps.leaders.installLeader({ groupId: row.group_id, winnerId, electionId: row.id });
    await deps.topics.close(row.id, outcome, deps.now);
  }
  return due.length;
}
