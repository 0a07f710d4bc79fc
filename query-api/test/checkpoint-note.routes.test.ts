import { LOG_CHECKPOINT_PATH, NOT_YET_CHECKPOINTED, noteKeyId, openCheckpointNote, publicKeyFromRaw } from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { verifyCheckpoint as sigstoreVerifyCheckpoint } from '@sigstore/verify/dist/tlog/checkpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, topicCreated } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const ORIGIN = 'civitas.test';

// Issue #40 item 5: the latest checkpoint as a C2SP signed note, checked by sigstore's own
// checkpoint verifier (an implementation that shares no code with ours) as well as by ours.
describe('GET /api/audit/log/checkpoint: the latest checkpoint as a signed note', () => {
  let query: QueryApp;
  let publicKey: Buffer;

  /** sigstore's verifier: it finds the log by the signature's name and 4-byte key hint, then checks Ed25519 over the note's text. */
  const sigstoreOpens = (note: string) => {
    const tlog = {
      logID: Buffer.concat([noteKeyId(ORIGIN, publicKey), Buffer.alloc(28)]),
      baseURL: `https://${ORIGIN}`,
      publicKey: publicKeyFromRaw(publicKey),
      validFor: { start: new Date(0), end: new Date('2100-01-01') },
    };
    return sigstoreVerifyCheckpoint({ inclusionProof: { checkpoint: { envelope: note } } } as never, [tlog]);
  };

  beforeAll(async () => {
    query = await startQueryApp();
    publicKey = (await logSigningKey(query.db)).publicKey;
  });
  afterAll(async () => query?.close());

  it('answers 503 with Retry-After before the first checkpoint', async () => {
    const answer = await query.get(LOG_CHECKPOINT_PATH);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ message: NOT_YET_CHECKPOINTED });
  });

  it('serves the deployment\u2019s origin, size, root and time, signed under the origin, as both verifiers read it', async () => {
    const group = (await query.member('Omar')).groups.family;
    await query.record(topicCreated(newId(), group, newId()));
    const signed = (await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date('2026-12-02T10:00:00.000Z'), { origin: ORIGIN }))!;
    const answer = await query.get(LOG_CHECKPOINT_PATH);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const note = answer.body;
    expect(note.split('\n').slice(0, 5)).toEqual([ORIGIN, String(signed.treeSize), signed.rootHash, signed.timestamp, '']);
    expect(note).toMatch(new RegExp(`\\n\\n\u2014 ${ORIGIN.replace('.', '\\.')} [A-Za-z0-9+/]{91}=\\n$`));

    const theirs = sigstoreOpens(note);
    expect({ origin: theirs.origin, size: theirs.logSize, root: theirs.logHash.toString('base64'), rest: theirs.rest }).toEqual({
      origin: ORIGIN,
      size: BigInt(signed.treeSize),
      root: signed.rootHash,
      rest: [signed.timestamp],
    });
    expect(openCheckpointNote(note, ORIGIN, publicKey)).toEqual(signed);
    // The JSON checkpoint names the same origin, so an export's checkpoint and this note are one statement.
    expect((await query.get('/api/audit/checkpoints')).json().latest).toEqual(signed);
  });

  it('is refused by both verifiers once its size, root or time is changed, or its signature is another key\u2019s', async () => {
    const note = (await query.get(LOG_CHECKPOINT_PATH)).body;
    const [, size, root, time] = note.split('\n');
    const otherRoot = Buffer.from(root!, 'base64').map((byte, index) => (index === 0 ? byte ^ 1 : byte));
    const forged = [
      note.replace(`\n${size}\n`, `\n${Number(size) - 1}\n`),
      note.replace(root!, Buffer.from(otherRoot).toString('base64')),
      note.replace(time!, '2026-12-02T10:00:01.000Z'),
    ];
    for (const text of forged) {
      expect(() => sigstoreOpens(text)).toThrow('invalid checkpoint signature');
      expect(openCheckpointNote(text, ORIGIN, publicKey)).toBeNull();
    }
    expect(openCheckpointNote(note, 'another.example', publicKey)).toBeNull();
    expect(openCheckpointNote(note, ORIGIN, Buffer.alloc(32, 7))).toBeNull();
  });
});
