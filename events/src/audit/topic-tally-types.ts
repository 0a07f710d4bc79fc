import type { ElectionMethod } from '../elections/election-method';
import type { CandidateRegistered } from '../elections/election.events';
import type { Ranking, SchulzeCount } from '../elections/schulze';
import type { GroupState } from '../groups/group.view';
import type { DecidingRule, QuorumFigures } from '../groups/quorum';
import type { SubscriptionState } from '../subscriptions/subscription.view';
import type { ClosingTally, LawEnacted, TopicCreated } from '../topics/topic.events';
import type { VerificationState } from '../verification/verification.view';
import type { VoteType } from '../voting/vote.events';

/**
 * The tally module's shapes (topic-tally.ts), in a file of their own so the counting by method
 * (method-tallies.ts) and the fold share them without importing each other (no cycle: docs/architecture.md).
 */

export interface TallyEvent {
  type: string;
  data: unknown;
  /** The command's time (metadata.time, else when it was recorded), ISO. */
  at: string;
}

/** What closing needs of a topic when it does not fold its TopicCreated. */
export type TopicFacts = Pick<TopicCreated['data'], 'topicId' | 'groupId' | 'type' | 'expiresAt' | 'method' | 'quorumPercent'>;

export interface OpinionFacts {
  opinionId: string;
  proposerId: string;
  postedAt: string;
  content: string;
}

export interface Standing {
  subscription: SubscriptionState;
  verification: VerificationState;
}

export interface TopicTallyState {
  topicId: string;
  topic: TopicFacts | null;
  createdAt: string | null;
  status: 'none' | 'active' | 'closed' | 'deleted';
  closedAt: string | null;
  group: GroupState;
  groupId: number | null;
  /** Group and delegation folds of groups met before the topic named its own (then dropped). */
  early: Map<number, { group: GroupState; delegates: Map<string, string> }> | null;
  standings: Map<string, Standing>;
  /** delegatorId -> delegateId, active delegations of the topic's group. */
  delegates: Map<string, string>;
  opinions: OpinionFacts[];
  /** opinionId -> userId -> vote. */
  votes: Map<string, Map<string, VoteType>>;
  candidates: Array<CandidateRegistered['data']>;
  /** userId -> candidateId (plurality). */
  ballots: Map<string, string>;
  /** userId -> the member's ranking (Schulze; an approval ballot is one tier of the approved). */
  preferences: Map<string, Ranking>;
  /** Time of the last event folded (the moment tallies stand at). */
  lastAt: string | null;
}

/** An opinion's (or candidate's: oppose stays 0) direct and weighted counts; the shape TopicClosed records. */
export type SubjectTally = ClosingTally;

/** An opinion's standing at closing; the winner's goes into LawEnacted. */
export type OpinionStanding = Pick<LawEnacted['data'], 'opinionId' | 'proposerId' | 'weightedSupport' | 'weightedOppose'> & {
  /** When it was posted: the earliest wins a tie. */
  postedAt: string;
};

export interface ElectionOutcome {
  winnerId: string | null;
  winnerCandidateId: string | null;
}

export type TopicResult =
  | { kind: 'pending' | 'none'; opinionId: null; winnerId: null; winnerCandidateId: null; weightedSupport: null }
  | { kind: 'law_enacted'; opinionId: string; winnerId: null; winnerCandidateId: null; weightedSupport: number }
  | { kind: 'winner'; opinionId: null; winnerId: string; winnerCandidateId: string; weightedSupport: number };

export interface TopicTallies {
  /** An election's method, 'schulze' for a law decided among its opinions, null otherwise (per-opinion support and oppose). */
  method: ElectionMethod | null;
  /**
   * Schulze: the pairwise matrix and strongest paths, over the candidates in registration order, or
   * (a law decided among its opinions) over [no change (the topic's id), ...opinions in posting order].
   */
  schulze: SchulzeCount | null;
  /** Every opinion in posting order (empty for an election). */
  opinions: SubjectTally[];
  /** Every candidate in registration order (empty unless an election). */
  candidates: SubjectTally[];
  standings: OpinionStanding[];
  election: ElectionOutcome | null;
  /** What the closing rule gives: pending while the topic is open. */
  result: TopicResult;
  /**
   * A topic that decides and opened with a quorum (issue #34 item 3): the figures as they stand;
   * null for a discussion, a topic opened before quorums, or an open group whose eligible weight was not given.
   */
  quorum: QuorumFigures | null;
  /** Which rule decided it, once closed (null while pending and where `quorum` is null). */
  decidedBy: DecidingRule | null;
}

export interface TalliesOptions {
  /** The moment subscriptions are judged at (default: the last event's time; closing uses expiresAt). */
  at?: string;
  /**
   * Count only these subjects (opinion or candidate ids); the rest come back empty-handed. A topic
   * decided among its opinions counts them all: each tally is a cell of the one pairwise matrix. A
   * partial count gives no quorum figures (`quorum` null): the timeline reads tallies, not outcomes.
   */
  only?: ReadonlySet<string>;
  /**
   * An open group's eligible weight (religion, national, international: everyone who may take part,
   * not only those the topic's events name): the closing counts it from the store (eligible-weight.ts),
   * a recount takes the figure TopicClosed recorded. A group with members counts its own from its stream.
   */
  eligibleWeight?: number;
}
