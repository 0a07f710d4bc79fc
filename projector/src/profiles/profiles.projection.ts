import type { ActivityKind } from '@civitas/events';
import { sql } from 'kysely';
import { insertRows } from '../lib/table';
import { defineProjection, eventTime, type HandledEvent } from '../projection';
import { userActivityTable, userBadgesTable } from './profiles.table';

const ACTIVITY_EVENTS = [
  'TopicCreated',
  'OpinionPosted',
  'VoteCast',
  'VoteRetracted',
  'DelegationAssigned',
  'DelegationRevoked',
  'CandidateRegistered',
  'ElectionDecided',
] as const;
type ActivityEvent = HandledEvent<(typeof ACTIVITY_EVENTS)[number]>;
type BadgeEvent = HandledEvent<'BadgeGranted' | 'BadgeRevoked'>;
const isActivity = (event: ActivityEvent | BadgeEvent): event is ActivityEvent => event.type !== 'BadgeGranted' && event.type !== 'BadgeRevoked';

interface ActivityRow {
  user_id: string;
  kind: ActivityKind;
  topic_id?: string | null;
  opinion_id?: string | null;
  group_id?: number | null;
  other_user_id?: string | null;
  vote_type?: 'support' | 'oppose' | null;
}

/** Whose action an event is and what it says, or null (an election nobody won). */
function activityOf(event: ActivityEvent): ActivityRow | null {
  switch (event.type) {
    case 'TopicCreated':
      return { user_id: event.data.createdBy, kind: 'topic_created', topic_id: event.data.topicId, group_id: event.data.groupId };
    case 'OpinionPosted':
      return {
        user_id: event.data.userId,
        kind: 'opinion_posted',
        topic_id: event.data.topicId,
        opinion_id: event.data.opinionId,
        group_id: event.data.groupId,
      };
    case 'VoteCast':
      return {
        user_id: event.data.userId,
        kind: event.data.previousVoteType === null ? 'vote_cast' : 'vote_changed',
        topic_id: event.data.topicId,
        opinion_id: event.data.opinionId,
        group_id: event.data.groupId,
        vote_type: event.data.voteType,
      };
    case 'VoteRetracted':
      return {
        user_id: event.data.userId,
        kind: 'vote_retracted',
        topic_id: event.data.topicId,
        opinion_id: event.data.opinionId,
        group_id: event.data.groupId,
        vote_type: event.data.previousVoteType,
      };
    case 'DelegationAssigned':
      return {
        user_id: event.data.delegatorId,
        kind: event.data.previousDelegationId ? 'delegation_changed' : 'delegation_given',
        group_id: event.data.groupId,
        other_user_id: event.data.delegateId,
      };
    case 'DelegationRevoked':
      return { user_id: event.data.delegatorId, kind: 'delegation_cancelled', group_id: event.data.groupId, other_user_id: event.data.delegateId };
    case 'CandidateRegistered':
      return { user_id: event.data.userId, kind: 'candidacy_registered', topic_id: event.data.topicId, group_id: event.data.groupId };
    case 'ElectionDecided':
      return event.data.winnerId ? { user_id: event.data.winnerId, kind: 'election_won', topic_id: event.data.topicId, group_id: event.data.groupId } : null;
  }
}

/** The profile's own read models: granted badges and each member's activity. */
export const profilesProjection = defineProjection({
  name: 'profiles',
  version: 1,
  tables: [userBadgesTable, userActivityTable],
  handles: [...ACTIVITY_EVENTS, 'BadgeGranted', 'BadgeRevoked'],

  async apply(db, schema, events, changes) {
    const activity = events.filter(isActivity).flatMap((event) => {
      const row = activityOf(event);
      return row ? [{ ...row, position: event.position, occurred_at: eventTime(event) }] : [];
    });
    if (activity.length > 0) {
      const column = <T>(pick: (row: (typeof activity)[number]) => T) => activity.map(pick);
      const { columns, rows } = insertRows(userActivityTable, {
        user_id: column((row) => row.user_id),
        position: column((row) => row.position),
        kind: column((row) => row.kind),
        topic_id: column((row) => row.topic_id ?? null),
        opinion_id: column((row) => row.opinion_id ?? null),
        group_id: column((row) => row.group_id ?? null),
        other_user_id: column((row) => row.other_user_id ?? null),
        vote_type: column((row) => row.vote_type ?? null),
        occurred_at: column((row) => row.occurred_at),
      });
      // Redelivered batches insert nothing twice.
      await sql`insert into ${sql.id(schema, userActivityTable.name)} ${columns} select * from ${rows} on conflict (user_id, position) do nothing`.execute(db);
      for (const row of activity) changes.add('user_activity', row.user_id);
    }

    const badges = db.withSchema(schema);
    for (const event of events.filter((candidate): candidate is BadgeEvent => !isActivity(candidate))) {
      const { userId, badge } = event.data;
      changes.add('user_badges', userId);
      if (event.type === 'BadgeGranted') {
        await badges
          .insertInto('user_badges')
          .values({ user_id: userId, badge, granted_by: event.data.grantedBy, reason: event.data.reason, granted_at: eventTime(event) })
          .onConflict((conflict) => conflict.columns(['user_id', 'badge']).doNothing())
          .execute();
      } else {
        await badges.deleteFrom('user_badges').where('user_id', '=', userId).where('badge', '=', badge).execute();
      }
    }
  },
});
