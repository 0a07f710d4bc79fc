import { z } from 'zod';
import { uuidField, wholeNumberQuery } from '../ids';
import { RECEIPTS_FORMAT, type ReceiptsFile } from './export.contract';

/** Request and response shapes of the Merkle-committed log (issue #15 item 4); the web shares them. */

export const LOG_KEY_PATH = '/.well-known/civitas-log-key';
/** The latest checkpoint as a C2SP signed note (text/plain), for monitors and witnesses. */
export const LOG_CHECKPOINT_PATH = '/api/audit/log/checkpoint';
export const NO_SUCH_CHECKPOINT = 'No checkpoint of that tree size';
export const NOT_YET_CHECKPOINTED = 'No signed checkpoint yet; the log signs one within a few seconds of new events';
export const EVENT_NOT_IN_LOG = 'No such event in the log yet';
export const EVENT_AFTER_CHECKPOINT = 'The event came after that checkpoint; ask for a later one';
export const SIZE_BEYOND_LOG = 'The log is not that large yet';

const base64 = z.string();
/** A tree size in a path or query string: decimal digits only (docs/decisions.md, Ids and numbers). */
const treeSize = (field: string) => wholeNumberQuery({ message: `${field} must be a whole number from 1`, min: 1, max: Number.MAX_SAFE_INTEGER });

/** GET /.well-known/civitas-log-key: the public half of the key that signs checkpoints. */
export const LogKeyView = z.object({ algorithm: z.literal('Ed25519'), publicKey: base64, keyId: z.string() });
export type LogKeyView = z.infer<typeof LogKeyView>;

/** A signed tree head: Ed25519 over the signed note `<origin>\n<treeSize>\n<rootHash>\n<timestamp>\n` (events/src/audit/checkpoint.ts). */
export const CheckpointView = z.object({
  /** The note's origin line; absent for checkpoints signed as 'civitas-log'. */
  origin: z.string().optional(),
  treeSize: z.number().int(),
  rootHash: base64,
  timestamp: z.string(),
  keyId: z.string(),
  signature: base64,
});
export type CheckpointView = z.infer<typeof CheckpointView>;

export const LatestCheckpointView = z.object({ latest: CheckpointView.nullable() });
export type LatestCheckpointView = z.infer<typeof LatestCheckpointView>;

export const CheckpointParams = z.object({ treeSize: treeSize('treeSize') });

export const ConsistencyQuery = z
  .object({ from: treeSize('from'), to: treeSize('to') })
  .refine((query) => query.from <= query.to, { error: 'from must not exceed to' });
export const ConsistencyProofView = z.object({ from: z.number().int(), to: z.number().int(), proof: z.array(base64) });
export type ConsistencyProofView = z.infer<typeof ConsistencyProofView>;

export const InclusionQuery = z.object({
  eventId: uuidField('eventId must be an event id'),
  treeSize: treeSize('treeSize').optional(),
});
export const InclusionProofView = z.object({
  eventId: z.string(),
  leafIndex: z.number().int(),
  leafHash: base64,
  treeSize: z.number().int(),
  proof: z.array(base64),
  checkpoint: CheckpointView,
});
export type InclusionProofView = z.infer<typeof InclusionProofView>;

/** What a vote or ballot answer carries: the appended event and its leaf hash, for a later inclusion check. */
export const Receipt = z.object({ eventId: z.string(), leafHash: base64 });
export type Receipt = z.infer<typeof Receipt>;

/**
 * `GET /api/topics/:id/receipts`: the receipts of every vote, withdrawal and ballot the member
 * recorded on the topic, oldest first, read from their own streams: the file 'Download my receipts'
 * saves and `civitas-verify --receipt` reads, on any device.
 */
export const MemberReceipts = z.object({
  format: z.literal(RECEIPTS_FORMAT),
  topicId: z.string(),
  receipts: z.array(Receipt),
}) satisfies z.ZodType<ReceiptsFile>;
export type MemberReceipts = z.infer<typeof MemberReceipts>;
