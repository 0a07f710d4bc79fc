import type { DecidingRule, ElectionMethod, TopicType } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/** Read model `topics`: every topic; deleted ones stay (status 'deleted') but are never listed. */
export const topicsTable = defineTable(
  'topics',
  {
    id: column.uuid(),
    group_id: column.integer(),
    title: column.text(),
    description: column.text(),
    type: column.text<TopicType>(),
    created_by: column.uuid(),
    status: column.text<'active' | 'closed' | 'deleted'>(),
    is_main_election: column.boolean(),
    winner_id: column.uuid().nullable(),
    /**
     * An election's counting method (TopicCreated.method, absent = 'plurality'); 'schulze' for a law
     * amendment or dispute resolution decided among its opinions (issue #34 item 2); null otherwise.
     */
    method: column.text<ElectionMethod>().nullable(),
    /**
     * Schulze elections once decided: ElectionDecided's pairwise matrix, candidates in registration
     * order; a law decided among its opinions once closed: TopicClosed's, over [no change (the topic's
     * id), ...opinions in posting order].
     */
    pairwise: column.jsonb<number[][]>().nullable(),
    /** A topic that decides (issue #34 item 3): TopicCreated.quorumPercent; null for discussions and topics opened before quorums. */
    quorum_percent: column.integer().nullable(),
    /** Once closed: TopicClosed.quorum's figures and decidedBy (null where it recorded none). */
    quorum_eligible_weight: column.integer().nullable(),
    quorum_participating_weight: column.integer().nullable(),
    quorum_reached: column.boolean().nullable(),
    decided_by: column.text<DecidingRule>().nullable(),
    expires_at: column.timestamptz(),
    closed_at: column.timestamptz().nullable(),
    opinion_count: column.integer().default(0),
    /** Where TopicCreated stands in the store: orders topics created within the same instant. */
    created_position: column.text(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [
      { columns: ['group_id', 'created_at desc', 'created_position desc'] },
      // The closing scheduler's question: which active topics have expired?
      { columns: ['expires_at'], where: sql`status = 'active'` },
    ],
  },
);

/** Read model `laws`: the winning opinion of each closed law amendment or dispute resolution. */
export const lawsTable = defineTable(
  'laws',
  {
    topic_id: column.uuid(),
    group_id: column.integer(),
    opinion_id: column.uuid(),
    proposer_id: column.uuid(),
    type: column.text<TopicType>(),
    weighted_support: column.integer(),
    weighted_oppose: column.integer(),
    enacted_at: column.timestamptz(),
  },
  {
    primaryKey: ['topic_id'],
    indexes: [{ columns: ['group_id', 'enacted_at desc'] }],
  },
);
