import type { LawEnacted, OpinionPosted, TopicClosed, TopicCreated, TopicDeleted } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type TopicEvent = ProjectedEvent & (TopicCreated | TopicDeleted | TopicClosed | LawEnacted | OpinionPosted);
const TOPIC_EVENTS = new Set(['TopicCreated', 'TopicDeleted', 'TopicClosed', 'LawEnacted', 'OpinionPosted']);

export const topicsProjection: Projection = {
  name: 'topics',
  version: 1,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'topics')} (
        id uuid primary key,
        group_id integer not null,
        title text not null,
        description text not null,
        type text not null,
        created_by uuid not null,
        status text not null,
        is_main_election boolean not null,
        winner_id uuid,
        expires_at timestamptz not null,
        closed_at timestamptz,
        opinion_count integer not null default 0,
        -- Where TopicCreated stands in the store: orders topics created within the same instant.
        created_position text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'topics')} (group_id, created_at desc, created_position desc)`.execute(db);
    // The closing scheduler's question: which active topics have expired?
    await sql`create index on ${sql.id(schema, 'topics')} (expires_at) where status = 'active'`.execute(db);
    await sql`
      create table ${sql.id(schema, 'laws')} (
        topic_id uuid primary key,
        group_id integer not null,
        opinion_id uuid not null,
        proposer_id uuid not null,
        type text not null,
        weighted_support integer not null,
        weighted_oppose integer not null,
        enacted_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'laws')} (group_id, enacted_at desc)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const topics = sql.id(schema, 'topics');
    // Opinions come in bursts on hot topics: counted per topic, written once per batch after the topics exist.
    const postedOpinions = new Map<string, number>();
    for (const event of events.filter((candidate): candidate is TopicEvent => TOPIC_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('topics', event.data.topicId);
      switch (event.type) {
        case 'TopicCreated': {
          const { data } = event;
          await sql`
            insert into ${topics} (id, group_id, title, description, type, created_by, status, is_main_election, expires_at, created_position, created_at, updated_at)
            values (${data.topicId}, ${data.groupId}, ${data.title}, ${data.description}, ${data.type}, ${data.createdBy}, 'active', ${data.isMainElection}, ${data.expiresAt}, ${event.position}, ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'TopicDeleted':
          await sql`update ${topics} set status = 'deleted', updated_at = ${at} where id = ${event.data.topicId}`.execute(db);
          break;
        case 'TopicClosed':
          await sql`update ${topics} set status = 'closed', closed_at = ${event.data.closedAt}, updated_at = ${at} where id = ${event.data.topicId} and status = 'active'`.execute(db);
          break;
        case 'OpinionPosted':
          postedOpinions.set(event.data.topicId, (postedOpinions.get(event.data.topicId) ?? 0) + 1);
          break;
        case 'LawEnacted': {
          const { data } = event;
          changes.add('laws', data.groupId);
          await sql`
            insert into ${sql.id(schema, 'laws')} (topic_id, group_id, opinion_id, proposer_id, type, weighted_support, weighted_oppose, enacted_at)
            values (${data.topicId}, ${data.groupId}, ${data.opinionId}, ${data.proposerId}, ${data.type}, ${data.weightedSupport}, ${data.weightedOppose}, ${data.enactedAt})
            on conflict (topic_id) do nothing`.execute(db);
          break;
        }
      }
    }
    if (postedOpinions.size > 0) {
      await sql`
        update ${topics} t set opinion_count = t.opinion_count + d.posted
        from unnest(${[...postedOpinions.keys()]}::uuid[], ${[...postedOpinions.values()]}::int[]) as d(id, posted)
        where t.id = d.id`.execute(db);
    }
  },
};
