import type { VoteType } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/**
 * Read model `opinions` with its direct counts: the members' own votes (events/src/voting/tally.ts).
 * The weighted (official) tally, with the weight members lend through delegation, is the
 * `delegation` projection's `weighted_tallies`.
 */
export const opinionsTable = defineTable(
  'opinions',
  {
    id: column.uuid(),
    topic_id: column.uuid(),
    group_id: column.integer(),
    user_id: column.uuid(),
    content: column.text(),
    support_count: column.integer().default(0),
    oppose_count: column.integer().default(0),
    /** Where OpinionPosted stands in the store: the earlier of two equal opinions comes first. */
    posted_position: column.text(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['topic_id', 'created_at', 'posted_position'] }],
  },
);

/** Read model `votes`: each member's standing direct vote on an opinion. */
export const votesTable = defineTable(
  'votes',
  {
    opinion_id: column.uuid(),
    user_id: column.uuid(),
    topic_id: column.uuid(),
    group_id: column.integer(),
    vote_type: column.text<VoteType>(),
    cast_at: column.timestamptz(),
  },
  {
    primaryKey: ['opinion_id', 'user_id'],
    indexes: [{ columns: ['topic_id', 'user_id'] }],
  },
);
