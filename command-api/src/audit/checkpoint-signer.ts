import { logSigningKey, signPendingCheckpoint, type LogSigningKey } from '@civitas/service-kit/merkle-store';
import { requestCosignatures, type Witness } from '@civitas/service-kit/witnesses';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';

/** How often the log's head is signed while new events arrive (issue #15: every few seconds). */
export const CHECKPOINT_EVERY_MS = 3000;

/**
 * The periodic chore that signs the Merkle log's head: each run signs a checkpoint if the
 * merkle_log projection has grown since the last one (nothing when idle), under the deployment's
 * origin (originOf its PUBLIC_BASE_URL: the signed note's first line and key name), and asks the
 * configured witnesses to cosign it (service-kit/src/witnesses.ts). Every command-api
 * process runs it; the advisory lock inside lets one of them sign.
 */
export function checkpointSigner(db: Kysely<PlatformDatabase>, now: () => Date, origin: string, witnesses: readonly Witness[] = []): () => Promise<void> {
  let key: Promise<LogSigningKey> | null = null;
  return async () => {
    key ??= logSigningKey(db);
    let signed;
    let publicKey;
    try {
      const signingKey = await key;
      publicKey = signingKey.publicKey;
      signed = await signPendingCheckpoint(db, signingKey, now(), { origin });
    } catch (error) {
      key = null;
      throw error;
    }
    // Each new checkpoint goes to the witnesses; one that is down or refuses is reported, and the next checkpoint asks again.
    if (!signed || witnesses.length === 0) return;
    const failures = await requestCosignatures(db, signed, publicKey, witnesses);
    if (failures.length > 0) throw new Error(`checkpoint ${signed.treeSize} not cosigned by every witness: ${failures.join('; ')}`);
  };
}
