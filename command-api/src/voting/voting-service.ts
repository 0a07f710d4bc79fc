import { voteStream, type OpinionTally, type VoteType } from '@civitas/events';
import type { ReadModels } from '@civitas/projector';
import type { Kysely } from 'kysely';
import type { CommandBus } from '../lib/command-bus';
import type { ParticipationGate } from '../lib/participation-gate';
import type { OpinionsService } from '../opinions/opinions-service';
import type { TopicsService } from '../topics/topics-service';
import { voteDecider, type VoteCommand } from './vote.decider';

const weightOf = (voteType: VoteType | null | undefined, side: VoteType) => (voteType === side ? 1 : 0);

/** Votes on opinions: the toggle rules live in the vote stream; eligibility and the topic's state are checked first. */
export class VotingService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly topics: TopicsService,
    private readonly opinions: OpinionsService,
    private readonly readModels: Kysely<ReadModels>,
  ) {}

  cast(userId: string, opinionId: string, voteType: VoteType, commandId?: string) {
    return this.execute(userId, opinionId, (target) => ({ type: 'castVote', target, voteType }), commandId);
  }

  retract(userId: string, opinionId: string, commandId?: string) {
    return this.execute(userId, opinionId, (target) => ({ type: 'retractVote', target }), commandId);
  }

  private async execute(userId: string, opinionId: string, command: (target: { opinionId: string; topicId: string; groupId: number; userId: string }) => VoteCommand, commandId?: string) {
    const opinion = await this.opinions.find(opinionId);
    // Independent checks, and the tally the answer starts from, in parallel.
    const [, , projected] = await Promise.all([
      this.topics.requireOpenTopic(opinion.topicId),
      this.gate.requireParticipant(userId, opinion.groupId),
      this.projectedTally(opinionId, userId),
    ]);
    const target = { opinionId, topicId: opinion.topicId, groupId: opinion.groupId, userId };
    const result = await this.bus.run(voteStream(opinionId, userId), voteDecider, command(target), { actorId: userId, commandId });
    return { opinionId, voteType: result.state.voteType, position: result.position, tally: tallyWith(projected, result.state.voteType) };
  }

  /** The opinion's tally as projected so far, with this member's vote in it (if projected yet). */
  private projectedTally(opinionId: string, userId: string) {
    return this.readModels.selectFrom('opinions as o')
      .leftJoin('votes as v', (join) => join.onRef('v.opinion_id', '=', 'o.id').on('v.user_id', '=', userId))
      .select(['o.support_count', 'o.oppose_count', 'o.weighted_support', 'o.weighted_oppose', 'v.vote_type as projected'])
      .where('o.id', '=', opinionId)
      .executeTakeFirst();
  }
}

type ProjectedTally = Awaited<ReturnType<VotingService['projectedTally']>>;

/**
 * The tally including the member's vote as it now stands: the read model may not have projected
 * it yet, so the member's projected vote is swapped for the current one.
 */
function tallyWith(row: ProjectedTally, voteType: VoteType | null): OpinionTally {
  const projected = row?.projected ?? null;
  const adjust = (count: number, side: VoteType) => count - weightOf(projected, side) + weightOf(voteType, side);
  const weightedSupport = adjust(row?.weighted_support ?? 0, 'support');
  const weightedOppose = adjust(row?.weighted_oppose ?? 0, 'oppose');
  return {
    supportCount: adjust(row?.support_count ?? 0, 'support'),
    opposeCount: adjust(row?.oppose_count ?? 0, 'oppose'),
    weightedSupport,
    weightedOppose,
    voteCount: weightedSupport - weightedOppose,
  };
}
