import { SCORE_POINTS, type OpinionPosted, type TopicCreated, type TopicDeleted, type VoteCast, type VoteRetracted } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { ProjectedEvent, Projection } from '../projection';

type ParticipationEvent = ProjectedEvent & (TopicCreated | TopicDeleted | OpinionPosted | VoteCast | VoteRetracted);
const PARTICIPATION_EVENTS = new Set(['TopicCreated', 'TopicDeleted', 'OpinionPosted', 'VoteCast', 'VoteRetracted']);

interface StatsDelta { topics: number; opinions: number; votes: number }

/** Who took part where, and each member's counts and score; a batch folds into one change per member. */
export const participationProjection: Projection = {
  name: 'participation',
  // 2: a member whose changes cancel out within a batch still gets a row (rebuilds equal live projection).
  version: 2,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'member_stats')} (
        user_id uuid primary key,
        topics_created integer not null default 0,
        opinions_posted integer not null default 0,
        votes_cast integer not null default 0,
        elections_won integer not null default 0,
        delegations_received integer not null default 0,
        participation_score integer generated always as (
          votes_cast * ${sql.lit(SCORE_POINTS.vote)} + opinions_posted * ${sql.lit(SCORE_POINTS.opinion)}
          + topics_created * ${sql.lit(SCORE_POINTS.topic)} + elections_won * ${sql.lit(SCORE_POINTS.electionWon)}) stored
      )`.execute(db);
    await sql`create table ${sql.id(schema, 'topic_participants')} (topic_id uuid not null, user_id uuid not null, primary key (topic_id, user_id))`.execute(db);
    await sql`create table ${sql.id(schema, 'group_participants')} (group_id integer not null, user_id uuid not null, primary key (group_id, user_id))`.execute(db);
    await sql`create table ${sql.id(schema, 'group_activity')} (group_id integer primary key, participant_count integer not null)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const relevant = events.filter((event): event is ParticipationEvent => PARTICIPATION_EVENTS.has(event.type));
    if (relevant.length === 0) return;
    const stats = new Map<string, StatsDelta>();
    const participants = new Map<string, { topicId: string; groupId: number; userId: string }>();
    const bump = (userId: string, change: Partial<StatsDelta>) => {
      const delta = stats.get(userId) ?? { topics: 0, opinions: 0, votes: 0 };
      stats.set(userId, { topics: delta.topics + (change.topics ?? 0), opinions: delta.opinions + (change.opinions ?? 0), votes: delta.votes + (change.votes ?? 0) });
    };
    const tookPart = (topicId: string, groupId: number, userId: string) => participants.set(`${topicId} ${userId}`, { topicId, groupId, userId });

    for (const event of relevant) {
      switch (event.type) {
        case 'TopicCreated':
          bump(event.data.createdBy, { topics: 1 });
          tookPart(event.data.topicId, event.data.groupId, event.data.createdBy);
          break;
        case 'TopicDeleted':
          bump(event.data.createdBy, { topics: -1 });
          break;
        case 'OpinionPosted':
          bump(event.data.userId, { opinions: 1 });
          tookPart(event.data.topicId, event.data.groupId, event.data.userId);
          break;
        case 'VoteCast':
          // A changed vote is still one vote; only a new one counts.
          if (event.data.previousVoteType === null) bump(event.data.userId, { votes: 1 });
          tookPart(event.data.topicId, event.data.groupId, event.data.userId);
          break;
        case 'VoteRetracted':
          bump(event.data.userId, { votes: -1 });
          break;
      }
    }

    // Members whose changes cancel out still get their row: a batch must leave what one-by-one delivery leaves.
    const members = [...stats];
    if (members.length > 0) {
      for (const [userId] of members) changes.add('member_stats', userId);
      await sql`
        insert into ${sql.id(schema, 'member_stats')} as m (user_id, topics_created, opinions_posted, votes_cast)
        select * from unnest(${members.map(([id]) => id)}::uuid[], ${members.map(([, d]) => d.topics)}::int[], ${members.map(([, d]) => d.opinions)}::int[], ${members.map(([, d]) => d.votes)}::int[])
        on conflict (user_id) do update set
          topics_created = m.topics_created + excluded.topics_created,
          opinions_posted = m.opinions_posted + excluded.opinions_posted,
          votes_cast = m.votes_cast + excluded.votes_cast`.execute(db);
    }

    const took = [...participants.values()];
    if (took.length === 0) return;
    await sql`
      insert into ${sql.id(schema, 'topic_participants')} (topic_id, user_id)
      select * from unnest(${took.map((p) => p.topicId)}::uuid[], ${took.map((p) => p.userId)}::uuid[])
      on conflict do nothing`.execute(db);
    const fresh = await sql<{ group_id: number }>`
      insert into ${sql.id(schema, 'group_participants')} (group_id, user_id)
      select distinct * from unnest(${took.map((p) => p.groupId)}::int[], ${took.map((p) => p.userId)}::uuid[])
      on conflict do nothing
      returning group_id`.execute(db);
    const perGroup = new Map<number, number>();
    for (const { group_id } of fresh.rows) perGroup.set(group_id, (perGroup.get(group_id) ?? 0) + 1);
    if (perGroup.size > 0) {
      for (const groupId of perGroup.keys()) changes.add('groups', groupId);
      await sql`
        insert into ${sql.id(schema, 'group_activity')} as a (group_id, participant_count)
        select * from unnest(${[...perGroup.keys()]}::int[], ${[...perGroup.values()]}::int[])
        on conflict (group_id) do update set participant_count = a.participant_count + excluded.participant_count`.execute(db);
    }
  },
};
