import {
  CANDIDATE_NOT_FOUND,
  CATALOGUE,
  DEFAULT_ELECTION_METHOD,
  ELECTION_DEFAULT_DAYS,
  ForbiddenError,
  GROUP_NOT_FOUND,
  LruMap,
  MAIN_ELECTION_DEPARTMENTS,
  MAIN_ELECTION_GROUPS,
  NOT_AN_ELECTION,
  NotFoundError,
  SUBSCRIPTION_REQUIRED_TO_RUN,
  ValidationError,
  ballotStream,
  candidacyStream,
  decidesAmongOpinions,
  isUuid,
  groupStream,
  existingId,
  groupView,
  leadershipView,
  mainElectionStream,
  methodOf,
  topicStream,
  userStream,
  type BallotBody,
  type CandidateRegistered,
  type CreateTopicBody,
  type DomainEvent,
  type ElectionMethod,
  type GroupLeaderElected,
  type BallotReply,
  type MainElectionOpened,
  type PersonState,
  type TopicCreated,
  type View,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import type { ParticipationGate } from '../lib/participation-gate';
import type { Receipts } from '../lib/receipt';
import { ballotFor, candidatesNamed } from './ballot-by-method';
import { ballotDecider } from './ballot.decider';
import { candidacyDecider } from './candidacy.decider';
import { groupLeadershipDecider, userLeadershipDecider } from './leadership.decider';
import { mainElectionDecider } from './main-election.decider';
import { preferenceBallotDecider, type CastPreferences } from './preference-ballot.decider';

const DAY_MS = 86_400_000;
type Topic = Pick<TopicCreated['data'], 'topicId' | 'groupId' | 'type' | 'method'>;

/** What elections need of the topics feature (its TopicsService, wired in services.ts). */
export interface ElectionTopics {
  /** The topic, if members may still add to it; otherwise a 404 or a 403. */
  requireOpenTopic(topicId: string): Promise<Topic>;
  /**
   * Creates a topic; `mainElection` makes it the group's main election with the id and expiry given,
   * idempotently. `author`: the creator's names as sealed in their stream.
   */
  create(
    userId: string,
    body: CreateTopicBody,
    options: { mainElection: { topicId: string; expiresAt: string } },
  ): Promise<{ topic: TopicCreated['data']; createdAt: string; position: string | null; author: PersonState }>;
}

/**
 * What a ballot over a topic's opinions needs of the opinions feature: an opinion as the vote route
 * finds it (its OpinionsService, wired in services.ts; a 404 when there is none).
 */
export interface BallotOpinions {
  find(opinionId: string): Promise<{ topicId: string }>;
}

/** How many opinions a ballot's lookup asks for at once; it stops at the first batch naming a stranger. */
const OPINION_LOOKUP_BATCH = 16;

/** What closing a main election needs (the topics feature's ElectedLeaders, wired in services.ts). */
export interface LeaderInstallation {
  /** Idempotent per election: safe to run twice, or again after a crash half-way. */
  installLeader(leader: { groupId: number; winnerId: string; electionId: string }): Promise<{ position: string | null }>;
}

/** A topic's life as far as a main election goes: a deleted topic no longer holds the group's election. */
const topicLife: View<DomainEvent, 'missing' | 'active' | 'closed' | 'deleted'> = {
  initialState: () => 'missing',
  evolve: (state, event) => {
    switch (event.type) {
      case 'TopicCreated':
        return 'active';
      case 'TopicClosed':
        return 'closed';
      case 'TopicDeleted':
        return 'deleted';
      default:
        return state;
    }
  },
};

/** The Alliance: the one group of its department in the catalogue, where leaders sit. */
const ALLIANCE_GROUP_ID = CATALOGUE.find((group) => group.department === 'alliance')!.groupId;

/** The texts of a main election's topic: fixed, naming the group, so re-creating it gives the same topic. */
export const mainElectionTexts = (groupName: string) => ({
  title: `${groupName} Leadership Election`,
  description: `Elect the leader of ${groupName}. The winner leads the group and represents it in the Alliance.`,
});

/**
 * Elections (docs/product.md, States to Calls, and Topic lifecycle): a group's main election, candidacies, ballots, and
 * the winner's leadership with its Alliance seat. Eligibility and the topic's state are checked
 * before each stream decides; each rule that must hold under concurrency lives in one stream.
 */
export class ElectionsService implements LeaderInstallation {
  // Candidates are never withdrawn: a known one is trusted, an unknown one is looked up again.
  private readonly candidates = new LruMap<string, Map<string, CandidateRegistered['data']>>(10_000);

  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly topics: ElectionTopics,
    private readonly receipts: Receipts,
    private readonly opinions: BallotOpinions,
  ) {}

  /**
   * POST /api/groups/<id>/main-election; with an Idempotency-Key a repeat is answered with the election it opened.
   * `method`: how it is counted (issue #34), recorded on the opening, so its topic is written with it even after a crash.
   */
  async openMainElection(userId: string, groupId: number, idempotency?: Idempotency, method: ElectionMethod = DEFAULT_ELECTION_METHOD) {
    const { state: group } = await this.bus.load(groupStream(groupId), groupView);
    if (!group.definition) throw new NotFoundError(GROUP_NOT_FOUND);
    if (!(MAIN_ELECTION_DEPARTMENTS as readonly string[]).includes(group.definition.department)) throw new ValidationError(MAIN_ELECTION_GROUPS);
    await this.gate.requireParticipant(userId, groupId);

    const now = this.bus.now();
    const { state } = await this.bus.load(mainElectionStream(groupId), mainElectionDecider);
    let deletedTopicId: string | null = null;
    if (state.current && now.toISOString() < state.current.expiresAt) {
      const { state: life } = await this.bus.load(topicStream(state.current.topicId), topicLife);
      if (life === 'deleted') deletedTopicId = state.current.topicId;
      // Opened, but its topic not written (a crash in between, or another request writing it now): write it, then refuse as usual.
      if (life === 'missing') await this.createTopic(group.definition.name, state.current);
    }
    const opening: MainElectionOpened['data'] = {
      groupId,
      topicId: createdIdOf(idempotency),
      openedBy: userId,
      expiresAt: new Date(now.getTime() + ELECTION_DEFAULT_DAYS * DAY_MS).toISOString(),
      method,
    };
    const opened = await this.bus.run(
      mainElectionStream(groupId),
      mainElectionDecider,
      { type: 'openMainElection', opening, now: now.toISOString(), deletedTopicId },
      { actorId: userId, ...keyed(idempotency) },
    );
    return this.createTopic(group.definition.name, storedData(opened, 'MainElectionOpened', opening));
  }

  /** POST /api/candidates and POST /api/topics/<id>/candidates: the member stands in an election topic. */
  async register(userId: string, topicId: string, statement: string, idempotency?: Idempotency) {
    const topic = await this.requireOpenElection(topicId);
    const { standing, person } = await this.gate.requireParticipant(userId, topic.groupId);
    if (!standing.isSubscribed) throw new ForbiddenError(SUBSCRIPTION_REQUIRED_TO_RUN);
    const candidate: CandidateRegistered['data'] = { candidateId: createdIdOf(idempotency), topicId: topic.topicId, groupId: topic.groupId, userId, statement };
    const result = await this.bus.run(
      candidacyStream(topic.topicId, userId),
      candidacyDecider,
      { type: 'registerCandidate', candidate },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { candidate: storedData(result, 'CandidateRegistered', candidate), createdAt: result.time, position: result.position, person };
  }

  /**
   * POST /api/topics/<id>/ballot, read by the election's method (its TopicCreated; docs/decisions.md,
   * Election methods), or a ranking of the opinions of a law topic decided among them (item 2):
   * checks in the order topic (404, 403 closed, 400 neither an election nor so decided), the body's
   * shape for the method (400), eligibility (403), the candidates or opinions named (404). `body`: ids in lower case.
   */
  async castBallot(userId: string, topicId: string, body: BallotBody, idempotency?: Idempotency): Promise<BallotReply> {
    const topic = await this.topics.requireOpenTopic(topicId);
    if (decidesAmongOpinions(topic)) return this.rankOpinions(userId, topic, body, idempotency);
    if (topic.type !== 'election') throw new ValidationError(NOT_AN_ELECTION);
    const ballot = ballotFor(methodOf(topic), body);
    if (ballot.method === 'plurality') return this.chooseCandidate(userId, topic, existingId(ballot.candidateId, CANDIDATE_NOT_FOUND), idempotency);
    const [, candidates] = await this.bothChecked(
      this.gate.requireParticipant(userId, topic.groupId),
      this.candidatesOf(topic.topicId, candidatesNamed(ballot)),
    );
    return this.castPreferences(userId, topic, { method: ballot.method, ballot: body, candidates: new Set(candidates.keys()) }, idempotency);
  }

  /** A ranking of the topic's opinions and "no change" (the topic's own id), replacing the member's ranking before. */
  private async rankOpinions(userId: string, topic: Topic, body: BallotBody, idempotency?: Idempotency): Promise<BallotReply> {
    const ballot = ballotFor('rankedOpinions', body);
    const [, options] = await this.bothChecked(this.gate.requireParticipant(userId, topic.groupId), this.optionsNamed(topic.topicId, candidatesNamed(ballot)));
    return this.castPreferences(userId, topic, { method: 'rankedOpinions', ballot: body, candidates: options }, idempotency);
  }

  /** A ranked or approval ballot through its decider; the answer echoes the ballot standing. */
  private async castPreferences(
    userId: string,
    topic: Topic,
    cast: Pick<CastPreferences, 'method' | 'ballot' | 'candidates'>,
    idempotency?: Idempotency,
  ): Promise<BallotReply> {
    const target = { topicId: topic.topicId, groupId: topic.groupId, userId };
    const stream = ballotStream(topic.topicId, userId);
    const result = await this.bus.run(
      stream,
      preferenceBallotDecider,
      { type: 'castPreferences', target, ...cast },
      { actorId: userId, ...keyed(idempotency) },
    );
    // The ballot this answer is about: the one appended (for a repeated key, the one it first appended), else the one standing.
    const last = result.events.at(-1);
    const standing = last ? preferenceBallotDecider.evolve(result.state, last) : result.state;
    const echo = cast.method === 'approval' ? { approvals: standing.approvals ?? [] } : { ranking: standing.ranking ?? [] };
    return { topicId: topic.topicId, candidateId: null, ...echo, position: result.position, receipt: await this.receipts.of(result, stream) };
  }

  /** A plurality ballot: the same candidate again withdraws it, another moves it. */
  private async chooseCandidate(userId: string, topic: Topic, candidateId: string, idempotency?: Idempotency): Promise<BallotReply> {
    await this.bothChecked(this.gate.requireParticipant(userId, topic.groupId), this.requireCandidate(topic.topicId, candidateId));
    const target = { topicId: topic.topicId, groupId: topic.groupId, userId };
    const stream = ballotStream(topic.topicId, userId);
    const result = await this.bus.run(stream, ballotDecider, { type: 'chooseCandidate', target, candidateId }, { actorId: userId, ...keyed(idempotency) });
    return { topicId: topic.topicId, candidateId: result.state.candidateId, position: result.position, receipt: await this.receipts.of(result, stream) };
  }

  /** Both checks at once; when both fail, the member's own refusal (the first) is the answer. */
  private async bothChecked<A, B>(member: Promise<A>, other: Promise<B>): Promise<[A, B]> {
    const [first, second] = await Promise.allSettled([member, other]);
    if (first.status === 'rejected') throw first.reason;
    if (second.status === 'rejected') throw second.reason;
    return [first.value, second.value];
  }

  /**
   * A main election's winner takes the lead (docs/product.md, Topic lifecycle): GroupLeaderElected on
   * the group, LeadershipTaken / LeadershipEnded on the members' own streams, and the Alliance seat
   * follows (the winner joins; a previous leader who leads no group any more leaves). Every step
   * has a command id fixed by the election, and the previous leader is the one the group's own
   * event names, so a second run, or one after a crash half-way, completes without repeating.
   */
  async installLeader({ groupId, winnerId, electionId }: { groupId: number; winnerId: string; electionId: string }) {
    const system = { actorId: null };
    const elected = await this.bus.run(
      groupStream(groupId),
      groupLeadershipDecider,
      { type: 'electLeader', groupId, winnerId, electionId },
      { ...system, commandId: `leader-elected-${electionId}` },
    );
    const { previousLeaderId } = (elected.events[0] as GroupLeaderElected).data;
    await this.bus.run(
      userStream(winnerId),
      userLeadershipDecider,
      { type: 'takeLeadership', userId: winnerId, groupId, electionId },
      { ...system, commandId: `leadership-taken-${electionId}` },
    );
    let result = await this.bus.run(
      groupStream(ALLIANCE_GROUP_ID),
      groupLeadershipDecider,
      { type: 'takeAllianceSeat', groupId: ALLIANCE_GROUP_ID, userId: winnerId },
      { ...system, commandId: `alliance-seat-${electionId}` },
    );
    if (previousLeaderId && previousLeaderId !== winnerId) {
      await this.bus.run(
        userStream(previousLeaderId),
        userLeadershipDecider,
        { type: 'endLeadership', userId: previousLeaderId, groupId, electionId, successorId: winnerId },
        { ...system, commandId: `leadership-ended-${electionId}` },
      );
      const { state } = await this.bus.load(userStream(previousLeaderId), leadershipView);
      const left = await this.bus.run(
        groupStream(ALLIANCE_GROUP_ID),
        groupLeadershipDecider,
        { type: 'leaveAllianceSeat', groupId: ALLIANCE_GROUP_ID, userId: previousLeaderId, stillLeads: state.ledGroups.length > 0 },
        { ...system, commandId: `alliance-left-${electionId}` },
      );
      if (left.position) result = left;
    }
    return { position: result.position ?? elected.position };
  }

  private async createTopic(groupName: string, opening: MainElectionOpened['data']) {
    const body = { ...mainElectionTexts(groupName), groupId: opening.groupId, type: 'election' as const, method: opening.method };
    return this.topics.create(opening.openedBy, body, { mainElection: { topicId: opening.topicId, expiresAt: opening.expiresAt } });
  }

  private async requireOpenElection(topicId: string): Promise<Topic> {
    const topic = await this.topics.requireOpenTopic(topicId);
    if (topic.type !== 'election') throw new ValidationError(NOT_AN_ELECTION);
    return topic;
  }

  /**
   * What a ranking of the topic's opinions may name: no change (the topic's own id) and those of
   * `named` that are opinions of this topic, each found as the vote route finds the opinion it is
   * about (a hidden one too, as votes on it are taken). The others are the decider's to refuse; the
   * lookup stops after the first batch that names one, so strangers cost one batch.
   */
  private async optionsNamed(topicId: string, named: readonly string[]): Promise<ReadonlySet<string>> {
    const options = new Set([topicId]);
    const asked = named.filter((id) => id !== topicId);
    for (let at = 0; at < asked.length; at += OPINION_LOOKUP_BATCH) {
      const batch = asked.slice(at, at + OPINION_LOOKUP_BATCH);
      const found = await Promise.all(batch.map((id) => this.opinionOf(topicId, id)));
      for (const [index, ofTopic] of found.entries()) if (ofTopic) options.add(batch[index]!);
      if (found.includes(false)) break;
    }
    return options;
  }

  /** Whether `id` is an opinion posted on this topic. */
  private async opinionOf(topicId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    try {
      return (await this.opinions.find(id)).topicId === topicId;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  /** One candidate of the election, or 404. */
  private async requireCandidate(topicId: string, candidateId: string): Promise<CandidateRegistered['data']> {
    const candidate = (await this.candidatesOf(topicId, [candidateId])).get(candidateId);
    if (!candidate) throw new NotFoundError(CANDIDATE_NOT_FOUND);
    return candidate;
  }

  /**
   * The election's candidates, looked up in the events (a candidate registered a moment ago counts)
   * and remembered; read again when one of `named` is not known yet.
   */
  private async candidatesOf(topicId: string, named: readonly string[]): Promise<ReadonlyMap<string, CandidateRegistered['data']>> {
    const known = this.candidates.get(topicId);
    if (known && named.every((id) => known.has(id))) return known;
    const registered = await this.bus.store.readTopicEvents(topicId, ['CandidateRegistered']);
    const all = new Map(
      registered.map((recorded) => {
        const { data } = this.bus.registry.decode(recorded) as CandidateRegistered;
        return [data.candidateId, data] as const;
      }),
    );
    this.candidates.set(topicId, all);
    return all;
  }
}
