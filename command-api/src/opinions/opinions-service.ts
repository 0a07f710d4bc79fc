import { LruMap, NotFoundError, OPINION_NOT_FOUND, opinionStream, type OpinionPosted, type PostOpinionBody } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import type { ParticipationGate } from '../lib/participation-gate';
import { opinionDecider } from './opinion.decider';

/** What opinions need of the topics feature (its TopicsService, wired in services.ts). */
export interface OpenTopics {
  /** The topic, if members may still add to it; otherwise a 404 or a 403. */
  requireOpenTopic(topicId: string): Promise<{ topicId: string; groupId: number }>;
}

/** Opinions on open topics, by members eligible in the topic's group. */
export class OpinionsService {
  // What an opinion is about never changes: votes look it up once.
  private readonly targets = new LruMap<string, OpinionPosted['data']>(50_000);

  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly topics: OpenTopics,
  ) {}

  /** With an Idempotency-Key the opinion's id comes from it, so a repeat finds the first opinion and is answered with it. */
  async post(userId: string, body: PostOpinionBody, idempotency?: Idempotency) {
    const topic = await this.topics.requireOpenTopic(body.topicId);
    const { person: author } = await this.gate.requireParticipant(userId, topic.groupId);
    const opinion: OpinionPosted['data'] = {
      opinionId: createdIdOf(idempotency),
      topicId: topic.topicId,
      groupId: topic.groupId,
      userId,
      content: body.content,
    };
    const result = await this.bus.run(
      opinionStream(opinion.opinionId),
      opinionDecider,
      { type: 'postOpinion', opinion },
      { actorId: userId, ...keyed(idempotency) },
    );
    return { opinion: storedData(result, 'OpinionPosted', opinion), createdAt: result.time, position: result.position, author };
  }

  async find(opinionId: string): Promise<OpinionPosted['data']> {
    const cached = this.targets.get(opinionId);
    if (cached) return cached;
    const { state } = await this.bus.load(opinionStream(opinionId), opinionDecider);
    if (!state.opinion) throw new NotFoundError(OPINION_NOT_FOUND);
    this.targets.set(opinionId, state.opinion);
    return state.opinion;
  }
}
