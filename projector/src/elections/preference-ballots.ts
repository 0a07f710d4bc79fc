import type { ApprovalBallotCast, RankedBallotCast, Ranking } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { insertRows, unnestRows } from '../lib/table';
import { eventTime, type ChangeSet, type ProjectedEvent } from '../projection';
import { candidatesTable, preferenceBallotsTable } from './elections.table';

export type PreferenceBallotEvent = ProjectedEvent & (RankedBallotCast | ApprovalBallotCast);

export const isPreferenceBallot = (event: ProjectedEvent): event is PreferenceBallotEvent =>
  event.type === 'RankedBallotCast' || event.type === 'ApprovalBallotCast';

/** A ballot as tiers, as the tally module holds it (topic-tally.ts): an approval ballot is one tier of the approved. */
export const rankingOf = (event: RankedBallotCast | ApprovalBallotCast): Ranking =>
  event.type === 'RankedBallotCast' ? event.data.ranking : [event.data.approvals];

/**
 * Ranked and approval ballots (issue #34): each member's last one per election replaces the row
 * whole. A candidate's `direct_votes` is the number of ballots naming it in their top tier (its
 * approvals, or its first preferences under Schulze), moved by the difference between the rows as
 * they stood before the batch and the batch's last ballots: a batch leaves what one-by-one delivery
 * leaves, and a redelivered batch finds its own ballots there already and moves nothing.
 */
export async function applyPreferenceBallots(
  db: QueryExecutorProvider,
  schema: string,
  events: readonly PreferenceBallotEvent[],
  changes: ChangeSet,
): Promise<void> {
  const finals = new Map<string, PreferenceBallotEvent>();
  for (const event of events) {
    finals.set(`${event.data.topicId} ${event.data.userId}`, event);
    changes.add('candidates', event.data.topicId);
  }
  if (finals.size === 0) return;
  const cast = [...finals.values()];
  const ballotsOf = sql.id(schema, preferenceBallotsTable.name);

  const keys = unnestRows(preferenceBallotsTable, 'k', { topic_id: cast.map((e) => e.data.topicId), user_id: cast.map((e) => e.data.userId) });
  const before = await sql<{ ranking: Ranking }>`
    select p.ranking from ${ballotsOf} p join ${keys.rows} on p.topic_id = k.topic_id and p.user_id = k.user_id`.execute(db);
  const delta = new Map<string, number>();
  const move = (ranking: Ranking, by: number) => {
    for (const candidateId of new Set(ranking[0] ?? [])) delta.set(candidateId, (delta.get(candidateId) ?? 0) + by);
  };
  for (const row of before.rows) move(row.ranking, -1);
  for (const event of cast) move(rankingOf(event), 1);

  const { columns, rows } = insertRows(preferenceBallotsTable, {
    topic_id: cast.map((e) => e.data.topicId),
    user_id: cast.map((e) => e.data.userId),
    ranking: cast.map((e) => JSON.stringify(rankingOf(e))),
    cast_at: cast.map(eventTime),
  });
  await sql`
    insert into ${ballotsOf} ${columns} select * from ${rows}
    on conflict (topic_id, user_id) do update set ranking = excluded.ranking, cast_at = excluded.cast_at`.execute(db);

  const moved = [...delta].filter(([, by]) => by !== 0);
  if (moved.length === 0) return;
  const deltas = unnestRows(candidatesTable, 'd', { id: moved.map(([id]) => id), direct_votes: moved.map(([, by]) => by) });
  await sql`
    update ${sql.id(schema, candidatesTable.name)} c set direct_votes = c.direct_votes + d.direct_votes
    from ${deltas.rows} where c.id = d.id`.execute(db);
}
