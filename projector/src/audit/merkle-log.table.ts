import { column, defineTable } from '../lib/table';

/**
 * The Merkle log (RFC 9162) over every event in global order: one leaf per event, its hash over
 * the event's canonical stored bytes (events/src/audit/merkle.ts), and every complete subtree of
 * 16 leaves or more, so a proof for any tree size is a handful of key lookups and a few leaves.
 */
export const merkleLeavesTable = defineTable(
  'merkle_leaves',
  {
    leaf_index: column.bigint(),
    event_id: column.uuid().unique(),
    // Not indexed: nothing looks a leaf up by position (proofs go by index or event id), and an index
    // on it cost every append a third index entry; event_id's already keeps a leaf per event.
    position: column.text(),
    leaf_hash: column.bytea(),
  },
  { primaryKey: ['leaf_index'] },
);

/** Complete subtrees of 2^level leaves (level >= LOWEST_STORED_LEVEL of merkle-store; level 0 is merkle_leaves), the node_index-th from the left. */
export const merkleNodesTable = defineTable(
  'merkle_nodes',
  {
    level: column.integer(),
    node_index: column.bigint(),
    hash: column.bytea(),
  },
  { primaryKey: ['level', 'node_index'] },
);
