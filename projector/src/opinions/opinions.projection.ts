import { EMPTY_TALLY, addTally, deltaOfVoteEvent, type OpinionPosted, type OpinionTally, type VoteCast, type VoteRetracted } from '@civitas/events';
import { sql } from 'kysely';
import { insertRows, unnestRows } from '../lib/table';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { opinionsTable, votesTable } from './opinions.table';

type Posted = ProjectedEvent & OpinionPosted;
type VoteEvent = ProjectedEvent & (VoteCast | VoteRetracted);

/**
 * Opinions and their direct counts. A hot topic gets many votes per batch on few opinions, so a
 * batch folds its votes into one count change per opinion (the shared tally rule) and one final
 * row per (opinion, member). The weighted counts are the `delegation` projection's.
 */
export const opinionsProjection = defineProjection({
  name: 'opinions',
  // 2: updated_at moves for votes that cancel out within a batch (rebuilds equal live projection);
  // 3: the tally rule of events/src/voting/tally.ts, vote_count a plain column, votes without weight.
  // 4: direct counts only; weighted counts and vote_count moved to the delegation projection's weighted_tallies.
  version: 4,
  tables: [opinionsTable, votesTable],
  handles: ['OpinionPosted', 'VoteCast', 'VoteRetracted'],

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
