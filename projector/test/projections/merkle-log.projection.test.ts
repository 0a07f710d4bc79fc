import {
  blindLeafEvent,
  createEventRegistry,
  encodePosition,
  eventLeafHash,
  type Blind,
  frontierNodes,
  inclusionProof,
  memoryNodeSource,
  nodesFor,
  inclusionRanges,
  treeHash,
  verifyInclusion,
} from '@civitas/events';
import { LOWEST_STORED_LEVEL, leafBlinder, merkleNodeSource, merkleTreeSize } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merkleLogProjection } from '../../src/audit/merkle-log.projection';
import { ProjectionSpec, specEventId, specTime, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import { newId, opinionPosted, topicCreated, userRegistered, voteCast, voteRetracted } from '../spec-events';

const registry = createEventRegistry();

/** A small log: a member, a topic, an opinion and a vote that toggles. */
function history(count: number): SpecEvent[] {
  const [member, topic, opinion] = [newId(), newId(), newId()];
  const target = { opinionId: opinion, topicId: topic, groupId: 7, userId: member };
  const events: SpecEvent[] = [userRegistered(member), topicCreated(topic, 7, member), opinionPosted(opinion, topic, 7, member)];
  while (events.length < count) events.push(events.length % 2 === 1 ? voteCast(target, 'support') : voteRetracted(target, 'support'));
  return events.slice(0, count);
}

/** The leaf the spec's nth event must have, from its stored form alone with its ids blinded (as an export carries it). */
const expectedLeaf = (event: SpecEvent, batch: number, n: number, blind: Blind) =>
  eventLeafHash(
    blindLeafEvent(
      {
        stream: event.streamId ?? 'spec',
        version: n,
        position: encodePosition(BigInt(batch), BigInt(n)),
        type: event.type,
        data: event.data,
        metadata: { schemaVersion: registry.versionOf(event.type), time: specTime(n) },
      },
      blind,
    ),
  );

const LEAF_ROWS = { columns: ['leaf_index', 'event_id', 'position', 'leaf_hash'], orderBy: ['leaf_index'] };
const NODE_ROWS = { columns: ['level', 'node_index', 'hash'], orderBy: ['level', 'node_index'] };

const rootOf = async (outcome: ProjectionOutcome, size: number) => treeHash(size, await merkleNodeSource(outcome.db, frontierNodes(size), outcome.schema));

describe('merkle_log projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(merkleLogProjection);
  });
  afterAll(async () => spec.close());

  it('stores one leaf per event in order, hashed over its stored form, and the RFC 9162 root of every size', async () => {
    // Past 32 leaves, so proofs take stored nodes (level 4 and up) and nodes computed from leaves alike.
    const events = history(37);
    const outcome = await spec.given(events.slice(0, 5)).when(events.slice(5, 6)).when(events.slice(6)).run();
    const batchOf = (n: number) => (n <= 5 ? 1 : n === 6 ? 2 : 3);
    const blind = await leafBlinder(outcome.db);
    const leaves = events.map((event, offset) => expectedLeaf(event, batchOf(offset + 1), offset + 1, blind));
    expect(await outcome.rows('merkle_leaves', LEAF_ROWS)).toEqual(
      events.map((_, offset) => ({
        leaf_index: String(offset),
        event_id: specEventId(offset + 1),
        position: encodePosition(BigInt(batchOf(offset + 1)), BigInt(offset + 1)),
        leaf_hash: leaves[offset],
      })),
    );
    expect(await merkleTreeSize(outcome.db, outcome.schema)).toBe(37);
    const reference = memoryNodeSource(leaves);
    expect(await rootOf(outcome, 37)).toEqual(treeHash(37, reference));
    // Proofs for an older size come from the same stored nodes.
    for (let size = 1; size <= 37; size += 1) {
      for (let index = 0; index < size; index += 1) {
        const source = await merkleNodeSource(outcome.db, nodesFor(inclusionRanges(index, size)), outcome.schema);
        const proof = inclusionProof(index, size, source);
        expect(proof).toEqual(inclusionProof(index, size, reference));
        expect(verifyInclusion(index, size, leaves[index]!, proof, treeHash(size, reference))).toBe(true);
      }
    }
  });

  it('writes the same rows whether the log arrives in one batch or one event at a time (a rebuild is byte-identical)', async () => {
    const events = history(21);
    const whole = await spec.given(events).run();
    const single = await spec.given([]).whenEach(events).run();
    const leafIds = async (outcome: ProjectionOutcome) => await outcome.rows('merkle_leaves', { columns: ['leaf_index', 'event_id'], orderBy: ['leaf_index'] });
    expect(await leafIds(single)).toEqual(await leafIds(whole));
    // Positions differ between the two deliveries (the batch is part of a spec position), so the hashes do too; the tree shape may not.
    expect((await single.rows('merkle_nodes', NODE_ROWS)).map(({ level, node_index }) => ({ level, node_index }))).toEqual(
      (await whole.rows('merkle_nodes', NODE_ROWS)).map(({ level, node_index }) => ({ level, node_index })),
    );
    // Nodes below LOWEST_STORED_LEVEL are computed from their leaves when read, never stored: 21 leaves complete one of 16.
    expect((await whole.rows('merkle_nodes', NODE_ROWS)).map(({ level, node_index }) => ({ level, node_index }))).toEqual([
      { level: LOWEST_STORED_LEVEL, node_index: '0' },
    ]);
    const again = await spec.given(events).run();
    expect(await again.rows('merkle_leaves', LEAF_ROWS)).toEqual(await whole.rows('merkle_leaves', LEAF_ROWS));
    expect(await again.rows('merkle_nodes', NODE_ROWS)).toEqual(await whole.rows('merkle_nodes', NODE_ROWS));
  });

  it('adds nothing when a batch is delivered again', async () => {
    const events = history(9);
    const once = await spec.given(events.slice(0, 4)).when(events.slice(4)).run();
    const twice = await spec.given(events.slice(0, 4)).when(events.slice(4)).redelivered().run();
    expect(await twice.rows('merkle_leaves', LEAF_ROWS)).toEqual(await once.rows('merkle_leaves', LEAF_ROWS));
    expect(await twice.rows('merkle_nodes', NODE_ROWS)).toEqual(await once.rows('merkle_nodes', NODE_ROWS));
  });
});
