import { z } from 'zod';
import { Receipt } from '../audit/merkle.contract';
import { text } from '../text';
import { ElectionMethodSchema } from './election-method';
import { QuorumResultFields } from '../groups/quorum.contract';
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
  /** Issue #34: the candidate's tier on the signed-in member's own ballot (0 the top), null when it names it nowhere. */
  myRank: z.number().int().nullable().optional(),
});
export type CandidateView = z.infer<typeof CandidateView>;

export const RegisterCandidateReply = z.object({ position: z.string().nullable(), candidate: CandidateView });
export type RegisterCandidateReply = z.infer<typeof RegisterCandidateReply>;

export const BALLOT_FOR_METHOD = {
  plurality: 'This election takes one candidate: send { candidateId }.',
  schulze: 'This election is ranked: send { ranking: [[candidateId, ...], ...] }.',
  /** A law amendment or dispute resolution decided among its opinions: opinion ids and the topic's id for "no change". */
  rankedOpinions: 'This topic is decided by ranking its opinions: send { ranking: [[opinionId or this topic id for no change, ...], ...] }.',
  approval: 'This election takes approvals: send { approvals: [candidateId, ...] }.',
} as const;
export const CANDIDATE_TWICE = 'A candidate can appear only once on a ballot.';
export const EMPTY_RANKING = 'Rank at least one candidate.';
export const EMPTY_APPROVALS = 'Approve at least one candidate.';
/** Ten candidates is the bench's election; a ballot names each candidate once, so this bounds any real one. */
export const BALLOT_MAX_CANDIDATES = 500;

const candidateIdOf = z.string({ error: CANDIDATE_NOT_FOUND }).min(1, CANDIDATE_NOT_FOUND);
/**
 * POST /api/topics/<id>/ballot, by the election's method (issue #34): `{ candidateId }` (plurality: the
 * same candidate again withdraws the ballot, another moves it), `{ ranking }` (Schulze: tiers, most
 * preferred first, each inner list candidates tied at that rank) or `{ approvals }` (approval). A
 * ranked or approval ballot replaces the member's previous one whole.
 */
export const BallotBody = z.object({
  candidateId: candidateIdOf.optional(),
  ranking: z
    .array(z.array(candidateIdOf, { error: 'Each rank must be a list of candidate ids' }).min(1, 'A rank must hold at least one candidate'), {
      error: 'Ranking must be a list of ranks',
    })
    .max(BALLOT_MAX_CANDIDATES, CANDIDATE_TWICE)
    .optional(),
  approvals: z.array(candidateIdOf, { error: 'Approvals must be a list of candidate ids' }).max(BALLOT_MAX_CANDIDATES, CANDIDATE_TWICE).optional(),
});
export type BallotBody = z.infer<typeof BallotBody>;
/**
 * `receipt`: the appended event's id and Merkle leaf hash (null when nothing was appended). `candidateId`
 * is a plurality ballot's choice; `ranking` / `approvals` echo a ranked or approval ballot as recorded.
 */
export const BallotReply = z.object({
  position: z.string().nullable(),
  topicId: z.string(),
  candidateId: z.string().nullable(),
  ranking: z.array(z.array(z.string())).optional(),
  approvals: z.array(z.string()).optional(),
  receipt: Receipt.nullable(),
});
export type BallotReply = z.infer<typeof BallotReply>;

/** GET /api/groups/<id>/main-election: the group's newest main election (404 when none), with its winner once declared. */
export const MainElectionView = TopicView.extend({
  winner: PersonSummary.extend({ id: z.string() }).nullable(),
  candidateCount: z.number().int(),
});
export type MainElectionView = z.infer<typeof MainElectionView>;

export const CreateMainElectionReply = z.object({ position: z.string().nullable(), election: MainElectionView });
export type CreateMainElectionReply = z.infer<typeof CreateMainElectionReply>;

/**
 * GET /api/topics/<id>/result (issue #34 item 5): an election's count by its method, as it stands
 * (`leaderCandidateId`, while open) or as decided (`winnerCandidateId`, once closed); `asOf` as on the
 * other tally reads. Schulze adds the pairwise matrix and the strongest paths, rows and columns in
 * `candidates` order (registration order).
 */
export const ElectionResultView = z.object({
  kind: z.literal('election'),
  topicId: z.string(),
  method: ElectionMethodSchema,
  status: z.enum(['active', 'counting', 'closed']),
  /** The candidates in registration order, with direct and weighted counts: ballots naming them (plurality), approvals, or first preferences (Schulze). */
  candidates: z.array(
    z.object({
      candidateId: z.string(),
      userId: z.string(),
      user: PersonSummary,
      directCount: z.number().int(),
      weightedCount: z.number().int(),
    }),
  ),
  /** The weight of every ballot counted (delegation applied). */
  ballotWeight: z.number().int(),
  /** Ballots cast directly. */
  ballotCount: z.number().int(),
  leaderCandidateId: z.string().nullable(),
  winnerCandidateId: z.string().nullable(),
  /** Schulze: pairwise[i][j] is the weight preferring candidates[i] to candidates[j]. */
  pairwise: z.array(z.array(z.number().int())).nullable(),
  /** Schulze: the strength of the strongest path from candidates[i] to candidates[j]. */
  strongestPaths: z.array(z.array(z.number().int())).nullable(),
  /** Schulze: every candidate unbeaten by strongest paths (more than one is a tie; the earliest registration leads). */
  schulzeWinners: z.array(z.string()).nullable(),
  /** The moment counted: the newest event folded (a position), or null on the live read model. */
  asOf: z.string().nullable(),
  ...QuorumResultFields,
});
export type ElectionResultView = z.infer<typeof ElectionResultView>;

/** POST /api/groups/<id>/main-election: an optional body choosing how the election is counted (issue #34); default plurality. */
export const OpenMainElectionBody = z.object({ method: ElectionMethodSchema.optional() }).optional();
export type OpenMainElectionBody = z.infer<typeof OpenMainElectionBody>;

/**
 * GET /api/topics/<id>/result for a law amendment or dispute resolution decided among its opinions
 * (method 'schulze', issue #34 item 2). The options are "no change" (`optionId` = the topic's id,
 * first) and the opinions in posting order; the matrices' rows and columns follow them. An opinion
 * is enacted only if it is the Schulze winner and beats no change head to head.
 */
export const RankedOpinionsResultView = z.object({
  kind: z.literal('opinions'),
  topicId: z.string(),
  method: z.literal('schulze'),
  status: z.enum(['active', 'counting', 'closed']),
  options: z.array(
    z.object({
      optionId: z.string(),
      isNoChange: z.boolean(),
      /** The opinion (null for no change); its content as the opinions read shows it (a hidden opinion's notice stands in). */
      opinion: z.object({ id: z.string(), content: z.string(), author: PersonSummary }).nullable(),
      /** Ballots ranking this option above no change / no change above it, direct and weighted (0 for no change itself). */
      directAbove: z.number().int(),
      directBelow: z.number().int(),
      weightedAbove: z.number().int(),
      weightedBelow: z.number().int(),
    }),
  ),
  ballotWeight: z.number().int(),
  ballotCount: z.number().int(),
  /** While not closed: the opinion that would be enacted now (null: no change would stand). */
  leaderOpinionId: z.string().nullable(),
  /** Once closed: the opinion enacted (null: none; no change stood). */
  enactedOpinionId: z.string().nullable(),
  pairwise: z.array(z.array(z.number().int())),
  strongestPaths: z.array(z.array(z.number().int())),
  schulzeWinners: z.array(z.string()),
  asOf: z.string().nullable(),
  /** The signed-in member's own ranking (tiers of option ids) as it stood then; null when none or signed out. */
  myRanking: z.array(z.array(z.string())).nullable().optional(),
  ...QuorumResultFields,
});
export type RankedOpinionsResultView = z.infer<typeof RankedOpinionsResultView>;

/**
 * GET /api/topics/<id>/result for a law amendment or dispute resolution decided by support and oppose
 * on each opinion (issue #34 item 3): each opinion's counts in posting order, the weight that took
 * part, and the opinion leading (while open) or enacted (once closed): the most weighted support,
 * enacted only if it beats its opposition and, on a topic opened with a quorum, has more than half
 * of the weight that took part.
 */
export const SupportResultView = z.object({
  kind: z.literal('support'),
  topicId: z.string(),
  status: z.enum(['active', 'counting', 'closed']),
  opinions: z.array(
    z.object({
      opinionId: z.string(),
      supportCount: z.number().int(),
      opposeCount: z.number().int(),
      weightedSupport: z.number().int(),
      weightedOppose: z.number().int(),
    }),
  ),
  leaderOpinionId: z.string().nullable(),
  enactedOpinionId: z.string().nullable(),
  asOf: z.string().nullable(),
  ...QuorumResultFields,
});
export type SupportResultView = z.infer<typeof SupportResultView>;

export const ResultView = z.discriminatedUnion('kind', [ElectionResultView, RankedOpinionsResultView, SupportResultView]);
export type ResultView = z.infer<typeof ResultView>;

export const OPINION_NOT_FOUND_ON_BALLOT = 'Opinion not found';
export const RANKED_TOPIC_TAKES_BALLOTS = 'This topic is decided by ranking its opinions: cast a ranked ballot.';
