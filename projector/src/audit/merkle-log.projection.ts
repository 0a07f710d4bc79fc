import { appendLeaves, frontierNodes, storedEventLeafHash } from '@civitas/events';
import { LOWEST_STORED_LEVEL, leafBlinder, readMerkleNodes } from '@civitas/service-kit/merkle-store';
import { sql } from 'kysely';
import { insertRows } from '../lib/table';
import { defineProjection, type ProjectionLane } from '../projection';
import { merkleLeavesTable, merkleNodesTable } from './merkle-log.table';

/**
 * The Merkle log's own lane, so the tallies' batches commit without its hashing. Its cost is largely
 * per batch (the last leaf, the tree's right edge, two inserts) and its readers (proofs, exports,
 * checkpoints signed every few seconds) can wait a quarter second, so on a busy store (batches of
 * 20 or more) it lets events gather; on a quiet one it follows each append at once.
 */
export const MERKLE_LANE: ProjectionLane = { name: 'merkle', gather: { afterBatchOf: 20, ms: 250 }, batchSize: 2_000 };

/**
 * The RFC 9162 tree over the log, grown by each batch: the leaves go in, and so does every
 * subtree of LOWEST_STORED_LEVEL or higher they complete, computed from the tree's right edge (at
 * most log n nodes read per batch, the lowest from their leaves). It runs here, never in the append
 * path, so appends do not wait for it. Idempotent by position: a redelivered event is at or before
 * the last leaf and is skipped.
 */
export const merkleLogProjection = defineProjection({
  name: 'merkle_log',
  // 2: leaves commit to the events with their ids blinded. 3: merkle_leaves.position no longer indexed,
  // nodes below LOWEST_STORED_LEVEL no longer stored. 4: an event no projection can decode has its leaf
  // too (it was parked for this projection like the others, and the tree went on without it).
  version: 4,
  tables: [merkleLeavesTable, merkleNodesTable],
  lane: MERKLE_LANE,
  // Only the stored form can be committed to (the decoded one changes whenever an upcaster does), and
  // every event gets its leaf, one no projection can decode too.
  input: 'stored',

  async apply(db, schema, events) {
    const log = db.withSchema(schema);
    const last = await log.selectFrom('merkle_leaves').select(['leaf_index', 'position']).orderBy('leaf_index', 'desc').limit(1).executeTakeFirst();
    const fresh = last ? events.filter((event) => event.position > last.position) : events;
    if (fresh.length === 0) return;
    const size = last ? Number(last.leaf_index) + 1 : 0;
    // The key is read per batch (it belongs to the database this batch is written to); its blinder, and what it remembers, last.
    const blind = await leafBlinder(db);
    // The same function hashes a leaf at append time for receipts.
    const leaves = fresh.map((event) => storedEventLeafHash(event, blind));
    const frontier = await readMerkleNodes(db, schema, frontierNodes(size));
    const created = appendLeaves(size, frontier, leaves);
    const leafRows = insertRows(merkleLeavesTable, {
      leaf_index: fresh.map((_, offset) => String(size + offset)),
      event_id: fresh.map((event) => event.id),
      position: fresh.map((event) => event.position),
      leaf_hash: leaves,
    });
    await sql`insert into ${sql.id(schema, merkleLeavesTable.name)} ${leafRows.columns} select * from ${leafRows.rows}`.execute(db);
    // Level 0 is merkle_leaves itself; the levels up to LOWEST_STORED_LEVEL are computed from it when read.
    const inner = created.filter((node) => node.level >= LOWEST_STORED_LEVEL);
    if (inner.length === 0) return;
    const nodeRows = insertRows(merkleNodesTable, {
      level: inner.map((node) => node.level),
      node_index: inner.map((node) => String(node.index)),
      hash: inner.map((node) => node.hash),
    });
    await sql`insert into ${sql.id(schema, merkleNodesTable.name)} ${nodeRows.columns} select * from ${nodeRows.rows}`.execute(db);
  },
});
