import {
  GROUP_TYPES,
  STANDING_TYPES,
  networkOf,
  topicTally,
  type PositionedEvent,
  type TopicHistoryEntry,
  type TopicHistoryKind,
  type TopicTallyState,
} from '@civitas/events';

/** What an entry says about whom: member ids, turned into pseudonyms by `historyEntries`. */
interface Fact {
  kind: TopicHistoryKind;
  actorId?: string | null;
  /** The actor acted in public (created the topic, posted an opinion, stood): named by their author pseudonym. */
  authored?: boolean;
  opinionId?: string | null;
  candidateUserId?: string | null;
  choice?: 'support' | 'oppose' | null;
  delegateId?: string | null;
}

/** The topic's own record that bears on its count while it is open (a vote after expiry counts for nothing, so it is not listed). */
const RECORD_KINDS: Record<string, TopicHistoryKind> = {
  OpinionPosted: 'opinion_posted',
  VoteCast: 'vote_cast',
  VoteRetracted: 'vote_retracted',
  CandidateRegistered: 'candidacy_registered',
  BallotCast: 'ballot_cast',
  BallotWithdrawn: 'ballot_retracted',
  // A ranked or approval ballot is a ballot cast (issue #34); it names no one candidate, so the entry names none.
  RankedBallotCast: 'ballot_cast',
  ApprovalBallotCast: 'ballot_cast',
};
const ELIGIBILITY_TYPES = new Set<string>([...GROUP_TYPES, ...STANDING_TYPES]);

/** Eligibility as the tally module judges it; the empty graph keeps this O(1) per member (delegations do not bear on it). */
const eligibleAt = (state: TopicTallyState, userId: string, at: string) => networkOf({ ...state, delegates: new Map() }, at).isEligible(userId);

const candidateUser = (state: TopicTallyState, candidateId: string) =>
  state.candidates.find((candidate) => candidate.candidateId === candidateId)?.userId ?? null;

/** The facts one event adds to the history, judged against the fold before it (`state`, then folded in). */
function factsOf(topicId: string, state: TopicTallyState, event: PositionedEvent): Fact[] {
  const data = event.data as Record<string, string | undefined>;
  const ofTopic = data.topicId === topicId;
  // Delegation and eligibility changes count only during the topic's life (created -> closed, deleted or expired), like the module's cut.
  const live = state.status === 'active' && state.topic !== null && event.at <= state.topic.expiresAt;
  const before = live && ELIGIBILITY_TYPES.has(event.type) && data.userId ? eligibleAt(state, data.userId, event.at) : null;
  const wasMember = data.userId ? state.group.members.has(data.userId) : false;
  topicTally.apply(state, event);
  switch (event.type) {
    case 'TopicCreated':
      return ofTopic ? [{ kind: 'topic_created', actorId: data.createdBy, authored: true }] : [];
    case 'TopicClosed':
      return ofTopic ? [{ kind: 'topic_closed' }] : [];
    case 'LawEnacted':
      return ofTopic ? [{ kind: 'law_enacted', opinionId: data.opinionId }] : [];
    case 'ElectionDecided':
      return ofTopic ? [{ kind: 'winner_declared', candidateUserId: data.winnerId ?? null }] : [];
    case 'DelegationAssigned':
    case 'DelegationRevoked':
      if (!live || (data as unknown as { groupId: number }).groupId !== state.groupId) return [];
      return [{ kind: event.type === 'DelegationAssigned' ? 'delegation_set' : 'delegation_revoked', actorId: data.delegatorId, delegateId: data.delegateId }];
  }
  const kind = RECORD_KINDS[event.type];
  if (kind) {
    if (!ofTopic || !live) return [];
    const candidateId = event.type === 'BallotWithdrawn' ? data.previousCandidateId : data.candidateId;
    return [
      {
        kind,
        actorId: data.userId,
        authored: kind === 'opinion_posted' || kind === 'candidacy_registered',
        opinionId: data.opinionId ?? null,
        candidateUserId: candidateId ? candidateUser(state, candidateId) : null,
        choice: ((event.type === 'VoteRetracted' ? data.previousVoteType : data.voteType) as Fact['choice']) ?? null,
      },
    ];
  }
  if (before === null || !data.userId) return [];
  // Only members of the group's tally: a joining or leaving member, or one who belongs.
  if (!wasMember && !state.group.members.has(data.userId)) return [];
  const after = eligibleAt(state, data.userId, event.at);
  return after === before ? [] : [{ kind: after ? 'eligibility_gained' : 'eligibility_lost', actorId: data.userId }];
}

export interface HistoryOptions {
  /**
   * The per-topic pseudonym of a member id: `author` for what they did in public (a topic, an
   * opinion, a candidacy, and a candidate as ballots name them), `member` for votes, ballots,
   * delegations and eligibility; the two never match (docs/decisions.md, Pseudonyms that hold).
   */
  pseudonym: (userId: string, as: 'author' | 'member') => string;
  /** Who reads: their own entries are marked. */
  viewerId: string | null;
}

/**
 * A topic's history (issue #15 item 2): every event that bears on its outcome, oldest first, folded
 * through the tally module so that eligibility changes are the ones its count sees. Members appear
 * only as pseudonyms.
 */
export function historyEntries(topicId: string, events: readonly PositionedEvent[], { pseudonym, viewerId }: HistoryOptions): TopicHistoryEntry[] {
  const state = topicTally.initial(topicId);
  const named = (userId: string | null | undefined, as: 'author' | 'member' = 'member') => (userId ? pseudonym(userId, as) : null);
  const entries: TopicHistoryEntry[] = [];
  for (const event of events) {
    for (const fact of factsOf(topicId, state, event)) {
      entries.push({
        position: event.position,
        occurredAt: event.at,
        kind: fact.kind,
        actor: named(fact.actorId, fact.authored ? 'author' : 'member'),
        isMine: viewerId !== null && fact.actorId === viewerId,
        opinionId: fact.opinionId ?? null,
        candidate: named(fact.candidateUserId, 'author'),
        choice: fact.choice ?? null,
        delegate: named(fact.delegateId),
      });
    }
  }
  return entries;
}
