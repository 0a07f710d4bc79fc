import { z } from 'zod';
import { DecidingRuleSchema, QuorumFiguresSchema, QuorumPercentSchema, QuorumTopicTypeSchema } from './quorum';

export const ONLY_LEADERS_SET_QUORUM = 'Only the group\u2019s leaders can set its quorum.';

/** PUT /api/groups/<id>/quorum: a leader sets the quorum for one topic type (issue #34 item 3); applies to topics opened after. */
export const SetQuorumBody = z.object({ topicType: QuorumTopicTypeSchema, quorumPercent: QuorumPercentSchema });
export type SetQuorumBody = z.infer<typeof SetQuorumBody>;

const Quorums = z.object({
  law_amendment: z.number().int(),
  dispute_resolution: z.number().int(),
  election: z.number().int(),
});

/** GET /api/groups/<id>/quorum, and the answer to PUT: the quorum of each topic type that decides (the leaders' or the default). */
export const GroupQuorumView = z.object({
  groupId: z.number().int(),
  quorums: Quorums,
  defaults: Quorums,
  /** Whether the signed-in member may change them (a leader; a personal group's owner). */
  canSet: z.boolean(),
});
export type GroupQuorumView = z.infer<typeof GroupQuorumView>;

/** On a result: the quorum figures (null where the topic opened before quorums) and, once closed, the rule that decided it. */
export const QuorumResultFields = {
  quorum: QuorumFiguresSchema.nullable(),
  decidedBy: DecidingRuleSchema.nullable(),
};
