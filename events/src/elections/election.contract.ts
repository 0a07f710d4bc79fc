import { z } from 'zod';
import { Receipt } from '../audit/merkle.contract';
import { text } from '../text';
import { PersonSummary, TopicView } from '../topics/topic.contract';

export const SUBSCRIPTION_REQUIRED_TO_RUN = 'Subscription required: running as a candidate needs a Civic Participation subscription.';
export const ALREADY_REGISTERED = 'You are already registered as a candidate in this election.';
export const NOT_AN_ELECTION = 'This topic is not an election.';
export const CANDIDATE_NOT_FOUND = 'Candidate not found';
export const ONLY_YOURSELF = 'You can only register yourself as a candidate.';
export const MAIN_ELECTION_EXISTS = 'This group already has an active main election.';
export const NO_MAIN_ELECTION = 'No main election';
export const MAIN_ELECTION_GROUPS = 'Main elections are held in National, International and Religion groups.';
/** Groups whose leader a main election decides (their leaders sit in the Alliance). */
export const MAIN_ELECTION_DEPARTMENTS = ['national', 'international', 'religion'] as const;
export const STATEMENT_MAX_LENGTH = 1000;

/** POST /api/candidates {topicId}; POST /api/topics/<id>/candidates {topicId, userId} (userId must be the caller). */
export const RegisterCandidateBody = z.object({
  topicId: z.string({ error: 'Topic not found' }).min(1, 'Topic not found'),
  userId: z.string().optional(),
  statement: text({ field: 'Statement', required: 'Statement must be text', lines: 'multi' })
    .max(STATEMENT_MAX_LENGTH, `Statement must be at most ${STATEMENT_MAX_LENGTH} characters`)
    .optional(),
});
export type RegisterCandidateBody = z.infer<typeof RegisterCandidateBody>;

/** GET /api/topics/<id>/candidates item: voteCount is the weighted tally (delegation applies). */
export const CandidateView = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.number().int(),
  topicId: z.string(),
  statement: z.string(),
  /** The weighted (official) count of ballots for this candidate. */
  voteCount: z.number().int(),
  /** Ballots cast directly for this candidate. */
  directVotes: z.number().int(),
  createdAt: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  user: PersonSummary,
  /** Whether the signed-in member's own ballot names this candidate. */
  isMyChoice: z.boolean(),
});
export type CandidateView = z.infer<typeof CandidateView>;

export const RegisterCandidateReply = z.object({ position: z.string().nullable(), candidate: CandidateView });
export type RegisterCandidateReply = z.infer<typeof RegisterCandidateReply>;

/** POST /api/topics/<id>/ballot: the same candidate again withdraws the ballot, another moves it. */
export const BallotBody = z.object({ candidateId: z.string({ error: CANDIDATE_NOT_FOUND }).min(1, CANDIDATE_NOT_FOUND) });
export type BallotBody = z.infer<typeof BallotBody>;
/** `receipt`: the appended event's id and Merkle leaf hash (null when nothing was appended). */
export const BallotReply = z.object({ position: z.string().nullable(), topicId: z.string(), candidateId: z.string().nullable(), receipt: Receipt.nullable() });
export type BallotReply = z.infer<typeof BallotReply>;

/** GET /api/groups/<id>/main-election: the group's newest main election (404 when none), with its winner once declared. */
export const MainElectionView = TopicView.extend({
  winner: PersonSummary.extend({ id: z.string() }).nullable(),
  candidateCount: z.number().int(),
});
export type MainElectionView = z.infer<typeof MainElectionView>;

export const CreateMainElectionReply = z.object({ position: z.string().nullable(), election: MainElectionView });
export type CreateMainElectionReply = z.infer<typeof CreateMainElectionReply>;
