import { z } from 'zod';
import { queryText } from '../ids';

/**
 * The auditor's topic reads (issue #15 items 2 and 7): every topic and election with its result,
 * and a topic's history with its members shown by a per-topic pseudonym.
 */

/** How many topics one page of GET /api/audit/topics holds. */
export const AUDIT_TOPICS_PAGE_SIZE = 20;
/** How many entries one page of GET /api/audit/topics/<id>/history holds. */
export const TOPIC_HISTORY_PAGE_SIZE = 100;
export const UNKNOWN_TOPICS_CURSOR = 'before must be the nextCursor of the previous page';

export const TOPIC_HISTORY_KINDS = [
  'topic_created',
  'opinion_posted',
  'vote_cast',
  'vote_retracted',
  'delegation_set',
  'delegation_revoked',
  'eligibility_gained',
  'eligibility_lost',
  'candidacy_registered',
  'ballot_cast',
  'ballot_retracted',
  'topic_closed',
  'law_enacted',
  'winner_declared',
] as const;
export type TopicHistoryKind = (typeof TOPIC_HISTORY_KINDS)[number];

export const AuditTopicsQuery = z.object({ before: queryText('before').optional() });

export const TopicResultView = z.object({
  kind: z.enum(['law_enacted', 'winner', 'none', 'pending']),
  opinionId: z.string().nullable(),
  /** The winning candidacy's id (the id the candidates read and the timeline name it by). */
  winnerId: z.string().nullable(),
  weightedSupport: z.number().int().nullable(),
});
export type TopicResultView = z.infer<typeof TopicResultView>;

export const AuditTopicView = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  status: z.enum(['active', 'closed', 'deleted']),
  createdAt: z.string(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
  result: TopicResultView,
});
export type AuditTopicView = z.infer<typeof AuditTopicView>;

/** Newest first; `nextCursor` goes back as `before` for the next (older) page. */
export const AuditTopicsPage = z.object({ topics: z.array(AuditTopicView), nextCursor: z.string().nullable() });
export type AuditTopicsPage = z.infer<typeof AuditTopicsPage>;

/** `before` is the previous page's `nextCursor` (a position); the next page holds what came after it. */
export const TopicHistoryQuery = z.object({
  before: queryText('before').optional(),
  kind: z.enum(TOPIC_HISTORY_KINDS, { error: `kind must be one of: ${TOPIC_HISTORY_KINDS.join(', ')}` }).optional(),
});
export type TopicHistoryQuery = z.infer<typeof TopicHistoryQuery>;

/** 'member-' and 12 hex: stable within one topic, unlinkable across topics; never a member id, name or e-mail. */
const Pseudonym = z.string().regex(/^member-[0-9a-f]{12}$/);

export const TopicHistoryEntry = z.object({
  position: z.string(),
  occurredAt: z.string(),
  kind: z.enum(TOPIC_HISTORY_KINDS),
  actor: Pseudonym.nullable(),
  /** The entry's member is the one reading. */
  isMine: z.boolean(),
  opinionId: z.string().nullable(),
  candidate: Pseudonym.nullable(),
  choice: z.enum(['support', 'oppose']).nullable(),
  delegate: Pseudonym.nullable(),
});
export type TopicHistoryEntry = z.infer<typeof TopicHistoryEntry>;

/** Oldest first, 100 a page. */
export const TopicHistoryPage = z.object({ entries: z.array(TopicHistoryEntry), nextCursor: z.string().nullable() });
export type TopicHistoryPage = z.infer<typeof TopicHistoryPage>;
