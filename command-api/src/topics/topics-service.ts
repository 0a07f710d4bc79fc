import {
  DEFAULT_ELECTION_METHOD,
  ForbiddenError,
  GROUP_NOT_FOUND,
  LAW_METHOD_ONLY_SCHULZE,
  LruMap,
  RANKED_OPINIONS_METHOD,
  MY_FAMILY_GROUP_ALIAS,
  NotFoundError,
  TOPIC_CLOSED,
  TOPIC_NOT_FOUND,
  TOPIC_SUBSCRIPTION_REQUIRED,
  TOPIC_TYPE_LABELS,
  ValidationError,
  defaultTopicDays,
  defaultTopicType,
  isQuorumTopicType,
  quorumPercentOf,
  topicStream,
  topicTypesFor,
  typeEnactsLaw,
  typeNeedsSubscription,
  personalGroupsView,
  userStream,
  type CreateTopicBody,
  type ElectionMethod,
  type TopicCreated,
  type TopicType,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import type { ParticipationGate } from '../lib/participation-gate';
import { topicDecider, type TopicOutcome, type TopicState } from './topic.decider';

const DAY_MS = 86_400_000;
/** A counting method on a topic of a type that takes none, a discussion (issue #34; docs/decisions.md, Election methods). */
export const METHOD_FOR_COUNTED_TYPES_ONLY = 'Only elections, law amendments and dispute resolutions take a counting method.';
/** How long a topic's state is trusted for votes and opinions before it is read again. */
const TOPIC_STATE_TTL_MS = 1000;

/**
 * A method the type does not take (issue #34 items 1 and 2): an election takes any, a law amendment or
 * dispute resolution only 'schulze' (deciding among its opinions), a discussion none.
 */
function refuseMethod(type: TopicType, method: ElectionMethod): void {
  if (type === 'election') return;
  if (!typeEnactsLaw(type)) throw new ValidationError(METHOD_FOR_COUNTED_TYPES_ONLY);
  if (method !== RANKED_OPINIONS_METHOD) throw new ValidationError(LAW_METHOD_ONLY_SCHULZE);
}

/** Topics: creation under the eligibility and type rules, deletion by the creator, closing when they expire. */
export class TopicsService {
  // A hot topic takes many votes a second: its state is read at most once a second. Expiry is exact
  // (expiresAt never changes); a deletion in another process is noticed within the second.
  private readonly recent = new LruMap<string, { topic: TopicState; readAt: number }>(10_000);

  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
  ) {}

  /**
   * `mainElection`: the group's main election (opened by the elections feature, which checked the
   * group), an election topic whatever the department's own types, with the id and expiry its
   * opening fixed and a command id of its own, so creating it again changes nothing. `idempotency`:
   * the member's Idempotency-Key, which fixes the topic's id, so a repeat is answered with the first topic.
   */
  async create(userId: string, body: CreateTopicBody, options: { mainElection?: { topicId: string; expiresAt: string }; idempotency?: Idempotency } = {}) {
    const { mainElection, idempotency } = options;
    const groupId = await this.resolveGroupId(userId, body.groupId);
    const { group, standing, person: author } = await this.gate.requireParticipant(userId, groupId);
    const type = mainElection ? 'election' : (body.type ?? defaultTopicType(group.department));
    if (!mainElection && !topicTypesFor(group.department).includes(type))
      throw new ValidationError(`${TOPIC_TYPE_LABELS[type]} topics are not available in this group`);
    if (body.method !== undefined) refuseMethod(type, body.method);
    if (typeNeedsSubscription(type) && !standing.isSubscribed) throw new ForbiddenError(TOPIC_SUBSCRIPTION_REQUIRED);
    const now = this.bus.now();
    const topic: TopicCreated['data'] = {
      topicId: mainElection?.topicId ?? createdIdOf(idempotency),
      groupId,
      title: body.title,
      description: body.description,
      type,
      createdBy: userId,
      isMainElection: mainElection !== undefined,
      expiresAt: mainElection?.expiresAt ?? new Date(now.getTime() + (body.expiresInDays ?? defaultTopicDays(type)) * DAY_MS).toISOString(),
      // Every new election names its method, the default too, so the record says how it is counted; a
      // law topic names one only when decided among its opinions (absent: support and oppose on each).
      ...(type === 'election' ? { method: body.method ?? DEFAULT_ELECTION_METHOD } : body.method !== undefined ? { method: body.method } : {}),
      // A topic that decides is held to the group's quorum for its type as it stands now (issue #34 item 3).
      ...(isQuorumTopicType(type) ? { quorumPercent: quorumPercentOf(await this.gate.quorumsOf(groupId), type) } : {}),
    };
    const commandOptions = mainElection ? { commandId: `main-election-topic-${topic.topicId}` } : keyed(idempotency);
    const result = await this.bus.run(topicStream(topic.topicId), topicDecider, { type: 'createTopic', topic }, { actorId: userId, ...commandOptions });
    return { topic: storedData(result, 'TopicCreated', topic), createdAt: result.time, position: result.position, author };
  }

  delete(userId: string, topicId: string) {
    this.recent.delete(topicId);
    return this.bus.run(topicStream(topicId), topicDecider, { type: 'deleteTopic', actorId: userId }, { actorId: userId });
  }

  /** Closes an expired topic with the outcome counted from its events; a fixed command id makes it happen once. */
  close(topicId: string, outcome: TopicOutcome, now: Date = this.bus.now()) {
    return this.bus.run(
      topicStream(topicId),
      topicDecider,
      { type: 'closeTopic', now: now.toISOString(), outcome },
      { actorId: null, commandId: `close-topic-${topicId}` },
    );
  }

  /** A topic members may still add to: it exists, is not deleted, and has not expired. */
  async requireOpenTopic(topicId: string): Promise<NonNullable<TopicState['topic']>> {
    const state = await this.topicState(topicId);
    if (!state.topic || state.status === 'deleted') throw new NotFoundError(TOPIC_NOT_FOUND);
    // Votes stop at expiresAt even before the scheduler closes the topic, so the close counts every vote.
    if (state.status === 'closed' || this.bus.now().toISOString() >= state.topic.expiresAt) throw new ForbiddenError(TOPIC_CLOSED);
    return state.topic;
  }

  private async topicState(topicId: string): Promise<TopicState> {
    const now = Date.now();
    const known = this.recent.get(topicId);
    if (known && now - known.readAt < TOPIC_STATE_TTL_MS) return known.topic;
    const { state } = await this.bus.load(topicStream(topicId), topicDecider);
    this.recent.set(topicId, { topic: state, readAt: now });
    return state;
  }

  /** Group 1 stands for the member's own family group (docs/product.md, Personal groups). */
  private async resolveGroupId(userId: string, groupId: number): Promise<number> {
    if (groupId !== MY_FAMILY_GROUP_ALIAS) return groupId;
    const { state } = await this.bus.load(userStream(userId), personalGroupsView);
    if (!state.assigned) throw new NotFoundError(GROUP_NOT_FOUND);
    return state.assigned.family;
  }
}
