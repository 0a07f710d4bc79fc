import {
  EMPTY_TALLY,
  RANKED_OPINIONS_METHOD,
  addTally,
  deltaOfVoteEvent,
  type OpinionPosted,
  type OpinionTally,
  type TopicClosed,
  type VoteCast,
  type VoteRetracted,
} from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { insertRows, unnestRows } from '../lib/table';
import { defineProjection, eventTime, type ChangeSet, type ProjectedEvent } from '../projection';
import { opinionsTable, votesTable } from './opinions.table';

type Posted = ProjectedEvent & OpinionPosted;
type VoteEvent = ProjectedEvent & (VoteCast | VoteRetracted);
type Closed = ProjectedEvent & TopicClosed;

/**
 * Opinions and their direct counts. A hot topic gets many votes per batch on few opinions, so a
 * batch folds its votes into one count change per opinion (the shared tally rule) and one final
 * row per (opinion, member). The weighted counts are the `delegation` projection's.
 *
 * A law decided among its opinions (issue #34 item 2) takes no votes: while it is open the reads
 * count its opinions from the ranked ballots (query-api lib/ranked-opinions.ts), and its TopicClosed
 * writes the closing tallies' direct counts here (ballots ranking the opinion above / below no change),
 * as the delegation projection writes their weighted counts, so a closed topic reads like any other.
 */
export const opinionsProjection = defineProjection({
  name: 'opinions',
  // 2: updated_at moves for votes that cancel out within a batch (rebuilds equal live projection);
  // 3: the tally rule of events/src/voting/tally.ts, vote_count a plain column, votes without weight.
  // 4: direct counts only; weighted counts and vote_count moved to the delegation projection's weighted_tallies.
  // 5: a law decided among its opinions: the direct counts its TopicClosed records.
  version: 5,
  tables: [opinionsTable, votesTable],
  handles: ['OpinionPosted', 'VoteCast', 'VoteRetracted', 'TopicClosed'],

  async apply(db, schema, events, changes) {
    const opinions = sql.id(schema, opinionsTable.name);
    const votesOf = sql.id(schema, votesTable.name);
    const posted = events.filter((event): event is Posted => event.type === 'OpinionPosted');
    if (posted.length > 0) {
      const column = <T>(pick: (event: Posted) => T) => posted.map(pick);
      const times = column(eventTime);
      const { columns, rows } = insertRows(opinionsTable, {
        id: column((e) => e.data.opinionId),
        topic_id: column((e) => e.data.topicId),
        group_id: column((e) => e.data.groupId),
        user_id: column((e) => e.data.userId),
        content: column((e) => e.data.content),
        posted_position: column((e) => e.position),
        created_at: times,
        updated_at: times,
      });
      await sql`insert into ${opinions} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
      for (const event of posted) changes.add('opinions', event.data.topicId);
    }

    await applyRankedClosings(
      db,
      schema,
      events.filter((event): event is Closed => event.type === 'TopicClosed' && event.data.method === RANKED_OPINIONS_METHOD),
      changes,
    );

    const votes = events.filter((event): event is VoteEvent => event.type === 'VoteCast' || event.type === 'VoteRetracted');
    if (votes.length === 0) return;
    // Direct counts: every vote counts once (delegation weighs in the delegation projection).
    const tallies = new Map<string, { change: OpinionTally; at: string }>();
    const finals = new Map<string, VoteEvent>();
    for (const event of votes) {
      const { data } = event;
      const change = addTally(tallies.get(data.opinionId)?.change ?? EMPTY_TALLY, deltaOfVoteEvent(event));
      tallies.set(data.opinionId, { change, at: eventTime(event) });
      finals.set(`${data.opinionId} ${data.userId}`, event);
      changes.add('opinions', data.topicId);
    }

    const cast = [...finals.values()].filter((event): event is ProjectedEvent & VoteCast => event.type === 'VoteCast');
    const retracted = [...finals.values()].filter((event) => event.type === 'VoteRetracted');
    if (retracted.length > 0) {
      const { rows } = unnestRows(votesTable, 'r', { opinion_id: retracted.map((e) => e.data.opinionId), user_id: retracted.map((e) => e.data.userId) });
      await sql`delete from ${votesOf} v using ${rows} where v.opinion_id = r.opinion_id and v.user_id = r.user_id`.execute(db);
    }
    if (cast.length > 0) {
      const column = <T>(pick: (event: ProjectedEvent & VoteCast) => T) => cast.map(pick);
      const { columns, rows } = insertRows(votesTable, {
        opinion_id: column((e) => e.data.opinionId),
        user_id: column((e) => e.data.userId),
        topic_id: column((e) => e.data.topicId),
        group_id: column((e) => e.data.groupId),
        vote_type: column((e) => e.data.voteType),
        cast_at: column(eventTime),
      });
      await sql`
        insert into ${votesOf} ${columns} select * from ${rows}
        on conflict (opinion_id, user_id) do update set vote_type = excluded.vote_type, cast_at = excluded.cast_at`.execute(db);
    }
    // Every opinion voted on moves its updated_at, even when its votes cancel out within the batch.
    const changed = [...tallies];
    const { rows } = unnestRows(opinionsTable, 'd', {
      id: changed.map(([id]) => id),
      support_count: changed.map(([, { change }]) => change.supportCount),
      oppose_count: changed.map(([, { change }]) => change.opposeCount),
      updated_at: changed.map(([, { at }]) => at),
    });
    await sql`
      update ${opinions} o set
        support_count = o.support_count + d.support_count, oppose_count = o.oppose_count + d.oppose_count, updated_at = d.updated_at
      from ${rows}
      where o.id = d.id`.execute(db);
  },
});

/**
 * The direct counts a ranked law topic's closing recorded (TopicClosed.tallies) become its opinions'
 * counts; set, not added, so a redelivered batch changes nothing. An opinion the closing did not
 * count (none should exist) keeps its row as it was.
 */
async function applyRankedClosings(db: QueryExecutorProvider, schema: string, closings: readonly Closed[], changes: ChangeSet): Promise<void> {
  const tallies = closings.flatMap((event) => event.data.tallies.map((tally) => ({ topicId: event.data.topicId, ...tally })));
  for (const event of closings) changes.add('opinions', event.data.topicId);
  if (tallies.length === 0) return;
  const { rows } = unnestRows(opinionsTable, 'c', {
    id: tallies.map((tally) => tally.subjectId),
    topic_id: tallies.map((tally) => tally.topicId),
    support_count: tallies.map((tally) => tally.supportCount),
    oppose_count: tallies.map((tally) => tally.opposeCount),
  });
  await sql`
    update ${sql.id(schema, opinionsTable.name)} o set support_count = c.support_count, oppose_count = c.oppose_count
    from ${rows} where o.id = c.id and o.topic_id = c.topic_id`.execute(db);
}
