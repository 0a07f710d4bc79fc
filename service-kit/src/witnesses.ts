import {
  addCheckpointBody,
  checkpointNote,
  checkpointSignedNote,
  consistencyProof,
  consistencyRanges,
  cosignatureTime,
  nodesFor,
  parseSignedNote,
  type CheckpointView,
  type WitnessKey,
} from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { merkleNodeSource } from './merkle-store';

/**
 * The client side of c2sp.org/tlog-witness: each new checkpoint is sent to every configured witness
 * (WITNESSES) with a consistency proof from the last size that witness cosigned, and each valid
 * cosignature is kept (merkle_cosignatures) and served with the checkpoint's signed note, so trust
 * in the log does not rest on this server alone.
 */

export type Witness = WitnessKey & { url: string };

/** A witness answers within this, or the checkpoint goes on without its cosignature. */
const WITNESS_TIMEOUT_MS = 5000;

/** The cosignature lines kept for a checkpoint, by witness name. */
export async function cosignaturesOf(db: QueryExecutorProvider, treeSize: number): Promise<string[]> {
  const rows = await sql<{ line: string }>`select line from merkle_cosignatures where tree_size = ${String(treeSize)}::bigint order by witness`.execute(db);
  return rows.rows.map((row) => row.line);
}

/** The latest checkpoint's signed note with every kept cosignature after the log's own signature line. */
export async function cosignedNote(db: QueryExecutorProvider, checkpoint: CheckpointView, publicKey: Uint8Array): Promise<string> {
  return `${checkpointSignedNote(checkpoint, publicKey)}${(await cosignaturesOf(db, checkpoint.treeSize)).join('')}`;
}

async function lastCosignedSize(db: QueryExecutorProvider, witness: string): Promise<number> {
  const rows = await sql<{ size: string | null }>`select max(tree_size) as size from merkle_cosignatures where witness = ${witness}`.execute(db);
  return Number(rows.rows[0]?.size ?? 0);
}

async function submit(db: QueryExecutorProvider, witness: Witness, checkpoint: CheckpointView, note: string, oldSize: number) {
  const proof =
    oldSize === 0 || oldSize === checkpoint.treeSize
      ? []
      : consistencyProof(oldSize, checkpoint.treeSize, await merkleNodeSource(db, nodesFor(consistencyRanges(oldSize, checkpoint.treeSize))));
  return fetch(`${witness.url}/add-checkpoint`, {
    method: 'POST',
    body: addCheckpointBody(oldSize, proof, note),
    signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
  });
}

/**
 * Asks each witness to cosign the checkpoint. A witness that holds another old size answers 409
 * with it (text/x.tlog.size): the request is made once more from that size. Returns what went wrong,
 * per witness (the caller reports it; the checkpoint stands either way).
 */
export async function requestCosignatures(
  db: QueryExecutorProvider,
  checkpoint: CheckpointView,
  publicKey: Uint8Array,
  witnesses: readonly Witness[],
): Promise<string[]> {
  const failures: string[] = [];
  const note = checkpointSignedNote(checkpoint, publicKey);
  const text = checkpointNote(checkpoint);
  for (const witness of witnesses) {
    try {
      let response = await submit(db, witness, checkpoint, note, Math.min(await lastCosignedSize(db, witness.name), checkpoint.treeSize));
      if (response.status === 409 && response.headers.get('content-type')?.startsWith('text/x.tlog.size')) {
        const held = Number((await response.text()).trim());
        if (!Number.isSafeInteger(held) || held < 0 || held > checkpoint.treeSize) throw new Error(`it holds a size this checkpoint does not reach (${held})`);
        response = await submit(db, witness, checkpoint, note, held);
      }
      const body = await response.text();
      if (response.status !== 200) throw new Error(`answered ${response.status}: ${body.slice(0, 200)}`);
      const line = body.split('\n').find((candidate) => {
        const signature = parseSignedNote(`${text}\n${candidate}\n`)?.signatures[0];
        return signature !== undefined && cosignatureTime(signature, witness.name, witness.publicKey, text) !== null;
      });
      if (!line) throw new Error('answered with no valid cosignature of its key');
      await sql`insert into merkle_cosignatures (tree_size, witness, line) values (${String(checkpoint.treeSize)}::bigint, ${witness.name}, ${`${line}\n`})
        on conflict (tree_size, witness) do nothing`.execute(db);
    } catch (error) {
      failures.push(`witness ${witness.name}: ${(error as Error).message}`);
    }
  }
  return failures;
}
