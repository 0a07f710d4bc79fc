import { z } from 'zod';
import { ElectionMethodSchema } from '../elections/election-method';
import { groupIdSchema } from '../groups/group.contract';
import { uuidParam } from '../ids';
import { HiddenNotice } from '../moderation/hidden-content.contract';
import { text } from '../text';
import { TOPIC_NOT_FOUND } from './topic-rules';
import { TopicTypeSchema } from './topic.events';
import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, TITLE_MAX_LENGTH, TITLE_MIN_LENGTH, TOPIC_MAX_DAYS, TOPIC_MIN_DAYS } from './topic-rules';

/** A member as pages show them next to what they wrote. */
export const PersonSummary = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof PersonSummary>;

export const TOPIC_DAYS_RANGE = `A topic runs ${TOPIC_MIN_DAYS} to ${TOPIC_MAX_DAYS} days`;

/** POST /api/topics. type defaults by department; expiresInDays (1-30) defaults to 7, elections 14. */
export const CreateTopicBody = z.object({
  title: text({ field: 'Title', required: 'Title must be at least 5 characters' })
    .min(TITLE_MIN_LENGTH, 'Title must be at least 5 characters')
    .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`),
  description: text({ field: 'Description', required: 'Description must be at least 20 characters', lines: 'multi' })
    .min(DESCRIPTION_MIN_LENGTH, 'Description must be at least 20 characters')
    .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`),
  type: TopicTypeSchema.optional(),
  groupId: groupIdSchema('Please select a group'),
  expiresInDays: z.number().int(TOPIC_DAYS_RANGE).min(TOPIC_MIN_DAYS, TOPIC_DAYS_RANGE).max(TOPIC_MAX_DAYS, TOPIC_DAYS_RANGE).optional(),
  /** Elections only (issue #34): how the ballots are counted; default plurality. Refused on other types. */
  method: ElectionMethodSchema.optional(),
});
export type CreateTopicBody = z.infer<typeof CreateTopicBody>;

/** `/api/topics/:id` and every route under it: an id that is not a uuid names no topic (404). */
export const TopicIdParams = z.object({ id: uuidParam(TOPIC_NOT_FOUND) });

export const TopicStatus = z.enum(['active', 'closed']);

/** GET /api/topics/<id> and the items of GET /api/groups/<id>/topics. */
export const TopicView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: TopicTypeSchema,
  groupId: z.number().int(),
  createdBy: z.string(),
  status: TopicStatus,
  isMainElection: z.boolean(),
  winnerId: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: PersonSummary,
  opinionCount: z.number().int(),
  /** Whether the signed-in member may post opinions and vote on it (eligible, and the topic is open). */
  canParticipate: z.boolean(),
  /** Elections: how the ballots are counted; null for other topics. */
  method: ElectionMethodSchema.nullable(),
  /** A topic that decides: the share of the group's eligible weight that must take part (issue #34 item 3); null for discussions and topics opened before quorums. */
  quorumPercent: z.number().int().nullable(),
});
export type TopicView = z.infer<typeof TopicView>;

/** GET /api/groups/<id>/topics item: the topic and, for its card, the direct votes cast on its opinions. */
export const GroupTopicView = TopicView.extend({ voteCount: z.number().int() });
export type GroupTopicView = z.infer<typeof GroupTopicView>;

export const CreateTopicReply = z.object({ position: z.string().nullable(), topic: TopicView });
export type CreateTopicReply = z.infer<typeof CreateTopicReply>;

/** GET /api/topics/<id>/stats: every number counted from the read models. */
export const TopicStats = z.object({
  /** Distinct members who created, posted an opinion on, or voted in the topic. */
  participants: z.number().int(),
  /** Direct votes cast on its opinions (support plus oppose). */
  totalVotes: z.number().int(),
  totalOpinions: z.number().int(),
  /** Weighted (official) support summed over its opinions: direct votes plus the weight lent through delegation. */
  support: z.number().int(),
  /** Weighted (official) opposition summed over its opinions. */
  oppose: z.number().int(),
});
export type TopicStats = z.infer<typeof TopicStats>;

/** GET /api/laws/<groupId> item (docs/product.md, Data, a law: id, content, voteCount, createdAt, topic {type, title}, user). */
export const LawView = z.object({
  id: z.string(),
  topicId: z.string(),
  opinionId: z.string(),
  content: z.string(),
  voteCount: z.number().int(),
  weightedSupport: z.number().int(),
  weightedOppose: z.number().int(),
  /** When it was enacted (the topic's close). */
  createdAt: z.string(),
  topic: z.object({ id: z.string(), type: TopicTypeSchema, title: z.string() }),
  user: PersonSummary,
  /** The enacted opinion was hidden by an admin: its content is blank but to admins (docs/decisions.md, Moderation actions). */
  hidden: HiddenNotice.nullish(),
  /** 'schulze': decided among the opinions by ranked ballots (issue #34), weightedSupport/Oppose being the ballots ranking it above / below no change; null: support and oppose. */
  method: ElectionMethodSchema.nullable(),
});
export type LawView = z.infer<typeof LawView>;
