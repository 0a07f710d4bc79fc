import { RANKED_TOPIC_TAKES_BALLOTS, ValidationError, decidesAmongOpinions, voteStream, type TopicCreated, type VoteType } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { keyed, type Idempotency } from '../lib/idempotency';
import type { Receipts } from '../lib/receipt';
import type { ParticipationGate } from '../lib/participation-gate';
import { voteDecider, type VoteCommand, type VoteTarget } from './vote.decider';

/** What voting needs of the opinions and topics features (their services, wired in services.ts). */
export interface VotingPorts {
  /** The opinion a vote is about (a 404 when there is none). */
  opinions: { find(opinionId: string): Promise<{ topicId: string; groupId: number }> };
  /** The topic, if members may still add to it; otherwise a 404 or a 403. */
  topics: { requireOpenTopic(topicId: string): Promise<Pick<TopicCreated['data'], 'type' | 'method'>> };
  receipts: Receipts;
}

/** Votes on opinions: the toggle rules live in the vote stream; eligibility and the topic's state are checked first. */
export class VotingService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly ports: VotingPorts,
  ) {}

  cast(userId: string, opinionId: string, voteType: VoteType, idempotency?: Idempotency) {
    return this.execute(userId, opinionId, (target) => ({ type: 'castVote', target, voteType }), idempotency);
  }

  retract(userId: string, opinionId: string, idempotency?: Idempotency) {
    return this.execute(userId, opinionId, (target) => ({ type: 'retractVote', target }), idempotency);
  }

  /**
   * Checks in the order opinion (404), topic (404, 403 closed, 400 decided by ranked ballots), then
   * the member (403), as the ballot route orders them: the topic's refusal is everyone's answer.
   */
  private async execute(userId: string, opinionId: string, command: (target: VoteTarget) => VoteCommand, idempotency?: Idempotency) {
    const opinion = await this.ports.opinions.find(opinionId);
    // Independent checks, in parallel; the topic's refusal comes first when both refuse.
    const [topic, member] = await Promise.allSettled([this.openVotedTopic(opinion.topicId), this.gate.requireParticipant(userId, opinion.groupId)]);
    if (topic.status === 'rejected') throw topic.reason;
    if (member.status === 'rejected') throw member.reason;
    const target = { opinionId, topicId: opinion.topicId, groupId: opinion.groupId, userId };
    const stream = voteStream(opinionId, userId);
    const result = await this.bus.run(stream, voteDecider, command(target), { actorId: userId, ...keyed(idempotency) });
    // No tally here: the official one weighs delegations this stream cannot see (the client reads it again at `position`).
    return { opinionId, voteType: result.state.voteType, position: result.position, receipt: await this.ports.receipts.of(result, stream) };
  }

  /** An open topic that takes votes: one decided among its opinions takes ranked ballots instead (issue #34 item 2). */
  private async openVotedTopic(topicId: string) {
    const topic = await this.ports.topics.requireOpenTopic(topicId);
    if (decidesAmongOpinions(topic)) throw new ValidationError(RANKED_TOPIC_TAKES_BALLOTS);
    return topic;
  }
}
