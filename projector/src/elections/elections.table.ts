import { column, defineTable } from '../lib/table';

/** Read model `candidates`: who stands in which election (docs/product.md, Data: candidates), with their direct ballots. */
export const candidatesTable = defineTable(
  'candidates',
  {
    id: column.uuid(),
    user_id: column.uuid(),
    group_id: column.integer(),
    topic_id: column.uuid(),
    statement: column.text(),
    /** Ballots cast directly for the candidate; the weighted (official) count is the `delegation` projection's. */
    direct_votes: column.integer().default(0),
    created_at: column.timestamptz(),
    /** Where CandidateRegistered stands in the store: registration order, which breaks a tie at closing. */
    created_position: column.text(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['topic_id', 'created_position'] }, { columns: ['user_id'] }],
  },
);

/** Read model `ballots`: each member's standing choice in an election. */
export const ballotsTable = defineTable(
  'ballots',
  {
    topic_id: column.uuid(),
    user_id: column.uuid(),
    candidate_id: column.uuid(),
    cast_at: column.timestamptz(),
  },
  {
    primaryKey: ['topic_id', 'user_id'],
    indexes: [{ columns: ['candidate_id'] }],
  },
);

/**
 * Read model `preference_ballots`: each member's standing ranked (Schulze) or approval ballot in an
 * election, the whole ballot as its last event gave it (a new one replaces it; there is no withdrawal).
 * `ranking` is tiers of candidate ids, most preferred first; an approval ballot is one tier of the approved.
 */
export const preferenceBallotsTable = defineTable(
  'preference_ballots',
  {
    topic_id: column.uuid(),
    user_id: column.uuid(),
    ranking: column.jsonb<string[][]>(),
    cast_at: column.timestamptz(),
  },
  { primaryKey: ['topic_id', 'user_id'] },
);
