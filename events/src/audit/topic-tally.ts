import { recount, type DelegationNetwork } from '../delegation/weighted-tally';
import type { DelegationEvent } from '../delegation/delegation.events';
import { decidesAmongOpinions } from '../elections/election-method';
import type { BallotEvent, CandidateRegistered, GroupLeaderElected, PreferenceBallotEvent } from '../elections/election.events';
import { participationRefusal } from '../groups/eligibility';
import { hasMembers } from '../groups/group.events';
import { isQuorumTopicType, quorumReached, type DecidingRule, type QuorumFigures } from '../groups/quorum';
import type { GroupEvent } from '../groups/group.events';
import { groupView } from '../groups/group.view';
import type { OpinionPosted } from '../opinions/opinion.events';
import { hasAccessAt, subscriptionView } from '../subscriptions/subscription.view';
import type { SubscriptionEvent } from '../subscriptions/subscription.events';
import type { TopicClosed, TopicCreated } from '../topics/topic.events';
import { typeEnactsLaw, type TopicType } from '../topics/topic-rules';
import { verificationView, verifiedCountryKeys } from '../verification/verification.view';
import type { VoteEvent, VoteType } from '../voting/vote.events';
import { electionTallies, NO_RESULT, rankedOpinionTallies, type MembersOf, type MethodCount } from './method-tallies';
import type {
  OpinionStanding,
  Standing,
  SubjectTally,
  TalliesOptions,
  TallyEvent,
  TopicFacts,
  TopicResult,
  TopicTallies,
  TopicTallyState,
} from './topic-tally-types';

// Every shape and the counting by method keep being exported from here: callers import the tally module as one.
export type {
  ElectionOutcome,
  OpinionStanding,
  SubjectTally,
  TalliesOptions,
  TallyEvent,
  TopicFacts,
  TopicResult,
  TopicTallies,
  TopicTallyState,
} from './topic-tally-types';
export { electionWinner, schulzeWinner } from './method-tallies';
/** Which topics are decided among their opinions, and which groups count their own eligible weight, for those who take the tally module alone (the verifier). */
export { decidesAmongOpinions, hasMembers };

/**
 * A topic's tally from its events alone (issue #15 item 1): the one module the closing count,
 * time travel and the auditor's history fold, so the outcome of a topic has one definition.
 *
 * Input: the events that bear on the topic, in global order, each with its command time: the
 * topic's own (TopicCreated/Closed/Deleted, LawEnacted, ElectionDecided), its opinions, votes,
 * candidacies and ballots, its group's stream (what the group is, who belongs and leads) and
 * delegation events, and the user streams (subscription, verification) of the members involved.
 * Events of other topics or groups are ignored, so a caller may over-supply.
 *
 * The counting is `recount` of weighted-tally.ts over the group's delegation graph, each member
 * eligible by `participationRefusal` on the folds the command side uses (groupView,
 * subscriptionView, verificationView). Like the closing count, nothing after the topic's expiry
 * changes it: the tallies at expiry are the ones its TopicClosed records.
 *
 * `apply` changes the state in place and returns it (a topic with 100k votes folds in one pass);
 * `tallies` reads it at any point, so time travel stops the fold where it wants.
 */

export function initial(topicId: string, facts: TopicFacts | null = null): TopicTallyState {
  return {
    topicId,
    topic: facts,
    createdAt: null,
    status: facts ? 'active' : 'none',
    closedAt: null,
    group: groupView.initialState(),
    groupId: facts?.groupId ?? null,
    early: facts ? null : new Map(),
    standings: new Map(),
    delegates: new Map(),
    opinions: [],
    votes: new Map(),
    candidates: [],
    ballots: new Map(),
    preferences: new Map(),
    lastAt: null,
  };
}

/** Whether an event matters to the topic's outcome once it exists (the history lists these). */
export const TOPIC_RECORD_TYPES = [
  'TopicCreated',
  'TopicClosed',
  'TopicDeleted',
  'LawEnacted',
  'ElectionDecided',
  'OpinionPosted',
  'VoteCast',
  'VoteRetracted',
  'CandidateRegistered',
  'BallotCast',
  'BallotWithdrawn',
  'RankedBallotCast',
  'ApprovalBallotCast',
] as const;
export const GROUP_TYPES = ['GroupCreated', 'GroupMemberJoined', 'GroupMemberLeft', 'GroupLeaderElected'] as const;
export const STANDING_TYPES = [
  'SubscriptionRequested',
  'SubscriptionRequestFailed',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationConfirmedByLeader',
  'VerificationRemoved',
] as const;

const DELEGATION_TYPES = ['DelegationAssigned', 'DelegationRevoked'];

/**
 * The events whose members' standing the count weighs: the voters, the ballots' casters and both
 * ends of a delegation. An opinion's author or a candidate is not judged (and, in leaf format 2,
 * carries another pseudonym), so their subscriptions and verifications do not bear on the outcome.
 */
export const STANDING_INVOLVED_TYPES: ReadonlySet<string> = new Set([
  'VoteCast',
  'VoteRetracted',
  'BallotCast',
  'BallotWithdrawn',
  'RankedBallotCast',
  'ApprovalBallotCast',
  ...DELEGATION_TYPES,
]);

/** Every type the module reads: an export carries these and nothing else of a member's streams. */
export const TALLY_INPUT_TYPES: ReadonlySet<string> = new Set([...TOPIC_RECORD_TYPES, ...GROUP_TYPES, ...STANDING_TYPES, ...DELEGATION_TYPES]);

function foldEarly(early: NonNullable<TopicTallyState['early']>, groupId: number, event: TallyEvent): void {
  let fold = early.get(groupId);
  if (!fold) early.set(groupId, (fold = { group: groupView.initialState(), delegates: new Map() }));
  const probe = initial('', { topicId: '', groupId, type: 'law_amendment', expiresAt: '9999' });
  probe.group = fold.group;
  probe.delegates = fold.delegates;
  apply(probe, event);
  fold.group = probe.group;
}

const standingOf = (state: TopicTallyState, userId: string): Standing => {
  let standing = state.standings.get(userId);
  if (!standing) state.standings.set(userId, (standing = { subscription: subscriptionView.initialState(), verification: verificationView.initialState() }));
  return standing;
};

/**
 * The closing cut: the count stands as it did at expiry; a closed or deleted topic moves no more.
 * What the group is never changes, so its definition counts whenever it was recorded (a catalogue seeded late).
 */
export function isPastTheCut(state: TopicTallyState, event: Pick<TallyEvent, 'type' | 'at'>): boolean {
  if (state.status === 'closed' || state.status === 'deleted') return true;
  return state.topic !== null && event.at > state.topic.expiresAt && event.type !== 'GroupCreated';
}

/** Folds one event in (in place); returns the state. */
export function apply(state: TopicTallyState, event: TallyEvent): TopicTallyState {
  const data = event.data as Record<string, unknown>;
  if (isPastTheCut(state, event)) return state;
  const ofTopic = data.topicId === state.topicId;
  const ofGroup = state.groupId !== null && data.groupId === state.groupId;
  if (
    state.groupId === null &&
    typeof data.groupId === 'number' &&
    state.early &&
    (GROUP_TYPES as readonly string[]).concat(DELEGATION_TYPES).includes(event.type)
  ) {
    foldEarly(state.early, data.groupId, event);
    return state;
  }
  let changed = true;
  switch (event.type) {
    case 'TopicCreated':
      if (!ofTopic) return state;
      {
        const created = (event as unknown as TopicCreated).data;
        state.topic = {
          topicId: created.topicId,
          groupId: created.groupId,
          type: created.type,
          expiresAt: created.expiresAt,
          method: created.method,
          quorumPercent: created.quorumPercent,
        };
        if (state.groupId === null) {
          // The group's own events come before its topics: take what was folded of it so far.
          state.groupId = created.groupId;
          const early = state.early?.get(created.groupId);
          if (early) ({ group: state.group, delegates: state.delegates } = early);
          state.early = null;
        }
        state.createdAt = event.at;
        state.status = 'active';
      }
      break;
    case 'TopicClosed':
      if (!ofTopic) return state;
      state.status = 'closed';
      state.closedAt = (event as unknown as TopicClosed).data.closedAt;
      break;
    case 'TopicDeleted':
      if (!ofTopic) return state;
      state.status = 'deleted';
      break;
    case 'OpinionPosted':
      if (!ofTopic) return state;
      {
        const { opinionId, userId, content } = (event as unknown as OpinionPosted).data;
        state.opinions.push({ opinionId, proposerId: userId, postedAt: event.at, content });
      }
      break;
    case 'VoteCast':
    case 'VoteRetracted':
      if (!ofTopic) return state;
      {
        const vote = event as unknown as VoteEvent;
        let voters = state.votes.get(vote.data.opinionId);
        if (!voters) state.votes.set(vote.data.opinionId, (voters = new Map()));
        if (vote.type === 'VoteCast') voters.set(vote.data.userId, vote.data.voteType);
        else voters.delete(vote.data.userId);
      }
      break;
    case 'CandidateRegistered':
      if (!ofTopic) return state;
      state.candidates.push((event as unknown as CandidateRegistered).data);
      break;
    case 'BallotCast':
    case 'BallotWithdrawn':
      if (!ofTopic) return state;
      {
        const ballot = event as unknown as BallotEvent;
        if (ballot.type === 'BallotCast') state.ballots.set(ballot.data.userId, ballot.data.candidateId);
        else state.ballots.delete(ballot.data.userId);
      }
      break;
    case 'RankedBallotCast':
    case 'ApprovalBallotCast':
      if (!ofTopic) return state;
      {
        const ballot = event as unknown as PreferenceBallotEvent;
        state.preferences.set(ballot.data.userId, ballot.type === 'RankedBallotCast' ? ballot.data.ranking : [ballot.data.approvals]);
      }
      break;
    case 'DelegationAssigned':
    case 'DelegationRevoked':
      if (!ofGroup) return state;
      {
        const delegation = event as unknown as DelegationEvent;
        const { delegatorId, delegateId } = delegation.data;
        if (delegation.type === 'DelegationAssigned') state.delegates.set(delegatorId, delegateId);
        else if (state.delegates.get(delegatorId) === delegateId) state.delegates.delete(delegatorId);
      }
      break;
    case 'GroupCreated':
    case 'GroupMemberJoined':
    case 'GroupMemberLeft':
    case 'GroupLeaderElected':
      if (!ofGroup) return state;
      state.group = groupView.evolve(state.group, event as unknown as GroupEvent | GroupLeaderElected);
      break;
    default:
      if ((STANDING_TYPES as readonly string[]).includes(event.type) && typeof data.userId === 'string') {
        const standing = standingOf(state, data.userId);
        standing.subscription = subscriptionView.evolve(standing.subscription, event as unknown as SubscriptionEvent);
        standing.verification = verificationView.evolve(standing.verification, event as unknown as { type: 'VerificationRemoved'; data: never });
      } else {
        changed = false;
      }
  }
  if (changed) state.lastAt = event.at;
  return state;
}

/** Folds a whole ordered list. */
export function foldTopic(topicId: string, events: Iterable<TallyEvent>, facts: TopicFacts | null = null): TopicTallyState {
  const state = initial(topicId, facts);
  for (const event of events) apply(state, event);
  return state;
}

/** The group's delegation graph with each member's eligibility judged at `at`. */
export function networkOf(state: TopicTallyState, at: string): DelegationNetwork {
  const delegatorsOf = new Map<string, string[]>();
  for (const [delegator, delegate] of state.delegates) {
    const list = delegatorsOf.get(delegate);
    if (list) list.push(delegator);
    else delegatorsOf.set(delegate, [delegator]);
  }
  const definition = state.group.definition;
  const eligible = new Map<string, boolean>();
  return {
    delegateOf: (memberId) => state.delegates.get(memberId),
    delegatorsOf: (memberId) => delegatorsOf.get(memberId) ?? [],
    isEligible: (memberId) => {
      let known = eligible.get(memberId);
      if (known === undefined) {
        const standing = state.standings.get(memberId);
        known =
          definition !== null &&
          participationRefusal(definition, {
            isSubscribed: standing ? hasAccessAt(standing.subscription, at) : false,
            verifiedCountryKeys: standing ? verifiedCountryKeys(standing.verification) : [],
            membership: state.group.members.get(memberId) ?? null,
          }) === null;
        eligible.set(memberId, known);
      }
      return known;
    },
  };
}

const countOf = (choices: ReadonlyMap<string, string>, choice: string) => {
  let count = 0;
  for (const chosen of choices.values()) if (chosen === choice) count += 1;
  return count;
};

/**
 * The winner of a law amendment or dispute resolution (docs/product.md, Topic lifecycle): most weighted
 * support, enacted only if it beats its opposition and, for a topic opened with a quorum (issue #34
 * item 3), has more than half of `participatingWeight`, the weight that took part in the topic.
 */
export function winningOpinion(standings: readonly OpinionStanding[], participatingWeight: number | null = null): OpinionStanding | null {
  const ranked = [...standings].sort(
    (a, b) => b.weightedSupport - a.weightedSupport || a.postedAt.localeCompare(b.postedAt) || a.opinionId.localeCompare(b.opinionId),
  );
  const best = ranked[0];
  if (!best || best.weightedSupport <= best.weightedOppose) return null;
  return participatingWeight === null || best.weightedSupport * 2 > participatingWeight ? best : null;
}

/** The weight that took part: everyone whose chain reaches one of these choosers (each counted once, however many opinions they voted on). */
function participatingWeightOf(network: DelegationNetwork, choosers: Iterable<string>, members: MembersOf): number {
  const tookPart = new Map([...choosers].map((id) => [id, id]));
  let total = 0;
  for (const weight of recount(network, tookPart, members(tookPart.keys())).values()) total += weight;
  return total;
}

/** Everyone who could take part at the count: a group with members counts them (its stream names them all); an open group's figure is given. */
function eligibleWeightOf(state: TopicTallyState, network: DelegationNetwork, given: number | undefined): number | null {
  const definition = state.group.definition;
  if (!definition) return null;
  if (!hasMembers(definition.department)) return given ?? null;
  let eligible = 0;
  for (const memberId of state.group.members.keys()) if (network.isEligible(memberId)) eligible += 1;
  return eligible;
}

/** The rule that decided a closed topic, given its quorum was reached. */
function decidingRule(state: TopicTallyState, result: TopicResult): DecidingRule {
  if (state.topic?.type === 'election') return result.kind === 'winner' ? 'method_winner' : 'no_winner';
  if (state.topic && decidesAmongOpinions(state.topic)) return result.kind === 'law_enacted' ? 'beats_no_change' : 'no_change_kept';
  return result.kind === 'law_enacted' ? 'majority' : 'no_majority';
}

/**
 * Quorum and majority on a topic's count (issue #34 item 3; docs/decisions.md, Quorum and majority):
 * below the quorum nothing is enacted and nobody elected, whatever the method gave.
 */
function withQuorum(state: TopicTallyState, counted: Omit<MethodCount, 'participatingWeight'>, quorum: QuorumFigures | null): TopicTallies {
  if (!quorum || counted.result.kind === 'pending') return { ...counted, quorum, decidedBy: null };
  if (quorum.reached) return { ...counted, quorum, decidedBy: decidingRule(state, counted.result) };
  const election = counted.election && { winnerId: null, winnerCandidateId: null };
  return { ...counted, election, result: { kind: 'none', ...NO_RESULT }, quorum, decidedBy: 'quorum_not_reached' };
}

/** Every opinion's and candidate's counts as the state stands, and the result the closing rule gives. */
export function tallies(state: TopicTallyState, options: TalliesOptions = {}): TopicTallies {
  const at = options.at ?? state.lastAt ?? '';
  const network = networkOf(state, at);
  const members = (choosers: Iterable<string>) => new Set([...choosers, ...state.delegates.keys(), ...state.delegates.values()]);
  // Topics opened with a quorum are also held to it and to a majority of who took part; earlier ones keep the rule they opened under.
  // A partial count (`only`: the timeline's top subjects) has no outcome to hold to them, and skips their own count of who took part.
  const percent = state.topic && isQuorumTopicType(state.topic.type) && !options.only ? state.topic.quorumPercent : undefined;
  const { participatingWeight, ...counted } = countByMethod(state, network, members, options, percent !== undefined);
  const eligible = percent === undefined ? null : eligibleWeightOf(state, network, options.eligibleWeight);
  const quorum =
    percent === undefined || eligible === null
      ? null
      : { percent, eligibleWeight: eligible, participatingWeight, reached: quorumReached(percent, eligible, participatingWeight) };
  return withQuorum(state, counted, quorum);
}

function countByMethod(state: TopicTallyState, network: DelegationNetwork, members: MembersOf, options: TalliesOptions, heldToMajority: boolean): MethodCount {
  const counted = (id: string) => !options.only || options.only.has(id);
  const type: TopicType | null = state.topic?.type ?? null;

  if (type === 'election') return electionTallies(state, network, members, counted);
  if (state.topic && decidesAmongOpinions(state.topic)) return rankedOpinionTallies(state, network, members);

  const opinions: SubjectTally[] = [];
  const standings: OpinionStanding[] = [];
  for (const opinion of state.opinions) {
    const direct = state.votes.get(opinion.opinionId) ?? new Map<string, VoteType>();
    const weighted = counted(opinion.opinionId) ? recount(network, direct, members(direct.keys())) : new Map<string, number>();
    const tally = {
      subjectId: opinion.opinionId,
      supportCount: countOf(direct, 'support'),
      opposeCount: countOf(direct, 'oppose'),
      weightedSupport: weighted.get('support') ?? 0,
      weightedOppose: weighted.get('oppose') ?? 0,
    };
    opinions.push(tally);
    standings.push({
      opinionId: opinion.opinionId,
      proposerId: opinion.proposerId,
      weightedSupport: tally.weightedSupport,
      weightedOppose: tally.weightedOppose,
      postedAt: opinion.postedAt,
    });
  }
  // Per-opinion votes: who took part is everyone whose weight reached a vote on any opinion, once (a count of its own, only where it is used).
  const participatingWeight = heldToMajority ? participatingWeightOf(network, votersOf(state), members) : 0;
  const winner = type !== null && typeEnactsLaw(type) ? winningOpinion(standings, heldToMajority ? participatingWeight : null) : null;
  const result: TopicResult =
    state.status !== 'closed'
      ? { kind: 'pending', ...NO_RESULT }
      : winner
        ? { kind: 'law_enacted', opinionId: winner.opinionId, winnerId: null, winnerCandidateId: null, weightedSupport: winner.weightedSupport }
        : { kind: 'none', ...NO_RESULT };
  return { method: null, schulze: null, opinions, candidates: [], standings, election: null, result, participatingWeight };
}

function votersOf(state: TopicTallyState): Set<string> {
  const voters = new Set<string>();
  for (const opinionVotes of state.votes.values()) for (const voter of opinionVotes.keys()) voters.add(voter);
  return voters;
}

/** The fold as one object, for callers that pass it around (time travel, the history). */
export const topicTally = { initial, apply, tallies, isPastTheCut, networkOf };
