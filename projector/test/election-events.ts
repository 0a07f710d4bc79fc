import {
  ballotStream,
  candidacyStream,
  groupStream,
  mainElectionStream,
  topicStream,
  userStream,
  type BallotCast,
  type ApprovalBallotCast,
  type BallotWithdrawn,
  type CandidateRegistered,
  type ElectionDecided,
  type GroupLeaderElected,
  type LeadershipEnded,
  type LeadershipTaken,
  type MainElectionOpened,
  type RankedBallotCast,
} from '@civitas/events';
import type { StreamEvent } from './spec-events';

/** Valid election events for specs, each on the stream the elections feature writes it to (see spec-events.ts). */
type Of<Event extends { type: string; data: unknown }> = StreamEvent<Event['type'], Event['data']>;

export const candidateRegistered = (
  candidateId: string,
  topicId: string,
  groupId: number,
  userId: string,
  statement = 'I will listen first.',
): Of<CandidateRegistered> => ({
  type: 'CandidateRegistered',
  streamId: candidacyStream(topicId, userId),
  data: { candidateId, topicId, groupId, userId, statement },
});

/** Whose ballot in which election; the same for every event of one ballot stream. */
export interface BallotTarget {
  topicId: string;
  groupId: number;
  userId: string;
}

export const ballotCast = (target: BallotTarget, candidateId: string, previousCandidateId: string | null = null): Of<BallotCast> => ({
  type: 'BallotCast',
  streamId: ballotStream(target.topicId, target.userId),
  data: { ...target, candidateId, previousCandidateId },
});
export const ballotWithdrawn = (target: BallotTarget, previousCandidateId: string): Of<BallotWithdrawn> => ({
  type: 'BallotWithdrawn',
  streamId: ballotStream(target.topicId, target.userId),
  data: { ...target, previousCandidateId },
});

/** A Schulze ballot: tiers of candidate ids, most preferred first (replaces the member's previous ballot whole). */
export const rankedBallotCast = (target: BallotTarget, ranking: string[][]): Of<RankedBallotCast> => ({
  type: 'RankedBallotCast',
  streamId: ballotStream(target.topicId, target.userId),
  data: { ...target, ranking },
});
/** An approval ballot: every candidate the member approves (replaces the member's previous ballot whole). */
export const approvalBallotCast = (target: BallotTarget, approvals: string[]): Of<ApprovalBallotCast> => ({
  type: 'ApprovalBallotCast',
  streamId: ballotStream(target.topicId, target.userId),
  data: { ...target, approvals },
});

export const mainElectionOpened = (groupId: number, topicId: string, openedBy: string, expiresAt: string): Of<MainElectionOpened> => ({
  type: 'MainElectionOpened',
  streamId: mainElectionStream(groupId),
  data: { groupId, topicId, openedBy, expiresAt },
});

export const electionDecided = (
  topicId: string,
  groupId: number,
  winner: { userId: string; candidateId: string } | null,
  decidedAt: string,
  isMainElection = true,
): Of<ElectionDecided> => ({
  type: 'ElectionDecided',
  streamId: topicStream(topicId),
  data: { topicId, groupId, isMainElection, winnerId: winner?.userId ?? null, winnerCandidateId: winner?.candidateId ?? null, decidedAt },
});

export const leaderElected = (groupId: number, userId: string, electionId: string, previousLeaderId: string | null = null): Of<GroupLeaderElected> => ({
  type: 'GroupLeaderElected',
  streamId: groupStream(groupId),
  data: { groupId, userId, electionId, previousLeaderId },
});
export const leadershipTaken = (userId: string, groupId: number, electionId: string): Of<LeadershipTaken> => ({
  type: 'LeadershipTaken',
  streamId: userStream(userId),
  data: { userId, groupId, electionId },
});
export const leadershipEnded = (userId: string, groupId: number, electionId: string, successorId: string): Of<LeadershipEnded> => ({
  type: 'LeadershipEnded',
  streamId: userStream(userId),
  data: { userId, groupId, electionId, successorId },
});
