import {
  LruMap,
  blindWith,
  frontierNodes,
  memoryNodeSource,
  nodeKeyString,
  rawPublicKey,
  logKeyId,
  signCheckpoint,
  signingKeyFromSeed,
  treeHash,
  type Blind,
  type CheckpointView,
  type Hash,
  type NodeKey,
  type NodeSource,
} from '@civitas/events';
import type { KeyObject } from 'node:crypto';
import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import { keyedHasher, platformSecret } from './personal-data';
import { READ_SCHEMA } from './read-models';

/**
 * The Merkle log's run-time pieces every process shares: reading tree nodes from the read models
 * (the `merkle_log` projection writes them), the signed checkpoints (platform tables: a rebuild
 * must never drop what was signed), and the signing key. All raw SQL: any Kysely (a transaction
 * too) runs it, whatever tables it types.
 */

/** The platform table the migrations below create: the log's signed checkpoints. */
export interface MerkleCheckpointTables {
  merkle_checkpoints: CheckpointRow;
}

export const merkleCheckpointMigrations: Record<string, Migration> = {
  '2026_12_20_001_merkle_checkpoints': {
    async up(db: Kysely<unknown>) {
      // Signed statements about the log: kept beside the events, not in the rebuildable read models.
      await sql`create table merkle_checkpoints (
        tree_size bigint primary key, root_hash bytea not null, signed_at text not null, key_id text not null, signature bytea not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table merkle_checkpoints`.execute(db);
    },
  },
  '2027_01_05_001_merkle_checkpoints_blinded_leaves': {
    async up(db: Kysely<unknown>) {
      // Leaves now commit to the events with their ids blinded (merkle_log v2 rebuilds the tree): the old roots name a tree that is gone.
      await sql`delete from merkle_checkpoints`.execute(db);
    },
    async down() {},
  },
  '2027_02_01_001_merkle_checkpoints_origin': {
    async up(db: Kysely<unknown>) {
      // The signed note's origin line (C2SP tlog-checkpoint): the deployment's host; null for those signed as 'civitas-log'.
      await sql`alter table merkle_checkpoints add column origin text`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table merkle_checkpoints drop column origin`.execute(db);
    },
  },
  '2027_02_01_002_merkle_cosignatures': {
    async up(db: Kysely<unknown>) {
      // Witnesses' cosignature lines (c2sp.org/tlog-cosignature), served with the checkpoint they sign.
      await sql`create table merkle_cosignatures (
        tree_size bigint not null, witness text not null, line text not null, primary key (tree_size, witness))`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table merkle_cosignatures`.execute(db);
    },
  },
};

/** platform_secrets row of the key that blinds ids in leaves and names members in a topic's history. */
export const LEAF_BLINDING_SECRET = 'audit-pseudonym';

/** Blinders by key: one per key for the life of the process, so what a blinder remembers (topic-scoped ids) outlives a batch. */
const blindersByKey = new LruMap<string, Blind>(8);

/** The blinder every leaf is made with (the key made once, the same in every process), for this database's key. */
export async function leafBlinder(db: QueryExecutorProvider): Promise<Blind> {
  const key = await platformSecret(db, LEAF_BLINDING_SECRET);
  const name = key.toString('base64');
  let blinder = blindersByKey.get(name);
  if (!blinder) blindersByKey.set(name, (blinder = blindWith(keyedHasher(key))));
  return blinder;
}

/** The blinder of a process that has one database: read once; a failed first read is tried again next time. */
export function cachedLeafBlinder(db: QueryExecutorProvider): () => Promise<Blind> {
  let blinder: Promise<Blind> | null = null;
  return () =>
    (blinder ??= leafBlinder(db).catch((error: unknown) => {
      blinder = null;
      throw error;
    }));
}

/** platform_secrets row holding the Ed25519 seed (32 bytes, wrapped by the vault key like every secret). */
export const LOG_SIGNING_SECRET = 'merkle-log-signing-seed';

export interface LogSigningKey {
  privateKey: KeyObject;
  publicKey: Buffer;
  keyId: string;
}

/** The log's signing key: made once (its seed kept in the database), the same in every process. */
export async function logSigningKey(db: QueryExecutorProvider): Promise<LogSigningKey> {
  const privateKey = signingKeyFromSeed(await platformSecret(db, LOG_SIGNING_SECRET));
  const publicKey = rawPublicKey(privateKey);
  return { privateKey, publicKey, keyId: logKeyId(publicKey) };
}

/**
 * Inner nodes below this level are not stored: each is computed from its 2 to 8 leaves when read.
 * Storing every node wrote about one node row per event; from level 4 up it is one per 8 events.
 */
export const LOWEST_STORED_LEVEL = 4;

const firstLeaf = ({ level, index }: NodeKey) => index * 2 ** level;

/** The hashes of these nodes (level 0 from merkle_leaves, low levels from their leaves, above from merkle_nodes), keyed by `nodeKeyString`. */
export async function readMerkleNodes(db: QueryExecutorProvider, schema: string, keys: readonly NodeKey[]): Promise<Map<string, Hash>> {
  const found = new Map<string, Hash>();
  if (keys.length === 0) return found;
  const computed = keys.filter((key) => key.level > 0 && key.level < LOWEST_STORED_LEVEL);
  const leaves = new Set(keys.filter((key) => key.level === 0).map((key) => key.index));
  for (const key of computed) for (let leaf = firstLeaf(key); leaf < firstLeaf(key) + 2 ** key.level; leaf++) leaves.add(leaf);
  const inner = keys.filter((key) => key.level >= LOWEST_STORED_LEVEL);
  const result = await sql<{ level: number; node_index: string; hash: Buffer }>`
    select 0 as level, leaf_index as node_index, leaf_hash as hash from ${sql.id(schema, 'merkle_leaves')} where leaf_index = any(${[...leaves].map(String)}::bigint[])
    union all
    select n.level, n.node_index, n.hash from ${sql.id(schema, 'merkle_nodes')} n
      join unnest(${inner.map((key) => key.level)}::int[], ${inner.map((key) => String(key.index))}::bigint[]) as k(level, node_index)
      on n.level = k.level and n.node_index = k.node_index`.execute(db);
  const leafHashes = new Map<number, Hash>();
  for (const row of result.rows) {
    if (row.level === 0) leafHashes.set(Number(row.node_index), row.hash);
    else found.set(nodeKeyString({ level: row.level, index: Number(row.node_index) }), row.hash);
  }
  for (const key of keys) {
    if (key.level === 0) {
      const hash = leafHashes.get(key.index);
      if (hash) found.set(nodeKeyString(key), hash);
    } else if (key.level < LOWEST_STORED_LEVEL) {
      const below = Array.from({ length: 2 ** key.level }, (_, offset) => leafHashes.get(firstLeaf(key) + offset));
      // A subtree the log has not completed yet is not known, as an unstored node would not be.
      if (below.every((hash) => hash !== undefined)) found.set(nodeKeyString(key), memoryNodeSource(below as Hash[])({ level: key.level, index: 0 })!);
    }
  }
  return found;
}

/** A NodeSource over nodes read beforehand (a proof's keys come from nodesFor/frontierNodes). */
export async function merkleNodeSource(db: QueryExecutorProvider, keys: readonly NodeKey[], schema = READ_SCHEMA): Promise<NodeSource> {
  const nodes = await readMerkleNodes(db, schema, keys);
  return (key) => nodes.get(nodeKeyString(key));
}

/** How many leaves the projected tree holds. */
export async function merkleTreeSize(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<number> {
  const result = await sql<{ last: string | null }>`select max(leaf_index) as last from ${sql.id(schema, 'merkle_leaves')}`.execute(db);
  const last = result.rows[0]?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/** A row of merkle_checkpoints (tree_size is int8: read as a string). */
interface CheckpointRow {
  origin: string | null;
  tree_size: string;
  root_hash: Buffer;
  signed_at: string;
  key_id: string;
  signature: Buffer;
}

const toView = (row: CheckpointRow): CheckpointView => ({
  ...(row.origin !== null ? { origin: row.origin } : {}),
  treeSize: Number(row.tree_size),
  rootHash: row.root_hash.toString('base64'),
  timestamp: row.signed_at,
  keyId: row.key_id,
  signature: row.signature.toString('base64'),
});

export async function latestCheckpoint(db: QueryExecutorProvider): Promise<CheckpointView | null> {
  const result = await sql<CheckpointRow>`select * from merkle_checkpoints order by tree_size desc limit 1`.execute(db);
  return result.rows[0] ? toView(result.rows[0]) : null;
}

export async function checkpointOfSize(db: QueryExecutorProvider, treeSize: number): Promise<CheckpointView | null> {
  const result = await sql<CheckpointRow>`select * from merkle_checkpoints where tree_size = ${String(treeSize)}::bigint`.execute(db);
  return result.rows[0] ? toView(result.rows[0]) : null;
}

/** Every checkpoint, oldest first (audit:check compares each root with the leaves recomputed from the events). */
export async function allCheckpoints(db: QueryExecutorProvider): Promise<CheckpointView[]> {
  const result = await sql<CheckpointRow>`select * from merkle_checkpoints order by tree_size`.execute(db);
  return result.rows.map(toView);
}

/** Stores a signed checkpoint; one per tree size (a second signer of the same size adds nothing). */
export async function storeCheckpoint(db: QueryExecutorProvider, checkpoint: CheckpointView): Promise<void> {
  await sql`insert into merkle_checkpoints (origin, tree_size, root_hash, signed_at, key_id, signature)
    values (${checkpoint.origin ?? null}, ${String(checkpoint.treeSize)}::bigint, ${Buffer.from(checkpoint.rootHash, 'base64')}, ${checkpoint.timestamp}, ${checkpoint.keyId}, ${Buffer.from(checkpoint.signature, 'base64')})
    on conflict (tree_size) do nothing`.execute(db);
}

/** Advisory lock key of the checkpointer: one signer at a time, whichever process runs it. */
const CHECKPOINTER_LOCK = 0x6d65726b;

/**
 * Signs the projected tree's head when it has grown since the last checkpoint: the root from the
 * stored right edge, Ed25519 over the signed note's text (`origin`: the deployment's, originOf its
 * PUBLIC_BASE_URL; LOG_ORIGIN when none is given), stored once per size. Any process may call it;
 * a transaction-scoped advisory lock lets one sign while the others skip. Returns what it signed.
 */
// Raw SQL in a transaction of its own: any Kysely runs it, whatever tables it types.
export async function signPendingCheckpoint<Database>(
  db: Kysely<Database>,
  key: LogSigningKey,
  now: Date,
  { schema = READ_SCHEMA, origin }: { schema?: string; origin?: string } = {},
): Promise<CheckpointView | null> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${CHECKPOINTER_LOCK}) as locked`.execute(trx);
    if (!locked.rows[0]?.locked) return null;
    const size = await merkleTreeSize(trx, schema);
    const latest = await latestCheckpoint(trx);
    if (size === 0 || (latest && latest.treeSize >= size)) return null;
    const rootHash = treeHash(size, await merkleNodeSource(trx, frontierNodes(size), schema));
    const checkpoint = signCheckpoint(key.privateKey, { origin, treeSize: size, rootHash, timestamp: now.toISOString() });
    await storeCheckpoint(trx, checkpoint);
    return checkpoint;
  });
}
