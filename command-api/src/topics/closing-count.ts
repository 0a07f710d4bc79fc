import {
  groupStream, groupView, hasAccessAt, participationRefusal, recount, standingVotes, subscriptionView, userStream, verificationView, verifiedCountryKeys,
  type BallotEvent, type CandidateRegistered, type ClosingTally, type DelegationEvent, type DelegationNetwork, type DomainEvent, type EventRegistry,
  type EventStore, type GroupState, type OpinionPosted, type RecordedEvent, type SubscriptionEvent, type TopicCreated, type VerificationEvent, type VoteEvent,
} from '@civitas/events';
import type { OpinionStanding, TopicOutcome } from './topic.decider';

/** A topic's record, as far as its outcome goes: its opinions, candidates and every vote and ballot on them. */
const OUTCOME_EVENTS = ['OpinionPosted', 'VoteCast', 'VoteRetracted', 'CandidateRegistered', 'BallotCast', 'BallotWithdrawn'];
/** Member streams are read in slices this large, so a group of many delegators is never one huge query. */
const STREAM_SLICE = 2000;

type Topic = Pick<TopicCreated['data'], 'topicId' | 'groupId' | 'type' | 'expiresAt'>;
interface Decoded { recorded: RecordedEvent; event: DomainEvent }

/**
 * Counts a topic's outcome from the events alone, as they stood at its expiry (DECISIONS.md, topic
 * lifecycle; docs/decisions.md, 'Closing counts'): the topic's votes and ballots, its group's
 * delegation graph, and each member's eligibility from their own stream and the group's, all cut
 * at expiresAt. The weighted tally is the one rule of events/src/delegation/weighted-tally.ts, so
 * anyone holding the events gets the same numbers.
 */
export async function countTopicOutcome(store: EventStore, registry: EventRegistry, topic: Topic): Promise<TopicOutcome> {
  const asOf = Date.parse(topic.expiresAt);
  const decode = (events: readonly RecordedEvent[]): Decoded[] =>
    events.filter((recorded) => Date.parse(recorded.metadata.time ?? recorded.recordedAt.toISOString()) <= asOf)
      .map((recorded) => ({ recorded, event: registry.decode(recorded) }));

  const [record, delegationEvents, groupEvents] = await Promise.all([
    store.readTopicEvents(topic.topicId, OUTCOME_EVENTS).then(decode),
    store.readDelegationEvents(topic.groupId).then(decode),
    // What the group is never changes: only who belongs to it and who leads it is cut at expiry.
    store.readStream(groupStream(topic.groupId)).then((read) => [
      ...read.events.filter((recorded) => recorded.type === 'GroupCreated').map((recorded) => ({ recorded, event: registry.decode(recorded) })),
      ...decode(read.events.filter((recorded) => recorded.type !== 'GroupCreated')),
    ]),
  ]);
  const group = groupEvents.reduce((state, { event }) => groupView.evolve(state, event as never), groupView.initialState());
  const delegates = delegateGraph(delegationEvents.map(({ event }) => event as DelegationEvent));

  const votes = standingVotes(record.flatMap(({ event }) => (event.type === 'VoteCast' || event.type === 'VoteRetracted' ? [event as VoteEvent] : [])));
  const ballots = standingBallots(record.flatMap(({ event }) => (event.type === 'BallotCast' || event.type === 'BallotWithdrawn' ? [event as BallotEvent] : [])));
  const choosers = [...[...votes.values()].flatMap((voters) => [...voters.keys()]), ...ballots.keys()];
  const members = new Set([...choosers, ...delegates.keys(), ...delegates.values()]);
  const network = await networkAsOf(store, group, delegates, members, topic.expiresAt, decode);

  if (topic.type === 'election') return electionOutcome(record, ballots, network, members);
  const tallies: ClosingTally[] = [];
  const standings: OpinionStanding[] = [];
  for (const { recorded, event } of record) {
    if (event.type !== 'OpinionPosted') continue;
    const { opinionId, userId } = (event as OpinionPosted).data;
    const direct = votes.get(opinionId) ?? new Map<string, string>();
    const weighted = recount(network, direct, members);
    const tally = {
      subjectId: opinionId,
      supportCount: countOf(direct, 'support'), opposeCount: countOf(direct, 'oppose'),
      weightedSupport: weighted.get('support') ?? 0, weightedOppose: weighted.get('oppose') ?? 0,
    };
    tallies.push(tally);
    // Posted when its command was issued, as the opinions read model dates it: the earliest wins a tie.
    standings.push({ opinionId, proposerId: userId, weightedSupport: tally.weightedSupport, weightedOppose: tally.weightedOppose, postedAt: recorded.metadata.time ?? recorded.recordedAt.toISOString() });
  }
  return { tallies, standings, election: null };
}

/** The candidate with the most weighted support wins; a tie goes to the earliest registration; nobody wins on no weight. */
function electionOutcome(record: Decoded[], ballots: Map<string, string>, network: DelegationNetwork, members: Set<string>): TopicOutcome {
  const weighted = recount(network, ballots, members);
  const candidates = record.flatMap(({ event }) => (event.type === 'CandidateRegistered' ? [(event as CandidateRegistered).data] : []));
  const tallies = candidates.map((candidate) => ({
    subjectId: candidate.candidateId,
    supportCount: countOf(ballots, candidate.candidateId), opposeCount: 0,
    weightedSupport: weighted.get(candidate.candidateId) ?? 0, weightedOppose: 0,
  }));
  // Registration order is the record's order, so the first of the best is the earliest registered.
  let best: { userId: string; candidateId: string; weight: number } | null = null;
  for (const [index, candidate] of candidates.entries()) {
    const weight = tallies[index]!.weightedSupport;
    if (weight > 0 && (!best || weight > best.weight)) best = { userId: candidate.userId, candidateId: candidate.candidateId, weight };
  }
  return { tallies, standings: [], election: { winnerId: best?.userId ?? null, winnerCandidateId: best?.candidateId ?? null } };
}

const countOf = (choices: ReadonlyMap<string, string>, choice: string) => {
  let count = 0;
  for (const chosen of choices.values()) if (chosen === choice) count += 1;
  return count;
};

/** Each member's active delegate after the events, in order. */
function delegateGraph(events: readonly DelegationEvent[]): Map<string, string> {
  const delegateOf = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'DelegationAssigned') delegateOf.set(event.data.delegatorId, event.data.delegateId);
    else if (delegateOf.get(event.data.delegatorId) === event.data.delegateId) delegateOf.delete(event.data.delegatorId);
  }
  return delegateOf;
}

/** Each member's standing ballot after the events, in order: userId -> candidateId. */
function standingBallots(events: readonly BallotEvent[]): Map<string, string> {
  const ballots = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'BallotCast') ballots.set(event.data.userId, event.data.candidateId);
    else ballots.delete(event.data.userId);
  }
  return ballots;
}

/** The group's graph with each member's eligibility as their streams and the group's stood at `asOf`. */
async function networkAsOf(
  store: EventStore, group: GroupState, delegateOf: Map<string, string>, members: Set<string>, asOf: string,
  decode: (events: readonly RecordedEvent[]) => Decoded[],
): Promise<DelegationNetwork> {
  const definition = group.definition;
  const delegatorsOf = new Map<string, string[]>();
  for (const [delegator, delegate] of delegateOf) {
    const list = delegatorsOf.get(delegate);
    if (list) list.push(delegator);
    else delegatorsOf.set(delegate, [delegator]);
  }
  const eligible = new Set<string>();
  if (definition) {
    const needsStanding = ['national', 'international', 'business'].includes(definition.department);
    const ids = [...members];
    for (let start = 0; start < ids.length; start += STREAM_SLICE) {
      const slice = ids.slice(start, start + STREAM_SLICE);
      const streams = needsStanding ? await store.readStreams(slice.map(userStream)) : new Map<string, RecordedEvent[]>();
      for (const userId of slice) {
        let subscription = subscriptionView.initialState();
        let verification = verificationView.initialState();
        for (const { event } of decode(streams.get(userStream(userId)) ?? [])) {
          subscription = subscriptionView.evolve(subscription, event as SubscriptionEvent);
          verification = verificationView.evolve(verification, event as VerificationEvent);
        }
        const refusal = participationRefusal(definition, {
          isSubscribed: hasAccessAt(subscription, asOf),
          verifiedCountryKeys: verifiedCountryKeys(verification),
          membership: group.members[userId] ?? null,
        });
        if (refusal === null) eligible.add(userId);
      }
    }
  }
  return {
    delegateOf: (memberId) => delegateOf.get(memberId),
    delegatorsOf: (memberId) => delegatorsOf.get(memberId) ?? [],
    isEligible: (memberId) => eligible.has(memberId),
  };
}
