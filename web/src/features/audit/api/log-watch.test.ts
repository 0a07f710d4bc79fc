import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { consistencyProof, eventLeafHash, memoryNodeSource, treeHash } from '@civitas/events/audit/merkle';
import { rawPublicKey, signCheckpoint } from '@civitas/events/audit/checkpoint';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { watchLog } from './log-watch';

// A log of 12 leaves in memory, signed as the platform signs it; the server answers from it.
const leaves = Array.from({ length: 12 }, (_, index) =>
  eventLeafHash({ stream: `vote-${index}`, version: 1, position: String(index), type: 'VoteCast', data: { index }, metadata: {} }),
);
const source = memoryNodeSource(leaves);
const { privateKey } = generateKeyPairSync('ed25519');
const publicKey = rawPublicKey(privateKey).toString('base64');
const signed = (treeSize: number, rootHash = treeHash(treeSize, source)) =>
  signCheckpoint(privateKey, { origin: 'civitas.test', treeSize, rootHash, timestamp: `2026-12-02T10:00:${String(treeSize).padStart(2, '0')}.000Z` });

/** The server: its latest checkpoint, its key, and consistency proofs from its own tree. */
function serve(latest: ReturnType<typeof signed>, key = publicKey) {
  return mockFetch(({ url }) => {
    if (url === '/api/audit/checkpoints') return jsonResponse({ latest });
    if (url === '/.well-known/civitas-log-key') return jsonResponse({ algorithm: 'Ed25519', publicKey: key, keyId: '0123456789abcdef' });
    const match = /^\/api\/audit\/proofs\/consistency\?from=(\d+)&to=(\d+)$/.exec(url);
    if (match) {
      const [from, to] = [Number(match[1]), Number(match[2])];
      return jsonResponse({ from, to, proof: consistencyProof(from, to, source).map((hash) => hash.toString('base64')) });
    }
    return undefined;
  });
}
const kept = () => JSON.parse(localStorage.getItem('civitas.log-checkpoint')!) as { checkpoint: { treeSize: number } };

describe('the log watch: each visit, the latest checkpoint against the one this browser kept', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the first checkpoint, then each that extends it, proven by the server\u2019s consistency proof', async () => {
    serve(signed(5));
    expect(await watchLog()).toEqual({ status: 'first' });
    serve(signed(5));
    expect(await watchLog()).toEqual({ status: 'same' });
    serve(signed(12));
    expect(await watchLog()).toEqual({ status: 'grew' });
    expect(kept().checkpoint.treeSize).toBe(12);
  });

  it('warns of a fork (another root for a size it saw, or a tree that does not extend it) and keeps what it saw', async () => {
    serve(signed(5));
    await watchLog();
    const forked = signed(5, Buffer.alloc(32, 1));
    serve(forked);
    expect(await watchLog()).toMatchObject({ status: 'fork', seen: { treeSize: 5 }, shown: forked });
    // A later tree whose root no proof from the kept one reaches, though the server's key signed it.
    serve(signed(12, Buffer.alloc(32, 2)));
    expect(await watchLog()).toMatchObject({ status: 'fork', seen: { treeSize: 5 } });
    expect(kept().checkpoint.treeSize).toBe(5);
  });

  it('warns of a rollback, a changed key and a signature that does not verify', async () => {
    serve(signed(12));
    await watchLog();
    serve(signed(5));
    expect(await watchLog()).toMatchObject({ status: 'rollback', seen: { treeSize: 12 }, shown: { treeSize: 5 } });
    const other = rawPublicKey(generateKeyPairSync('ed25519').privateKey).toString('base64');
    serve(signed(12), other);
    expect(await watchLog()).toMatchObject({ status: 'keyChanged' });
    serve({ ...signed(12), signature: signed(11).signature });
    expect(await watchLog()).toMatchObject({ status: 'unsigned' });
  });
});
