import type { VoteType } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/**
 * Read model `opinions` with its tally (events/src/voting/tally.ts). Direct counts are the members'
 * own votes; the weighted ones add the weight members lend through delegation (the official tally,
 * DECISIONS.md), and vote_count is weighted support minus weighted oppose.
 */
export const opinionsTable = defineTable('opinions', {
  id: column.uuid(),
  topic_id: column.uuid(),
  group_id: column.integer(),
  user_id: column.uuid(),
  content: column.text(),
  support_count: column.integer().default(0),
  oppose_count: column.integer().default(0),
  weighted_support: column.integer().default(0),
  weighted_oppose: column.integer().default(0),
  vote_count: column.integer().default(0),
  /** Where OpinionPosted stands in the store: the earlier of two equal opinions comes first. */
  posted_position: column.text(),
  created_at: column.timestamptz(),
  updated_at: column.timestamptz(),
}, {
  primaryKey: ['id'],
  indexes: [{ columns: ['topic_id', 'vote_count desc', 'created_at', 'posted_position'] }],
});

/** Read model `votes`: each member's standing direct vote on an opinion. */
export const votesTable = defineTable('votes', {
  opinion_id: column.uuid(),
  user_id: column.uuid(),
  topic_id: column.uuid(),
  group_id: column.integer(),
  vote_type: column.text<VoteType>(),
  cast_at: column.timestamptz(),
}, {
  primaryKey: ['opinion_id', 'user_id'],
  indexes: [{ columns: ['topic_id', 'user_id'] }],
});
