import { cosignatureTime, openCheckpointNote, parseSignedNote } from '@civitas/events';
import { loadConfig } from '@civitas/service-kit/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { startTestWitness, type TestWitness } from '../../../test-support/tlog-witness';
import { newMember } from '../participation/members';

// Issue #40 item 6: the platform asks independent witnesses (c2sp.org/tlog-witness) to cosign each
// checkpoint and serves their cosignatures with it; a witness that saw another tree refuses.
describe('witnesses cosign the log\u2019s checkpoints', () => {
  let server: TestServer;
  let honest: TestWitness;
  let forked: TestWitness;
  const logs: Record<string, Buffer> = {};
  let origin = '';
  let publicKey = Buffer.alloc(0);

  const note = async () => {
    const answer = await fetch(`${server.baseUrl}/api/audit/log/checkpoint`);
    return answer.status === 200 ? answer.text() : '';
  };
  /** The served note's checkpoint, and which witnesses' valid cosignatures it carries. */
  const served = async () => {
    const text = await note();
    const checkpoint = openCheckpointNote(text, origin, publicKey);
    const body = text.slice(0, text.indexOf('\n\n') + 1);
    const signatures = parseSignedNote(text)?.signatures ?? [];
    const cosigned = [honest, forked].filter((witness) =>
      signatures.some((signature) => cosignatureTime(signature, witness.name, witness.publicKey, body) !== null),
    );
    return { checkpoint, cosignedBy: cosigned.map((witness) => witness.name) };
  };

  beforeAll(async () => {
    [honest, forked] = await Promise.all([startTestWitness('witness.test/honest', logs), startTestWitness('witness.test/forked', logs)]);
    server = await startTestServer({ env: { SCHEDULER_INTERVAL_SECONDS: '0.2', WITNESSES: `${honest.vkey}@${honest.url}, ${forked.vkey}@${forked.url}` } });
    origin = new URL(server.baseUrl).host;
    publicKey = Buffer.from(((await (await fetch(`${server.baseUrl}/.well-known/civitas-log-key`)).json()) as { publicKey: string }).publicKey, 'base64');
    // The witnesses trust the log's key for its origin; the second once saw another tree of one event.
    logs[origin] = publicKey;
    forked.latest.set(origin, { size: 1, root: Buffer.alloc(32, 5) });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([honest?.close(), forked?.close()]);
  });

  it('serves each new checkpoint with the honest witness\u2019s cosignature, proven consistent from the last one it cosigned', async () => {
    await newMember(server, 'Hala');
    const first = await eventually(served, (view) => view.cosignedBy.includes(honest.name), 20_000);
    expect(first.cosignedBy).toEqual([honest.name]);
    expect(honest.latest.get(origin)?.size).toBe(first.checkpoint!.treeSize);
    await newMember(server, 'Omar');
    const later = await eventually(
      served,
      (view) => (view.checkpoint?.treeSize ?? 0) > first.checkpoint!.treeSize && view.cosignedBy.includes(honest.name),
      20_000,
    );
    expect(honest.latest.get(origin)?.size).toBe(later.checkpoint!.treeSize);
    // Every request after the first carried a consistency proof the witness checked (it answers 422 otherwise).
    expect(honest.answers.filter((status) => status !== 200 && status !== 404)).toEqual([]);
  });

  it('gets no cosignature from a witness that holds another tree: its 409 is followed from its size, and the proof fails there', async () => {
    const { cosignedBy } = await served();
    expect(cosignedBy).not.toContain(forked.name);
    expect(forked.answers).toContain(409);
    expect(forked.answers).toContain(422);
    expect(forked.answers).not.toContain(200);
    expect(forked.latest.get(origin)).toEqual({ size: 1, root: Buffer.alloc(32, 5) });
  });

  it('refuses a WITNESSES setting that names no verifier key or no address', () => {
    expect(() => loadConfig({ WITNESSES: 'witness.test/w1@https://witness.test' })).toThrow('each witness is <verifier key>@<http(s) submission prefix>');
    expect(() => loadConfig({ WITNESSES: `${honest.vkey}@ftp://witness.test` })).toThrow('each witness is <verifier key>@<http(s) submission prefix>');
    expect(loadConfig({ WITNESSES: `${honest.vkey}@${honest.url}/` }).WITNESSES).toEqual([{ name: honest.name, publicKey: honest.publicKey, url: honest.url }]);
  });
});
