import {
  TALLY_INPUT_TYPES,
  eventTime,
  idsIn,
  inclusionRanges,
  readTopicRecords,
  leafScope,
  nodeKeyString,
  nodesFor,
  rangeHash,
  storedLeafEvent,
  topicOf,
  topicScope,
  type Blind,
  type CheckpointView,
  type EventStore,
  type ExportEvent,
  type ExportResult,
  type LeafRange,
  type NodeKey,
  type RecordedEvent,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { merkleNodeSource } from '@civitas/service-kit/merkle-store';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/** Events proven per round trip for their proof nodes. */
const PROOF_CHUNK = 2000;

/** Why a topic cannot be exported for a moment (503 with Retry-After). */
export type ExportNotReady = 'notCheckpointed' | 'notClosed';

export interface TopicExportSource {
  store: EventStore;
  /** The primary: the Merkle log's leaves and nodes, read with raw SQL. */
  db: QueryExecutorProvider;
  readModels: Kysely<ReadModels>;
  blind: Blind;
}

/** A topic's events as an export carries them, each with its leaf. */
export interface PreparedTopic {
  topicId: string;
  records: RecordedEvent[];
  leaves: Map<string, { leafIndex: number; leafHash: Buffer }>;
}

/**
 * What bears on the topic (the tally module's input types only: nothing else of a member's
 * streams leaves the platform) with each event's leaf. Null when the topic has no events;
 * `notCheckpointed` when an event is beyond the checkpoint, `notClosed` when it had expired at the
 * checkpoint but is not closed yet (the caller answers 503 for either, before any byte).
 */
export async function prepareTopic(source: TopicExportSource, topicId: string, checkpoint: CheckpointView): Promise<PreparedTopic | null | ExportNotReady> {
  const records = (await readTopicRecords(source.store, topicId)).filter((event) => TALLY_INPUT_TYPES.has(event.type));
  if (records.length === 0) return null;
  const rows = await sql<{ event_id: string; leaf_index: string; leaf_hash: Buffer }>`
    select event_id, leaf_index, leaf_hash from ${sql.id(READ_SCHEMA, 'merkle_leaves')} where event_id = any(${records.map((event) => event.id)}::uuid[])`.execute(
    source.db,
  );
  const leaves = new Map(rows.rows.map((row) => [row.event_id, { leafIndex: Number(row.leaf_index), leafHash: row.leaf_hash }]));
  const covered = records.every((event) => (leaves.get(event.id)?.leafIndex ?? Infinity) < checkpoint.treeSize);
  if (!covered) return 'notCheckpointed';
  return expiredUnclosed(topicId, records, checkpoint) ? 'notClosed' : { topicId, records, leaves };
}

/**
 * A topic that had expired when the checkpoint was signed but has no closing (nor deletion) yet: the
 * closing, seconds away, records what it counted, and the verifier refuses an expired topic's
 * export without it (docs/audit-format.md, Completeness), so none is given until then.
 */
function expiredUnclosed(topicId: string, records: readonly RecordedEvent[], checkpoint: CheckpointView): boolean {
  const own = records.filter((event) => topicOf(event.data) === topicId);
  const created = own.find((event) => event.type === 'TopicCreated')?.data as { expiresAt?: string } | undefined;
  if (!created?.expiresAt || Date.parse(checkpoint.timestamp) <= Date.parse(created.expiresAt)) return false;
  return !own.some((event) => event.type === 'TopicClosed' || event.type === 'TopicDeleted');
}

/**
 * The topic's event lines, in log order, with inclusion proofs against the checkpoint. A chunk's
 * events sit close together in the log, so their paths share most ranges: each distinct node is
 * read once and each distinct range hashed and encoded once per chunk (not once per event).
 */
export async function* topicEventLines(source: TopicExportSource, topic: PreparedTopic, treeSize: number): AsyncGenerator<ExportEvent> {
  const { topicId, records, leaves } = topic;
  const scope = topicScope(topicId);
  for (let start = 0; start < records.length; start += PROOF_CHUNK) {
    const chunk = records.slice(start, start + PROOF_CHUNK);
    const paths = chunk.map((event) => inclusionRanges(leaves.get(event.id)!.leafIndex, treeSize));
    const ranges = new Map<string, LeafRange>();
    for (const path of paths) for (const range of path) ranges.set(`${range.start}:${range.end}`, range);
    const keys = new Map<string, NodeKey>();
    for (const key of nodesFor([...ranges.values()])) keys.set(nodeKeyString(key), key);
    const nodes = await merkleNodeSource(source.db, [...keys.values()]);
    const hashes = new Map<string, string>();
    const hashOf = (range: LeafRange) => {
      const key = `${range.start}:${range.end}`;
      let hash = hashes.get(key);
      if (hash === undefined) hashes.set(key, (hash = rangeHash(range, nodes).toString('base64')));
      return hash;
    };
    for (const [index, recorded] of chunk.entries()) {
      const { leafIndex, leafHash } = leaves.get(recorded.id)!;
      const event = storedLeafEvent(recorded, source.blind);
      yield {
        kind: 'event',
        topicId,
        leafIndex,
        leafHash: leafHash.toString('base64'),
        event,
        links: topicOf(recorded.data) === topicId ? null : linksOf(recorded, source.blind, scope),
        proof: paths[index]!.map(hashOf),
        recordedAt: eventTime(recorded),
      };
    }
  }
}

/** An event shared by many topics: each of its blinded ids, and that id's pseudonym in this topic. */
function linksOf(recorded: RecordedEvent, blind: Blind, scope: string): Record<string, string> {
  const raw = {
    stream: recorded.streamId,
    version: recorded.streamPosition,
    position: recorded.position,
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
  };
  const eventScope = leafScope(raw);
  const links: Record<string, string> = {};
  for (const id of idsIn(raw)) links[blind(eventScope, id)] = blind(scope, id);
  return links;
}

/**
 * The outcome the platform publishes (its read models: the topic's status, the law or the winner,
 * every weighted tally), ids blinded as the export names them, for the verifier to set beside its recount.
 */
export async function publishedResult(source: TopicExportSource, topicId: string): Promise<ExportResult | null> {
  const { readModels, blind } = source;
  const topic = await readModels
    .selectFrom('topics as t')
    .leftJoin('laws as l', 'l.topic_id', 't.id')
    .leftJoin('candidates as c', (join) => join.onRef('c.topic_id', '=', 't.id').onRef('c.user_id', '=', 't.winner_id'))
    .select(['t.status', 'l.opinion_id as law_opinion_id', 'l.weighted_support as law_support', 'c.id as winner_candidate_id'])
    .where('t.id', '=', topicId)
    .executeTakeFirst();
  if (!topic) return null;
  const scope = topicScope(topicId);
  const named = (id: string) => blind(scope, id);
  const tallies = new Map<string, { subjectId: string; weightedSupport: number; weightedOppose: number }>();
  const tallyOf = (id: string) => {
    let tally = tallies.get(id);
    if (!tally) tallies.set(id, (tally = { subjectId: named(id), weightedSupport: 0, weightedOppose: 0 }));
    return tally;
  };
  const rows = await readModels
    .selectFrom('weighted_tallies as w')
    .select(['w.subject_id', 'w.choice', 'w.weight'])
    .where((where) =>
      where.or([
        // An election's rows are its candidates'; a ranked or approval ballot's weight sits beside them under its voter's id (issue #34).
        where.and([
          where('w.subject_id', '=', topicId),
          where(
            'w.choice',
            'in',
            readModels
              .selectFrom('candidates')
              .select(sql<string>`id::text`.as('id'))
              .where('topic_id', '=', topicId),
          ),
        ]),
        where('w.subject_id', 'in', readModels.selectFrom('opinions').select('id').where('topic_id', '=', topicId)),
      ]),
    )
    .execute();
  for (const row of rows) {
    // An opinion's rows are 'support' and 'oppose'; an election's, one per candidate under the topic's id.
    if (row.subject_id === topicId) tallyOf(row.choice).weightedSupport += row.weight;
    else if (row.choice === 'support') tallyOf(row.subject_id).weightedSupport += row.weight;
    else tallyOf(row.subject_id).weightedOppose += row.weight;
  }
  const status = topic.status as ExportResult['status'];
  const result: ExportResult['result'] =
    status === 'active'
      ? { kind: 'pending', opinionId: null, winnerCandidateId: null, weightedSupport: null }
      : topic.law_opinion_id
        ? { kind: 'law_enacted', opinionId: named(topic.law_opinion_id), winnerCandidateId: null, weightedSupport: topic.law_support }
        : topic.winner_candidate_id
          ? {
              kind: 'winner',
              opinionId: null,
              winnerCandidateId: named(topic.winner_candidate_id),
              weightedSupport: tallies.get(topic.winner_candidate_id)?.weightedSupport ?? 0,
            }
          : { kind: 'none', opinionId: null, winnerCandidateId: null, weightedSupport: null };
  return { kind: 'result', topicId, status, result, tallies: [...tallies.values()] };
}
