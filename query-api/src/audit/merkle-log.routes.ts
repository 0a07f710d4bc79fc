import {
  CheckpointParams,
  CheckpointView,
  ConsistencyProofView,
  ConsistencyQuery,
  EVENT_AFTER_CHECKPOINT,
  EVENT_NOT_IN_LOG,
  InclusionProofView,
  InclusionQuery,
  LOG_CHECKPOINT_PATH,
  LOG_KEY_PATH,
  LatestCheckpointView,
  LogKeyView,
  NOT_YET_CHECKPOINTED,
  NO_SUCH_CHECKPOINT,
  NotFoundError,
  SIZE_BEYOND_LOG,
  ServiceUnavailableError,
  consistencyProof,
  consistencyRanges,
  inclusionProof,
  inclusionRanges,
  nodesFor,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { checkpointOfSize, latestCheckpoint, logSigningKey, merkleNodeSource, merkleTreeSize, type LogSigningKey } from '@civitas/service-kit/merkle-store';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { cosignedNote } from '@civitas/service-kit/witnesses';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';

/** The checkpointer signs every few seconds while events arrive. */
const CHECKPOINT_RETRY_AFTER_SECONDS = 5;
const base64 = (hashes: readonly Buffer[]) => hashes.map((hash) => hash.toString('base64'));

/**
 * The Merkle-committed log (issue #15 item 4), public: anyone may fetch the log's public key, its
 * signed checkpoints, and proofs that an event is in the log and that the log only ever grew.
 * Proofs come from the `merkle_log` read model; checkpoints and the key from the platform tables.
 */
export function merkleLogRoutes(app: ZodRoutes, { db, readModels }: { db: Kysely<PlatformDatabase>; readModels: Kysely<ReadModels> }): void {
  let key: Promise<LogSigningKey> | null = null;
  // The same key the checkpointer signs with (made once, kept wrapped in the database).
  const signingKey = () =>
    (key ??= logSigningKey(db).catch((error: unknown) => {
      key = null;
      throw error;
    }));

  app.get(
    LOG_KEY_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['audit'], summary: 'The public key that signs the log\u2019s checkpoints (raw Ed25519, base64)', response: { 200: LogKeyView } },
    },
    async (): Promise<LogKeyView> => {
      const { publicKey, keyId } = await signingKey();
      return { algorithm: 'Ed25519', publicKey: publicKey.toString('base64'), keyId };
    },
  );

  app.get(
    '/api/audit/checkpoints',
    {
      config: { access: 'public' },
      schema: { tags: ['audit'], summary: 'The latest signed checkpoint of the event log (null before the first)', response: { 200: LatestCheckpointView } },
    },
    async (): Promise<LatestCheckpointView> => ({ latest: await latestCheckpoint(db) }),
  );

  app.get(
    LOG_CHECKPOINT_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['audit'],
        summary: 'The latest signed checkpoint as a C2SP signed note (tlog-checkpoint) with its witnesses\u2019 cosignatures, text/plain: what monitors read',
      },
    },
    async (_request, reply) => {
      const checkpoint = await latestCheckpoint(db);
      if (!checkpoint) throw new ServiceUnavailableError(NOT_YET_CHECKPOINTED, CHECKPOINT_RETRY_AFTER_SECONDS);
      const { publicKey } = await signingKey();
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await cosignedNote(db, checkpoint, publicKey));
    },
  );

  app.get(
    '/api/audit/checkpoints/:treeSize',
    {
      config: { access: 'public' },
      schema: { tags: ['audit'], summary: 'The signed checkpoint of one tree size', params: CheckpointParams, response: { 200: CheckpointView } },
    },
    async (request): Promise<CheckpointView> => {
      const checkpoint = await checkpointOfSize(db, request.params.treeSize);
      if (!checkpoint) throw new NotFoundError(NO_SUCH_CHECKPOINT);
      return checkpoint;
    },
  );

  app.get(
    '/api/audit/proofs/consistency',
    {
      config: { access: 'public', readModels: ['merkle_log'] },
      schema: {
        tags: ['audit'],
        summary: 'RFC 9162 consistency proof: the log of `from` events is a prefix of the log of `to` events',
        querystring: ConsistencyQuery,
        response: { 200: ConsistencyProofView },
      },
    },
    async (request): Promise<ConsistencyProofView> => {
      const { from, to } = request.query;
      if (to > (await merkleTreeSize(db, READ_SCHEMA))) throw new NotFoundError(SIZE_BEYOND_LOG);
      const source = await merkleNodeSource(db, nodesFor(consistencyRanges(from, to)));
      return { from, to, proof: base64(consistencyProof(from, to, source)) };
    },
  );

  app.get(
    '/api/audit/proofs/inclusion',
    {
      config: { access: 'public', readModels: ['merkle_log'] },
      schema: {
        tags: ['audit'],
        summary: 'RFC 9162 inclusion proof of one event in a signed checkpoint (the latest by default)',
        querystring: InclusionQuery,
        response: { 200: InclusionProofView },
      },
    },
    async (request): Promise<InclusionProofView> => {
      const eventId = request.query.eventId.toLowerCase();
      const checkpoint = request.query.treeSize === undefined ? await latestCheckpoint(db) : await checkpointOfSize(db, request.query.treeSize);
      if (!checkpoint) throw new NotFoundError(request.query.treeSize === undefined ? NOT_YET_CHECKPOINTED : NO_SUCH_CHECKPOINT);
      const leaf = await readModels.selectFrom('merkle_leaves').select(['leaf_index', 'leaf_hash']).where('event_id', '=', eventId).executeTakeFirst();
      if (!leaf) throw new NotFoundError(EVENT_NOT_IN_LOG);
      const leafIndex = Number(leaf.leaf_index);
      if (leafIndex >= checkpoint.treeSize) throw new NotFoundError(EVENT_AFTER_CHECKPOINT);
      const source = await merkleNodeSource(db, nodesFor(inclusionRanges(leafIndex, checkpoint.treeSize)));
      return {
        eventId,
        leafIndex,
        leafHash: leaf.leaf_hash.toString('base64'),
        treeSize: checkpoint.treeSize,
        proof: base64(inclusionProof(leafIndex, checkpoint.treeSize, source)),
        checkpoint,
      };
    },
  );
}
