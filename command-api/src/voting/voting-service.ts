import { EMPTY_TALLY, addTally, voteDelta, voteStream, type OpinionTally, type VoteType } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import type { CommandBus } from '../lib/command-bus';
import type { ParticipationGate } from '../lib/participation-gate';
import { voteDecider, type VoteCommand, type VoteTarget } from './vote.decider';

/** What voting needs of the opinions and topics features (their services, wired in services.ts). */
export interface VotingPorts {
  /** The opinion a vote is about (a 404 when there is none). */
  opinions: { find(opinionId: string): Promise<{ topicId: string; groupId: number }> };
  /** Throws unless members may still add to the topic. */
  topics: { requireOpenTopic(topicId: string): Promise<unknown> };
}

/** Votes on opinions: the toggle rules live in the vote stream; eligibility and the topic's state are checked first. */
export class VotingService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly ports: VotingPorts,
    private readonly readModels: Kysely<ReadModels>,
  ) {}

  cast(userId: string, opinionId: string, voteType: VoteType, commandId?: string) {
    return this.execute(userId, opinionId, (target) => ({ type: 'castVote', target, voteType }), commandId);
  }

  retract(userId: string, opinionId: string, commandId?: string) {
    return this.execute(userId, opinionId, (target) => ({ type: 'retractVote', target }), commandId);
  }

  private async execute(userId: string, opinionId: string, command: (target: VoteTarget) => VoteCommand, commandId?: string) {
    const opinion = await this.ports.opinions.find(opinionId);
    // Independent checks, and the tally the answer starts from, in parallel.
    const [, , projected] = await Promise.all([
      this.ports.topics.requireOpenTopic(opinion.topicId),
      this.gate.requireParticipant(userId, opinion.groupId),
      this.projectedTally(opinionId, userId),
    ]);
    const target = { opinionId, topicId: opinion.topicId, groupId: opinion.groupId, userId };
    const result = await this.bus.run(voteStream(opinionId, userId), voteDecider, command(target), { actorId: userId, commandId });
    // The read model may not have projected this vote yet: the member's projected vote is swapped for the one that now stands.
    const tally = addTally(projected.tally, voteDelta(projected.vote, result.state.voteType));
    return { opinionId, voteType: result.state.voteType, position: result.position, tally };
  }

  /** The opinion's tally as projected so far, and this member's vote in it (if projected yet). */
  private async projectedTally(opinionId: string, userId: string): Promise<{ tally: OpinionTally; vote: VoteType | null }> {
    const row = await this.readModels.selectFrom('opinions as o')
      .leftJoin('votes as v', (join) => join.onRef('v.opinion_id', '=', 'o.id').on('v.user_id', '=', userId))
      .select(['o.support_count', 'o.oppose_count', 'o.weighted_support', 'o.weighted_oppose', 'o.vote_count', 'v.vote_type as projected'])
      .where('o.id', '=', opinionId)
      .executeTakeFirst();
    if (!row) return { tally: EMPTY_TALLY, vote: null };
    return {
      tally: { supportCount: row.support_count, opposeCount: row.oppose_count, weightedSupport: row.weighted_support, weightedOppose: row.weighted_oppose, voteCount: row.vote_count },
      vote: row.projected ?? null,
    };
  }
}
