import {
  CHAT_RATE_LIMITED,
  CHAT_RATE_LIMIT_PER_MINUTE,
  TOPIC_NOT_FOUND,
  chatStream,
  existingId,
  type ChatMessagePosted,
  type PostChatMessageBody,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { countAgainst, type DomainLimit, type HitCounter } from '../lib/domain-limit';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import type { ParticipationGate } from '../lib/participation-gate';
import { chatDecider } from './chat.decider';

/** What chat needs of the topics feature (its TopicsService, wired in services.ts). */
export interface OpenTopics {
  /** The topic, if members may still add to it; otherwise a 404 (missing, deleted) or a 403 (closed). */
  requireOpenTopic(topicId: string): Promise<{ topicId: string; groupId: number }>;
}

const CHAT_LIMIT: DomainLimit = { counter: 'chat', name: 'chat-per-minute', max: CHAT_RATE_LIMIT_PER_MINUTE, windowMs: 60_000, message: CHAT_RATE_LIMITED };

/**
 * Chat on open topics by members who may take part in the topic's group. The REST call and
 * the live socket both post through here, so both are held to the same rules and the same
 * per-member rate limit.
 */
export class ChatService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly topics: OpenTopics,
    private readonly counters: HitCounter,
    private readonly perMinute = CHAT_RATE_LIMIT_PER_MINUTE,
  ) {}

  /**
   * Posts a message whose body passed PostChatMessageBody; a topic id that is no uuid is a missing topic (404).
   * With an Idempotency-Key the message's id comes from it and a repeat is answered with the first message.
   */
  async post(userId: string, body: PostChatMessageBody, idempotency?: Idempotency) {
    const topic = await this.topics.requireOpenTopic(existingId(body.topicId, TOPIC_NOT_FOUND));
    const { person: sender, group } = await this.gate.requireParticipant(userId, topic.groupId);
    // Counted only for messages that would be stored, so the refusal means exactly what it says.
    await countAgainst(this.counters, CHAT_LIMIT, userId, this.perMinute);
    const requested = body.mentions ?? [];
    const message: Omit<ChatMessagePosted['data'], 'mentions'> = {
      messageId: createdIdOf(idempotency),
      topicId: topic.topicId,
      groupId: topic.groupId,
      userId,
      message: body.message,
    };
    const result = await this.bus.run(
      chatStream(topic.topicId, userId),
      chatDecider,
      { type: 'postChatMessage', message, mentions: { requested, mayBeTold: await this.gate.mayBeTold(group.groupId, requested) } },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { message: storedData(result, 'ChatMessagePosted', message), createdAt: result.time, position: result.position, sender };
  }
}
