import { CheckpointView, ConsistencyProofView, LOG_KEY_PATH, LatestCheckpointView, LogKeyView } from '@civitas/events/audit/merkle.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { fromBase64, verifyCheckpointSignature, verifyConsistencyProof } from './check-receipt';

/**
 * The browser as a monitor of the log (docs/audit-format.md, Monitors): each visit it fetches the
 * latest signed checkpoint, checks its signature with the log's key, and proves it extends the
 * newest one this browser saw before (kept in localStorage); only then it keeps the new one. A
 * server that shows this browser a smaller tree, another tree of a size it saw, or a new key is
 * caught, and the older checkpoint stays kept so every later visit warns again.
 */

const STORAGE_KEY = 'civitas.log-checkpoint';

interface Kept {
  publicKey: string;
  checkpoint: CheckpointView;
}

export type LogWatch =
  | { status: 'first' | 'same' | 'grew' | 'unchecked' }
  | { status: 'fork' | 'rollback' | 'keyChanged' | 'unsigned'; seen: CheckpointView | null; shown: CheckpointView };

function readKept(storage: Storage): Kept | null {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Kept | null;
    return kept && typeof kept.publicKey === 'string' && CheckpointView.safeParse(kept.checkpoint).success ? kept : null;
  } catch {
    return null;
  }
}

async function compare(kept: Kept, shown: CheckpointView): Promise<LogWatch['status']> {
  const seen = kept.checkpoint;
  if (shown.treeSize < seen.treeSize) return 'rollback';
  if (shown.treeSize === seen.treeSize) return shown.rootHash === seen.rootHash ? 'same' : 'fork';
  const query = new URLSearchParams({ from: String(seen.treeSize), to: String(shown.treeSize) }).toString();
  const answer = await parseResponse(
    await apiRequest('GET', `/api/audit/proofs/consistency?${query}`),
    ConsistencyProofView,
    'GET /api/audit/proofs/consistency',
  );
  const consistent = await verifyConsistencyProof(
    seen.treeSize,
    shown.treeSize,
    fromBase64(seen.rootHash),
    fromBase64(shown.rootHash),
    answer.proof.map(fromBase64),
  );
  return consistent ? 'grew' : 'fork';
}

/** One check against what this browser kept; 'unchecked' when there is nothing to check yet or this browser has no Ed25519. */
export async function watchLog(storage: Storage = window.localStorage): Promise<LogWatch> {
  const [latestResponse, keyResponse] = await Promise.all([apiRequest('GET', '/api/audit/checkpoints'), apiRequest('GET', LOG_KEY_PATH)]);
  const { latest } = await parseResponse(latestResponse, LatestCheckpointView, 'GET /api/audit/checkpoints');
  const { publicKey } = await parseResponse(keyResponse, LogKeyView, `GET ${LOG_KEY_PATH}`);
  if (!latest) return { status: 'unchecked' };
  const kept = readKept(storage);
  if (kept && kept.publicKey !== publicKey) return { status: 'keyChanged', seen: kept.checkpoint, shown: latest };
  const signed = await verifyCheckpointSignature(latest, publicKey);
  if (signed === null) return { status: 'unchecked' };
  if (!signed) return { status: 'unsigned', seen: kept?.checkpoint ?? null, shown: latest };
  const status = kept ? await compare(kept, latest) : 'first';
  if (status === 'first' || status === 'grew') storage.setItem(STORAGE_KEY, JSON.stringify({ publicKey, checkpoint: latest } satisfies Kept));
  if (status === 'first' || status === 'same' || status === 'grew' || status === 'unchecked') return { status };
  return { status, seen: kept!.checkpoint, shown: latest };
}
