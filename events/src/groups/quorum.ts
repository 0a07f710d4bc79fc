import { z } from 'zod';
import type { TopicType } from '../topics/topic-rules';

/**
 * Quorum and majority (issue #34 item 3; docs/decisions.md, Quorum and majority): a topic that
 * decides (a law amendment, a dispute resolution, an election) decides only when the weight that
 * took part reaches the group's quorum for its type, a share of the group's eligible weight that
 * its leaders set; until they do, these defaults hold.
 */
export const QUORUM_TOPIC_TYPES = ['law_amendment', 'dispute_resolution', 'election'] as const;
export type QuorumTopicType = (typeof QUORUM_TOPIC_TYPES)[number];
export const QuorumTopicTypeSchema = z.enum(QUORUM_TOPIC_TYPES, {
  error: "Topic type must be 'law_amendment', 'dispute_resolution' or 'election'",
});
export const QuorumPercentSchema = z
  .number({ error: 'Quorum must be a whole percentage from 0 to 100' })
  .int({ error: 'Quorum must be a whole percentage from 0 to 100' })
  .min(0, { error: 'Quorum must be a whole percentage from 0 to 100' })
  .max(100, { error: 'Quorum must be a whole percentage from 0 to 100' });

/** A tenth of the eligible weight for laws (LiquidFeedback's habit for its issue quorum); none for elections, whose leaders a group needs. */
export const DEFAULT_QUORUM_PERCENT: Readonly<Record<QuorumTopicType, number>> = { law_amendment: 10, dispute_resolution: 10, election: 0 };

export const isQuorumTopicType = (type: TopicType | string): type is QuorumTopicType => (QUORUM_TOPIC_TYPES as readonly string[]).includes(type);

/** The group's quorum for a type: what its leaders last set, else the default. */
export const quorumPercentOf = (set: Partial<Record<QuorumTopicType, number>>, type: QuorumTopicType): number => set[type] ?? DEFAULT_QUORUM_PERCENT[type];

/** Whether `participating` of `eligible` reaches `percent`, in whole numbers (no rounding to argue over). */
export const quorumReached = (percent: number, eligibleWeight: number, participatingWeight: number): boolean =>
  participatingWeight * 100 >= percent * eligibleWeight;

/** The figures a decided topic records and a result shows. */
export const QuorumFiguresSchema = z.object({
  percent: z.number().int().min(0).max(100),
  /** Everyone who could take part in the group at the count. */
  eligibleWeight: z.number().int().nonnegative(),
  /** The weight that reached a vote or ballot, delegation applied. */
  participatingWeight: z.number().int().nonnegative(),
  reached: z.boolean(),
});
export type QuorumFigures = z.infer<typeof QuorumFiguresSchema>;

/**
 * Which rule decided a closed topic: too little took part; per-opinion support and oppose, the
 * leading opinion had more than half of the weight that took part and beat its opposition, or
 * not; decided among the opinions, the Schulze winner beat no change head to head, or no change
 * held; an election, its method gave a winner, or no ballot had weight.
 */
export const DECIDING_RULES = ['quorum_not_reached', 'majority', 'no_majority', 'beats_no_change', 'no_change_kept', 'method_winner', 'no_winner'] as const;
export const DecidingRuleSchema = z.enum(DECIDING_RULES);
export type DecidingRule = z.infer<typeof DecidingRuleSchema>;
