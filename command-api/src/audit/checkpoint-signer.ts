import { logSigningKey, signPendingCheckpoint, type LogSigningKey } from '@civitas/service-kit/merkle-store';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';

/** How often the log's head is signed while new events arrive (issue #15: every few seconds). */
export const CHECKPOINT_EVERY_MS = 3000;

/**
 * The periodic chore that signs the Merkle log's head: each run signs a checkpoint if the
 * merkle_log projection has grown since the last one (nothing when idle), under the deployment's
 * origin (originOf its PUBLIC_BASE_URL: the signed note's first line and key name). Every command-api
 * process runs it; the advisory lock inside lets one of them sign.
 */
export function checkpointSigner(db: Kysely<PlatformDatabase>, now: () => Date, origin: string): () => Promise<void> {
  let key: Promise<LogSigningKey> | null = null;
  return async () => {
    key ??= logSigningKey(db);
    try {
      await signPendingCheckpoint(db, await key, now(), { origin });
    } catch (error) {
      key = null;
      throw error;
    }
  };
}
