import { sql } from 'kysely';
import { insertRows } from '../lib/table';
import { defineProjection } from '../projection';
import { groupActivityTable, groupParticipantsTable, memberStatsTable, topicParticipantsTable } from './participation.table';

interface StatsDelta {
  topics: number;
  opinions: number;
  votes: number;
  electionsWon: number;
}

/** Who took part where, and each member's counts and score; a batch folds into one change per member. */
export const participationProjection = defineProjection({
  name: 'participation',
  // 2: a member whose changes cancel out within a batch still gets a row (rebuilds equal live projection);
  // 3: member_stats without elections_won and delegations_received (their features bring them);
  // 4: elections_won (and its part of the score); standing and casting a ballot are taking part in a topic.
  // 5: chatting on a topic is taking part in it (and in its group), without points.
  // 6: ranked and approval ballots are taking part, as a plurality ballot is.
  version: 6,
  tables: [memberStatsTable, topicParticipantsTable, groupParticipantsTable, groupActivityTable],
  handles: [
    'TopicCreated',
    'TopicDeleted',
    'OpinionPosted',
    'VoteCast',
    'VoteRetracted',
    'CandidateRegistered',
    'BallotCast',
    'RankedBallotCast',
    'ApprovalBallotCast',
    'ElectionDecided',
    'ChatMessagePosted',
  ],

  async apply(db, schema, events, changes) {
    const stats = new Map<string, StatsDelta>();
    const participants = new Map<string, { topicId: string; groupId: number; userId: string }>();
    const bump = (userId: string, change: Partial<StatsDelta>) => {
      const delta = stats.get(userId) ?? { topics: 0, opinions: 0, votes: 0, electionsWon: 0 };
      stats.set(userId, {
        topics: delta.topics + (change.topics ?? 0),
        opinions: delta.opinions + (change.opinions ?? 0),
        votes: delta.votes + (change.votes ?? 0),
        electionsWon: delta.electionsWon + (change.electionsWon ?? 0),
      });
    };
    const tookPart = (topicId: string, groupId: number, userId: string) => participants.set(`${topicId} ${userId}`, { topicId, groupId, userId });

    for (const event of events) {
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
        // A ballot is not a vote on an opinion (votes_cast, +1 each): standing and choosing are taking part in the election.
        // Chatting is taking part in the discussion (the chat header's participants), and earns no points either.
        case 'CandidateRegistered':
        case 'BallotCast':
        case 'RankedBallotCast':
        case 'ApprovalBallotCast':
        case 'ChatMessagePosted':
          tookPart(event.data.topicId, event.data.groupId, event.data.userId);
          break;
        case 'ElectionDecided':
          if (event.data.winnerId) bump(event.data.winnerId, { electionsWon: 1 });
          break;
      }
    }

    // Members whose changes cancel out still get their row: a batch must leave what one-by-one delivery leaves.
    const members = [...stats];
    if (members.length > 0) {
      for (const [userId] of members) changes.add('member_stats', userId);
      const { columns, rows } = insertRows(memberStatsTable, {
        user_id: members.map(([id]) => id),
        topics_created: members.map(([, d]) => d.topics),
        opinions_posted: members.map(([, d]) => d.opinions),
        votes_cast: members.map(([, d]) => d.votes),
        elections_won: members.map(([, d]) => d.electionsWon),
      });
      await sql`
        insert into ${sql.id(schema, memberStatsTable.name)} as m ${columns} select * from ${rows}
        on conflict (user_id) do update set
          topics_created = m.topics_created + excluded.topics_created,
          opinions_posted = m.opinions_posted + excluded.opinions_posted,
          votes_cast = m.votes_cast + excluded.votes_cast,
          elections_won = m.elections_won + excluded.elections_won`.execute(db);
    }

    const took = [...participants.values()];
    if (took.length === 0) return;
    const topicRows = insertRows(topicParticipantsTable, { topic_id: took.map((p) => p.topicId), user_id: took.map((p) => p.userId) });
    await sql`insert into ${sql.id(schema, topicParticipantsTable.name)} ${topicRows.columns} select * from ${topicRows.rows} on conflict do nothing`.execute(
      db,
    );
    // Topic ids, for the live sockets' topicStats (participants may have changed).
    for (const { topicId } of took) changes.add('topic_participants', topicId);
    const groupRows = insertRows(groupParticipantsTable, { group_id: took.map((p) => p.groupId), user_id: took.map((p) => p.userId) });
    const fresh = await sql<{ group_id: number }>`
      insert into ${sql.id(schema, groupParticipantsTable.name)} ${groupRows.columns} select distinct * from ${groupRows.rows}
      on conflict do nothing
      returning group_id`.execute(db);
    const perGroup = new Map<number, number>();
    for (const { group_id } of fresh.rows) perGroup.set(group_id, (perGroup.get(group_id) ?? 0) + 1);
    if (perGroup.size > 0) {
      for (const groupId of perGroup.keys()) changes.add('groups', groupId);
      const { columns, rows } = insertRows(groupActivityTable, { group_id: [...perGroup.keys()], participant_count: [...perGroup.values()] });
      await sql`
        insert into ${sql.id(schema, groupActivityTable.name)} as a ${columns} select * from ${rows}
        on conflict (group_id) do update set participant_count = a.participant_count + excluded.participant_count`.execute(db);
    }
  },
});
