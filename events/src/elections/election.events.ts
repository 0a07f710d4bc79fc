import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { ElectionMethodSchema } from './election-method';

/**
 * `candidacy-{topicId}-{userId}`: a member stands in an election topic, once (the stream holds
 * one event, so of two registrations at once exactly one is appended).
 */
export const CandidateRegistered = defineEvent(
  'CandidateRegistered',
  z.object({
    candidateId: z.uuid(),
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    statement: z.string(),
  }),
);

/** `ballot-{topicId}-{userId}`: one member's choice in one election; each event names the choice it replaces. */
export const BallotCast = defineEvent(
  'BallotCast',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    candidateId: z.uuid(),
    previousCandidateId: z.uuid().nullable(),
  }),
);
/**
 * `ballot-{topicId}-{userId}`, in a Schulze election: the member's whole ranking, replacing any
 * before it. Tiers of candidate ids, most preferred first; a tier's candidates are tied; a candidate
 * left out ranks below every one named (schulze.ts).
 */
export const RankedBallotCast = defineEvent(
  'RankedBallotCast',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    ranking: z.array(z.array(z.uuid()).min(1)).min(1),
  }),
);
/** `ballot-{topicId}-{userId}`, in an approval election: every candidate the member approves, replacing any ballot before it. */
export const ApprovalBallotCast = defineEvent(
  'ApprovalBallotCast',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    approvals: z.array(z.uuid()).min(1),
  }),
);
export const BallotWithdrawn = defineEvent(
  'BallotWithdrawn',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    previousCandidateId: z.uuid(),
  }),
);

/** `main-election-{groupId}`: the group's main (leadership) election was opened as this topic. */
export const MainElectionOpened = defineEvent(
  'MainElectionOpened',
  z.object({
    groupId: z.number().int().positive(),
    topicId: z.uuid(),
    openedBy: z.uuid(),
    expiresAt: z.iso.datetime(),
    /** How the election is counted (issue #34): its topic is written with it, also when written again after a crash. Absent before methods: plurality. */
    method: ElectionMethodSchema.optional(),
  }),
);

/**
 * `topic-{id}`, with TopicClosed: the outcome of an election, counted from the events with the
 * weighted tally rule. The tallies are part of the fact so an auditor can recount them.
 */
export const ElectionDecided = defineEvent(
  'ElectionDecided',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    isMainElection: z.boolean(),
    /** The winning candidate's user id; null when nobody stood or no ballot carried weight. */
    winnerId: z.uuid().nullable(),
    winnerCandidateId: z.uuid().nullable(),
    decidedAt: z.iso.datetime(),
    /** How it was counted; absent on elections decided before methods existed (plurality). */
    method: ElectionMethodSchema.optional(),
    /** Schulze only: pairwise[i][j] is the weight preferring candidate i to j, candidates in registration order. */
    pairwise: z.array(z.array(z.number().int().nonnegative())).optional(),
  }),
);

/**
 * `group-{id}`: a main election's winner leads the group; the previous leader (if any) steps down.
 * `user-{id}` carries LeadershipTaken / LeadershipEnded so a member's Alliance seat follows from
 * their own stream: they sit in the Alliance while they lead at least one group.
 */
export const GroupLeaderElected = defineEvent(
  'GroupLeaderElected',
  z.object({
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    electionId: z.uuid(),
    previousLeaderId: z.uuid().nullable(),
  }),
);
export const LeadershipTaken = defineEvent(
  'LeadershipTaken',
  z.object({
    userId: z.uuid(),
    groupId: z.number().int().positive(),
    electionId: z.uuid(),
  }),
);
export const LeadershipEnded = defineEvent(
  'LeadershipEnded',
  z.object({
    userId: z.uuid(),
    groupId: z.number().int().positive(),
    electionId: z.uuid(),
    successorId: z.uuid(),
  }),
);

export type CandidateRegistered = EventOf<typeof CandidateRegistered>;
export type BallotCast = EventOf<typeof BallotCast>;
export type BallotWithdrawn = EventOf<typeof BallotWithdrawn>;
export type BallotEvent = BallotCast | BallotWithdrawn;
export type RankedBallotCast = EventOf<typeof RankedBallotCast>;
export type ApprovalBallotCast = EventOf<typeof ApprovalBallotCast>;
/** The ballots of Schulze and approval elections. */
export type PreferenceBallotEvent = RankedBallotCast | ApprovalBallotCast;
export type MainElectionOpened = EventOf<typeof MainElectionOpened>;
export type ElectionDecided = EventOf<typeof ElectionDecided>;
export type GroupLeaderElected = EventOf<typeof GroupLeaderElected>;
export type LeadershipTaken = EventOf<typeof LeadershipTaken>;
export type LeadershipEnded = EventOf<typeof LeadershipEnded>;
export type ElectionEvent = CandidateRegistered | BallotCast | BallotWithdrawn | PreferenceBallotEvent | MainElectionOpened | ElectionDecided;
export type LeadershipEvent = GroupLeaderElected | LeadershipTaken | LeadershipEnded;
export const electionEvents = [
  CandidateRegistered,
  BallotCast,
  BallotWithdrawn,
  RankedBallotCast,
  ApprovalBallotCast,
  MainElectionOpened,
  ElectionDecided,
  GroupLeaderElected,
  LeadershipTaken,
  LeadershipEnded,
];
