import type { OpinionPosted, VoteCast, VoteRetracted, VoteType } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type Posted = ProjectedEvent & OpinionPosted;
type VoteEvent = ProjectedEvent & (VoteCast | VoteRetracted);

interface Delta { support: number; oppose: number; at: string }

const sign = (type: VoteType | null, wanted: VoteType) => (type === wanted ? 1 : 0);

/**
 * Opinions and their tallies. A hot topic gets many votes per batch on few opinions, so a batch
 * folds its votes into one change per opinion and one final row per (opinion, member).
 */
export const opinionsProjection: Projection = {
  name: 'opinions',
  // 2: updated_at moves for votes that cancel out within a batch (rebuilds equal live projection).
  version: 2,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'opinions')} (
        id uuid primary key,
        topic_id uuid not null,
        group_id integer not null,
        user_id uuid not null,
        content text not null,
        support_count integer not null default 0,
        oppose_count integer not null default 0,
        weighted_support integer not null default 0,
        weighted_oppose integer not null default 0,
        vote_count integer generated always as (weighted_support - weighted_oppose) stored,
        -- Where OpinionPosted stands in the store: the earlier of two equal opinions comes first.
        posted_position text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'opinions')} (topic_id, vote_count desc, created_at, posted_position)`.execute(db);
    await sql`
      create table ${sql.id(schema, 'votes')} (
        opinion_id uuid not null,
        user_id uuid not null,
        topic_id uuid not null,
        group_id integer not null,
        vote_type text not null,
        weight integer not null default 1,
        cast_at timestamptz not null,
        primary key (opinion_id, user_id)
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'votes')} (topic_id, user_id)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const posted = events.filter((event): event is Posted => event.type === 'OpinionPosted');
    if (posted.length > 0) {
      const column = <T>(pick: (event: Posted) => T) => posted.map(pick);
      await sql`
        insert into ${sql.id(schema, 'opinions')} (id, topic_id, group_id, user_id, content, posted_position, created_at, updated_at)
        select id, topic_id, group_id, user_id, content, posted_position, at, at
        from unnest(${column((e) => e.data.opinionId)}::uuid[], ${column((e) => e.data.topicId)}::uuid[], ${column((e) => e.data.groupId)}::int[],
          ${column((e) => e.data.userId)}::uuid[], ${column((e) => e.data.content)}::text[], ${column((e) => e.position)}::text[], ${column(eventTime)}::timestamptz[])
          as o(id, topic_id, group_id, user_id, content, posted_position, at)
        on conflict (id) do nothing`.execute(db);
      for (const event of posted) changes.add('opinions', event.data.topicId);
    }

    const votes = events.filter((event): event is VoteEvent => event.type === 'VoteCast' || event.type === 'VoteRetracted');
    if (votes.length === 0) return;
    const deltas = new Map<string, Delta>();
    const finals = new Map<string, VoteEvent>();
    for (const event of votes) {
      const { data } = event;
      const now = event.type === 'VoteCast' ? event.data.voteType : null;
      const delta = deltas.get(data.opinionId) ?? { support: 0, oppose: 0, at: '' };
      delta.support += sign(now, 'support') - sign(data.previousVoteType, 'support');
      delta.oppose += sign(now, 'oppose') - sign(data.previousVoteType, 'oppose');
      delta.at = eventTime(event);
      deltas.set(data.opinionId, delta);
      finals.set(`${data.opinionId} ${data.userId}`, event);
      changes.add('opinions', data.topicId);
    }

    const cast = [...finals.values()].filter((event): event is ProjectedEvent & VoteCast => event.type === 'VoteCast');
    const retracted = [...finals.values()].filter((event) => event.type === 'VoteRetracted');
    if (retracted.length > 0) {
      await sql`
        delete from ${sql.id(schema, 'votes')} v using unnest(${retracted.map((e) => e.data.opinionId)}::uuid[], ${retracted.map((e) => e.data.userId)}::uuid[]) as r(opinion_id, user_id)
        where v.opinion_id = r.opinion_id and v.user_id = r.user_id`.execute(db);
    }
    if (cast.length > 0) {
      const column = <T>(pick: (event: ProjectedEvent & VoteCast) => T) => cast.map(pick);
      await sql`
        insert into ${sql.id(schema, 'votes')} (opinion_id, user_id, topic_id, group_id, vote_type, cast_at)
        select * from unnest(${column((e) => e.data.opinionId)}::uuid[], ${column((e) => e.data.userId)}::uuid[], ${column((e) => e.data.topicId)}::uuid[],
          ${column((e) => e.data.groupId)}::int[], ${column((e) => e.data.voteType)}::text[], ${column(eventTime)}::timestamptz[])
        on conflict (opinion_id, user_id) do update set vote_type = excluded.vote_type, cast_at = excluded.cast_at`.execute(db);
    }
    // Every opinion voted on moves its updated_at, even when its votes cancel out within the batch.
    const changed = [...deltas];
    if (changed.length > 0) {
      // Until delegation lends weight, every direct vote weighs one.
      await sql`
        update ${sql.id(schema, 'opinions')} o set
          support_count = o.support_count + d.support, oppose_count = o.oppose_count + d.oppose,
          weighted_support = o.weighted_support + d.support, weighted_oppose = o.weighted_oppose + d.oppose, updated_at = d.at
        from unnest(${changed.map(([id]) => id)}::uuid[], ${changed.map(([, d]) => d.support)}::int[], ${changed.map(([, d]) => d.oppose)}::int[], ${changed.map(([, d]) => d.at)}::timestamptz[])
          as d(id, support, oppose, at)
        where o.id = d.id`.execute(db);
    }
  },
};
