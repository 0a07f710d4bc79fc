import { hasMembers, STANDING_INVOLVED_TYPES, type TopicTallies, type TopicTallyState } from '@civitas/events/audit/topic-tally';
import type { DelegationNetwork } from '@civitas/events/delegation/weighted-tally';

/**
 * Quorum and majority in the recount (issue #34 item 3; docs/audit-format.md, Quorum and majority):
 * the figures and the deciding rule a closing records (TopicClosed.quorum and decidedBy) set beside
 * the tally module's. A group with members is recounted whole from its stream; an open group's
 * eligible weight is the platform's figure (no export holds every citizen), so it is held only to
 * the members the export itself names who could take part.
 */

export type QuorumFigures = NonNullable<TopicTallies['quorum']>;
type DecidingRule = NonNullable<TopicTallies['decidedBy']>;

/** The recount's quorum beside the closing's record, for the report. */
export interface QuorumLine {
  recount: QuorumFigures;
  recorded: QuorumFigures | null;
  decidedBy: { recount: DecidingRule | null; recorded: string | null };
  /** An open group: how many members the export names who could take part at the count (the floor of its eligible weight). */
  namedEligible: number | null;
}

/** A religion, national or international group: no stream names everyone who may take part. */
export const isOpenGroup = (state: TopicTallyState) => state.group.definition !== null && !hasMembers(state.group.definition.department);

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The figures a closing records, when they have the shape TopicClosed gives them (an export is not trusted to). */
export function recordedFigures(value: unknown): QuorumFigures | null {
  if (!value || typeof value !== 'object') return null;
  const { percent, eligibleWeight, participatingWeight, reached } = value as Record<string, unknown>;
  if (!isCount(percent) || !isCount(eligibleWeight) || !isCount(participatingWeight) || typeof reached !== 'boolean') return null;
  return { percent, eligibleWeight, participatingWeight, reached };
}

/**
 * Everyone the export names as taking part or lending weight before the cut: voters and ballot
 * casters of the topic, and both ends of its group's delegations (groups are known only once the
 * topic names its own, so delegations are kept by group).
 */
export class NamedMembers {
  private readonly ofTopic = new Set<string>();
  private readonly ofGroup = new Map<number, Set<string>>();

  constructor(private readonly topicId: string) {}

  note(type: string, data: Record<string, unknown>, pastTheCut: boolean): void {
    if (pastTheCut || !STANDING_INVOLVED_TYPES.has(type)) return;
    const ids = [data.userId, data.delegatorId, data.delegateId].filter((id): id is string => typeof id === 'string');
    if (data.topicId === this.topicId) for (const id of ids) this.ofTopic.add(id);
    else if (type.startsWith('Delegation') && typeof data.groupId === 'number') {
      let named = this.ofGroup.get(data.groupId);
      if (!named) this.ofGroup.set(data.groupId, (named = new Set()));
      for (const id of ids) named.add(id);
    }
  }

  /** How many of them could take part in the topic's group at the count. */
  eligibleIn(groupId: number | null, network: DelegationNetwork): number {
    const named = new Set([...this.ofTopic, ...((groupId !== null && this.ofGroup.get(groupId)) || [])]);
    let eligible = 0;
    for (const id of named) if (network.isEligible(id)) eligible += 1;
    return eligible;
  }
}

export interface ClosingQuorum {
  /** TopicClosed.quorum and decidedBy, as the export carries them (undefined when absent). */
  quorum: unknown;
  decidedBy: unknown;
  /** What the closing records as decided: the enacted opinion or the elected candidate, else null. */
  decided: string | null;
}

const figuresText = ({ participatingWeight, eligibleWeight, percent }: QuorumFigures) =>
  `${participatingWeight} of ${eligibleWeight} took part, ${percent}% needed`;

/**
 * Where the closing's quorum record departs from the recount, in words (empty when it does not).
 * `recount` is the tally module's count, for an open group with the eligible weight the closing
 * recorded; `namedEligible` the floor of an open group's eligible weight (NamedMembers).
 */
export function quorumProblems(state: TopicTallyState, recount: TopicTallies, closing: ClosingQuorum, namedEligible: number): string[] {
  const counted = recount.quorum;
  const recorded = recordedFigures(closing.quorum);
  const problems: string[] = [];
  if (!counted) {
    if (closing.quorum !== undefined || closing.decidedBy !== undefined)
      problems.push('the closing records quorum figures for a topic opened without a quorum');
    return problems;
  }
  if (closing.quorum === undefined) problems.push(`the topic opened with a quorum of ${counted.percent}%, but its closing records no quorum figures`);
  else if (!recorded) problems.push('the quorum figures recorded at closing are not of the shape TopicClosed gives them');
  if (recorded) {
    const open = isOpenGroup(state);
    if (recorded.percent !== counted.percent)
      problems.push(`the quorum recorded at closing (${recorded.percent}%) is not the one the topic opened with (${counted.percent}%)`);
    if (recorded.participatingWeight !== counted.participatingWeight)
      problems.push(
        `the participating weight recorded at closing (${recorded.participatingWeight}) is not the recount\u2019s (${counted.participatingWeight})`,
      );
    if (!open && recorded.eligibleWeight !== counted.eligibleWeight)
      problems.push(
        `the eligible weight recorded at closing (${recorded.eligibleWeight}) is not the recount\u2019s (${counted.eligibleWeight} members who could take part at the count)`,
      );
    if (open && recorded.eligibleWeight < namedEligible)
      problems.push(
        `the eligible weight recorded at closing (${recorded.eligibleWeight}) is less than the ${namedEligible} members the export names who could take part at the count`,
      );
    if (recorded.reached !== counted.reached)
      problems.push(
        `the closing records the quorum as ${recorded.reached ? 'reached' : 'not reached'}; the recount ${counted.reached ? 'reaches' : 'does not reach'} it (${figuresText(counted)})`,
      );
  }
  if (closing.decidedBy === undefined) problems.push('the closing of a topic opened with a quorum records no deciding rule');
  else if (closing.decidedBy !== recount.decidedBy)
    problems.push(`the closing records the topic decided by ${String(closing.decidedBy)}, the recount by ${recount.decidedBy ?? 'nothing'}`);
  if (!counted.reached && closing.decided !== null)
    problems.push(
      `the closing records ${closing.decided} as ${state.topic?.type === 'election' ? 'elected' : 'enacted'} though the quorum was not reached (${figuresText(counted)})`,
    );
  return problems;
}
