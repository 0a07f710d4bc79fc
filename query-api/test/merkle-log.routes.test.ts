import {
  EMPTY_ROOT,
  EVENT_AFTER_CHECKPOINT,
  NOT_YET_CHECKPOINTED,
  NO_SUCH_CHECKPOINT,
  SIZE_BEYOND_LOG,
  verifyCheckpoint,
  verifyConsistency,
  verifyInclusion,
  type CheckpointView,
  type InclusionProofView,
} from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, opinionPosted, topicCreated } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const b64 = (value: string) => Buffer.from(value, 'base64');

describe('the Merkle log: key, checkpoints, inclusion and consistency proofs', () => {
  let query: QueryApp;
  let publicKey: string;
  let first: CheckpointView;
  let second: CheckpointView;

  const sign = async (at: string) => (await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date(at)))!;
  const eventIds = async () =>
    (await sql<{ event_id: string }>`select event_id from events order by transaction_id, global_position`.execute(query.db)).rows.map((row) => row.event_id);

  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('serves no checkpoint before the first is signed, and its public key at the well-known address', async () => {
    expect((await query.get('/api/audit/checkpoints')).json()).toEqual({ latest: null });
    const answer = await query.get('/.well-known/civitas-log-key');
    expect(answer.statusCode).toBe(200);
    const key = answer.json();
    expect(key.algorithm).toBe('Ed25519');
    expect(b64(key.publicKey)).toHaveLength(32);
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/);
    publicKey = key.publicKey;
    await query.member('Ada');
    const anyEvent = (await eventIds())[0]!;
    const refused = await query.get(`/api/audit/proofs/inclusion?eventId=${anyEvent}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: NOT_YET_CHECKPOINTED });
  });

  it('signs checkpoints that verify with the public key, and proves every event included', async () => {
    const author = await query.member('Omar');
    const topic = newId();
    await query.record(topicCreated(topic, author.groups.family, author.id), opinionPosted(newId(), topic, author.groups.family, author.id));
    first = await sign('2026-03-10T12:00:00.000Z');
    const ids = await eventIds();
    expect(first.treeSize).toBe(ids.length);
    expect(verifyCheckpoint(first, publicKey)).toBe(true);
    expect((await query.get('/api/audit/checkpoints')).json()).toEqual({ latest: first });
    expect((await query.get(`/api/audit/checkpoints/${first.treeSize}`)).json()).toEqual(first);
    // Nothing new: nothing signed.
    expect(await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date())).toBeNull();

    for (const [index, eventId] of ids.entries()) {
      const answer = await query.get(`/api/audit/proofs/inclusion?eventId=${eventId}`);
      expect(answer.statusCode).toBe(200);
      const proof: InclusionProofView = answer.json();
      expect(proof).toMatchObject({ eventId, leafIndex: index, treeSize: first.treeSize, checkpoint: first });
      expect(verifyInclusion(proof.leafIndex, proof.treeSize, b64(proof.leafHash), proof.proof.map(b64), b64(first.rootHash))).toBe(true);
      expect(verifyInclusion(proof.leafIndex, proof.treeSize, b64(proof.leafHash), proof.proof.map(b64), EMPTY_ROOT)).toBe(false);
    }
  });

  it('proves each later checkpoint consistent with every earlier one', async () => {
    const author = await query.member('Reem');
    await query.record(topicCreated(newId(), author.groups.friends, author.id));
    second = await sign('2026-03-10T12:00:05.000Z');
    const earlier = first.treeSize;
    expect(second.treeSize).toBeGreaterThan(earlier);
    const answer = await query.get(`/api/audit/proofs/consistency?from=${earlier}&to=${second.treeSize}`);
    expect(answer.statusCode).toBe(200);
    const { proof } = answer.json();
    expect(verifyConsistency(earlier, second.treeSize, b64(first.rootHash), b64(second.rootHash), proof.map(b64))).toBe(true);
    expect(verifyConsistency(earlier, second.treeSize, b64(second.rootHash), b64(second.rootHash), proof.map(b64))).toBe(false);
    // An event proven against an older checkpoint it belongs to, and refused for one it came after.
    const ids = await eventIds();
    const old = await query.get(`/api/audit/proofs/inclusion?eventId=${ids[0]}&treeSize=${earlier}`);
    expect(old.json().checkpoint).toEqual(first);
    const late = await query.get(`/api/audit/proofs/inclusion?eventId=${ids.at(-1)}&treeSize=${earlier}`);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: EVENT_AFTER_CHECKPOINT });
  });

  it('answers bad or unknown requests with a 4xx message', async () => {
    const cases: Array<[string, number, string?]> = [
      ['/api/audit/checkpoints/0', 400],
      ['/api/audit/checkpoints/abc', 400],
      ['/api/audit/checkpoints/999999', 404, NO_SUCH_CHECKPOINT],
      ['/api/audit/proofs/consistency?from=5&to=2', 400],
      ['/api/audit/proofs/consistency?from=1', 400],
      ['/api/audit/proofs/consistency?from=1&to=999999', 404, SIZE_BEYOND_LOG],
      ['/api/audit/proofs/inclusion?eventId=nope', 400],
      [`/api/audit/proofs/inclusion?eventId=${newId()}`, 404],
      [`/api/audit/proofs/inclusion?eventId=${newId()}&treeSize=999999`, 404, NO_SUCH_CHECKPOINT],
    ];
    for (const [url, status, message] of cases) {
      const answer = await query.get(url);
      expect(answer.statusCode, url).toBe(status);
      expect(typeof answer.json().message, url).toBe('string');
      if (message) expect(answer.json().message, url).toBe(message);
    }
  });
});
