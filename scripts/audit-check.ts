import { appendLeaves, encodePosition, storedEventLeafHash, frontierNodes, nodeKeyString, treeHash, verifyCheckpoint, type Hash } from '@civitas/events';
import { allCheckpoints, leafBlinder, logSigningKey } from '@civitas/service-kit/merkle-store';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type QueryExecutorProvider } from 'kysely';

/** One finding of audit:check: where, and what differs. */
export interface AuditFinding {
  /** The event's position (or the checkpoint's tree size for a checkpoint finding). */
  position: string;
  problem:
    'changed after its leaf was recorded' | 'no leaf recorded' | 'leaf recorded for another event' | 'checkpoint root differs' | 'checkpoint signature invalid';
}

export interface AuditReport {
  events: number;
  checkpoints: number;
  findings: AuditFinding[];
}

const BATCH = 5000;

interface EventRow {
  tx: string;
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_position: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/**
 * Walks the whole events table in global order, recomputes every leaf from the stored bytes, and
 * compares it with the leaf the merkle_log projection recorded and with the roots of the signed
 * checkpoints (whose signatures it checks with the log's key). An event whose bytes changed after
 * its leaf was recorded is named by its position.
 */
// Raw SQL only: any Kysely runs it.
export async function auditLog(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<AuditReport> {
  const findings: AuditFinding[] = [];
  const key = await logSigningKey(db);
  const blind = await leafBlinder(db);
  const checkpoints = await allCheckpoints(db);
  for (const checkpoint of checkpoints) {
    if (!verifyCheckpoint(checkpoint, key.publicKey)) findings.push({ position: `checkpoint ${checkpoint.treeSize}`, problem: 'checkpoint signature invalid' });
  }
  let nextCheckpoint = 0;
  let frontier = new Map<string, Hash>();
  let size = 0;
  let after = { tx: '0', global_position: '0' };
  for (;;) {
    const rows = (
      await sql<EventRow>`
      select transaction_id::text as tx, global_position, event_id, stream_id, stream_position, type, data, metadata from events
      where (transaction_id, global_position) > (${after.tx}::xid8, ${after.global_position}::bigint)
      order by transaction_id, global_position limit ${BATCH}`.execute(db)
    ).rows;
    if (rows.length === 0) break;
    const recorded = await sql<{ leaf_index: string; event_id: string; leaf_hash: Buffer }>`
      select leaf_index, event_id, leaf_hash from ${sql.id(schema, 'merkle_leaves')}
      where leaf_index >= ${String(size)}::bigint and leaf_index < ${String(size + rows.length)}::bigint`.execute(db);
    const leaves = new Map(recorded.rows.map((row) => [Number(row.leaf_index), row]));
    for (const row of rows) {
      const position = encodePosition(row.tx, row.global_position);
      const leaf = storedEventLeafHash(
        { streamId: row.stream_id, streamPosition: Number(row.stream_position), position, type: row.type, data: row.data, metadata: row.metadata },
        blind,
      );
      const stored = leaves.get(size);
      if (!stored) findings.push({ position, problem: 'no leaf recorded' });
      else if (stored.event_id !== row.event_id) findings.push({ position, problem: 'leaf recorded for another event' });
      else if (!stored.leaf_hash.equals(leaf)) findings.push({ position, problem: 'changed after its leaf was recorded' });
      for (const node of appendLeaves(size, frontier, [leaf])) frontier.set(nodeKeyString(node), node.hash);
      size += 1;
      while (nextCheckpoint < checkpoints.length && checkpoints[nextCheckpoint]!.treeSize === size) {
        const checkpoint = checkpoints[nextCheckpoint]!;
        if (!treeHash(size, (node) => frontier.get(nodeKeyString(node))).equals(Buffer.from(checkpoint.rootHash, 'base64'))) {
          findings.push({ position: `checkpoint ${checkpoint.treeSize}`, problem: 'checkpoint root differs' });
        }
        nextCheckpoint += 1;
      }
    }
    // Only the right edge is needed to go on: memory stays O(log n) however long the log.
    frontier = new Map(frontierNodes(size).map((node) => [nodeKeyString(node), frontier.get(nodeKeyString(node))!]));
    after = rows.at(-1)!;
  }
  return { events: size, checkpoints: checkpoints.length, findings };
}
