import { decidesAmongOpinions } from '@civitas/events';
import { sql } from 'kysely';
import { defineProjection, eventTime, type HandledEvent } from '../projection';
import { DelegationBatch } from './delegation-batch';
import { DelegationCaches } from './delegation-cache';
import { delegationProgressTable, delegationTables } from './delegation.table';

const HANDLED = [
  'DelegationAssigned',
  'DelegationRevoked',
  'VoteCast',
  'VoteRetracted',
  'BallotCast',
  'BallotWithdrawn',
  'RankedBallotCast',
  'ApprovalBallotCast',
  'OpinionPosted',
  'TopicCreated',
  'CandidateRegistered',
  'TopicClosed',
  'TopicDeleted',
  'GroupCreated',
  'GroupMemberJoined',
  'GroupMemberLeft',
  'GroupLeaderElected',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionExpired',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationRemoved',
] as const;
type Event = HandledEvent<(typeof HANDLED)[number]>;

/** Past this many point lookups (standings, memberships) kept between batches, they are read again as needed. */
const POINT_CACHE_LIMIT = 200_000;

const caches = new DelegationCaches();

const base = defineProjection({
  name: 'delegation',
  // 2: a removed nationality no longer carries weight in its National group.
  // 3: ranked and approval ballots weighed, each under its voter's id (see applyEvent).
  // 4: a law decided among its opinions opens its ballots' subject ('ranking') with the topic.
  version: 4,
  tables: delegationTables,
  handles: HANDLED,

  async apply(db, schema, events, changes) {
    const handled = events;
    // Where the tables stand, the row locked until commit; the cache is only trusted at that same position.
    const progress = sql.id(schema, delegationProgressTable.name);
    const { rows } = await sql<{ position: string }>`select position from ${progress} where id = 1 for update`.execute(db);
    const previous = rows[0]?.position ?? null;
    const cache = caches.for(schema, previous);
    // Idempotent by position: what the tables already hold is not applied again.
    const fresh = previous === null ? handled : handled.filter((event) => event.position > previous);
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1]!.position;
    const batch = new DelegationBatch(db, schema, cache, changes);
    try {
      await prefetch(batch, fresh);
      for (const event of fresh) await applyEvent(batch, event);
      await batch.flush();
      await sql`insert into ${progress} (id, position) values (1, ${last}) on conflict (id) do update set position = excluded.position`.execute(db);
    } catch (error) {
      cache.invalidate();
      throw error;
    }
    cache.position = last;
    cache.trim(POINT_CACHE_LIMIT);
  },
});

/** The `delegation` projection; new tables always start with an empty cache. */
export const delegationProjection: typeof base = {
  ...base,
  async createTables(db, schema) {
    caches.forget(schema);
    await base.createTables(db, schema);
  },
};

/** Loads up front, in a few set-based reads, what the batch's events will need (each handler would load it anyway, one at a time). */
async function prefetch(batch: DelegationBatch, events: readonly Event[]): Promise<void> {
  const groups = new Set<number>();
  const users = new Set<string>();
  const eligibilityChanges = new Set<string>();
  const memberships: Array<[number, string]> = [];
  for (const event of events) {
    switch (event.type) {
      case 'DelegationAssigned':
      case 'DelegationRevoked':
      case 'VoteCast':
      case 'VoteRetracted':
      case 'BallotCast':
      case 'BallotWithdrawn':
      case 'RankedBallotCast':
      case 'ApprovalBallotCast':
      case 'OpinionPosted':
      case 'CandidateRegistered':
      case 'TopicClosed':
      case 'TopicDeleted':
        groups.add(event.data.groupId);
        if ('userId' in event.data) users.add(event.data.userId);
        if ('delegatorId' in event.data) users.add(event.data.delegatorId).add(event.data.delegateId);
        break;
      case 'TopicCreated':
        if (event.data.type === 'election' || decidesAmongOpinions(event.data)) groups.add(event.data.groupId);
        break;
      case 'SubscriptionActivated':
      case 'SubscriptionRenewed':
      case 'SubscriptionExpired':
      case 'VerificationApproved':
      case 'VerificationRejected':
      case 'VerificationRemoved':
        eligibilityChanges.add(event.data.userId);
        users.add(event.data.userId);
        break;
      case 'GroupMemberJoined':
      case 'GroupMemberLeft':
        memberships.push([event.data.groupId, event.data.userId]);
        break;
      case 'GroupLeaderElected':
        memberships.push([event.data.groupId, event.data.userId]);
        if (event.data.previousLeaderId) memberships.push([event.data.groupId, event.data.previousLeaderId]);
        break;
    }
  }
  await batch.loadStandings(users);
  await batch.loadGroupsWhereMatter(eligibilityChanges);
  await batch.loadGroupsWhereMemberMatters(memberships);
  for (const groupId of groups) await batch.group(groupId);
}

async function applyEvent(batch: DelegationBatch, event: Event): Promise<void> {
  const at = eventTime(event);
  switch (event.type) {
    case 'DelegationAssigned':
      return batch.delegationAssigned(event.data, at);
    case 'DelegationRevoked':
      return batch.delegationRevoked(event.data, at);
    case 'VoteCast':
    case 'VoteRetracted': {
      const { opinionId, topicId, groupId, userId } = event.data;
      return batch.choiceMade(opinionId, 'opinion', topicId, groupId, userId, event.type === 'VoteCast' ? event.data.voteType : null);
    }
    case 'BallotCast':
    case 'BallotWithdrawn': {
      const { topicId, groupId, userId } = event.data;
      return batch.choiceMade(topicId, 'election', topicId, groupId, userId, event.type === 'BallotCast' ? event.data.candidateId : null);
    }
    // A ranked or approval ballot counts whole with the weight delegation gives it (issue #34 item 4): each
    // voter "chooses" their own id, so the election's weighted_tallies row under the voter's id is their
    // ballot's weight (chains, overrides and eligibility as for any choice). The rows of its candidates stay
    // at 0 until closing writes the closing tallies there; reads add the weights of the ballots up per
    // candidate (query-api elections; docs/decisions.md, Election methods). On a law decided among its
    // opinions (issue #34 item 2) the same: the topic's 'ranking' subject holds only its voters' rows, and
    // its opinions' rows stay at 0 until TopicClosed writes the closing tallies there (topicFinal); reads
    // count each opinion against no change from the ballots and these weights (query-api lib/ranked-opinions.ts).
    case 'RankedBallotCast':
    case 'ApprovalBallotCast': {
      const { topicId, groupId, userId } = event.data;
      return batch.choiceMade(topicId, 'election', topicId, groupId, userId, userId);
    }
    case 'OpinionPosted':
      return batch.subjectOpened(event.data.opinionId, 'opinion', event.data.topicId, event.data.groupId, ['support', 'oppose']);
    case 'TopicCreated':
      if (event.data.type === 'election') await batch.subjectOpened(event.data.topicId, 'election', event.data.topicId, event.data.groupId, []);
      else if (decidesAmongOpinions(event.data)) await batch.subjectOpened(event.data.topicId, 'ranking', event.data.topicId, event.data.groupId, []);
      return;
    case 'CandidateRegistered':
      return batch.subjectOpened(event.data.topicId, 'election', event.data.topicId, event.data.groupId, [event.data.candidateId]);
    case 'TopicClosed':
      return batch.topicFinal(event.data.topicId, event.data.groupId, event.data.type === 'election', event.data.tallies);
    case 'TopicDeleted':
      return batch.topicFinal(event.data.topicId, event.data.groupId, false, []);
    case 'GroupCreated':
      return batch.groupCreated(event.data.groupId, { department: event.data.department, subcategory: event.data.subcategory });
    case 'GroupMemberJoined':
      return batch.membershipChanged(event.data.groupId, event.data.userId, () => ({ isLeader: event.data.isLeader }));
    case 'GroupMemberLeft':
      return batch.membershipChanged(event.data.groupId, event.data.userId, () => null);
    case 'GroupLeaderElected': {
      const { groupId, userId, previousLeaderId } = event.data;
      if (previousLeaderId && previousLeaderId !== userId) {
        await batch.membershipChanged(groupId, previousLeaderId, (membership) => (membership ? { isLeader: false } : null));
      }
      return batch.membershipChanged(groupId, userId, () => ({ isLeader: true }));
    }
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
      return batch.standingChanged(event.data.userId, (standing) => ({ ...standing, isSubscribed: true }));
    case 'SubscriptionExpired':
      return batch.standingChanged(event.data.userId, (standing) => ({ ...standing, isSubscribed: false }));
    case 'VerificationApproved': {
      const { verificationId, countryKey } = event.data;
      return batch.standingChanged(event.data.userId, (standing) => ({ ...standing, approved: { ...standing.approved, [verificationId]: countryKey } }));
    }
    case 'VerificationRejected':
    case 'VerificationRemoved': {
      const { verificationId } = event.data;
      return batch.standingChanged(event.data.userId, (standing) => {
        const { [verificationId]: _rejected, ...approved } = standing.approved;
        return { ...standing, approved };
      });
    }
  }
}
