import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  appendLeaves,
  canonicalJson,
  canonicalLeafText,
  consistencyProof,
  eventLeafHash,
  frontierNodes,
  hashChildren,
  hashLeaf,
  inclusionProof,
  memoryNodeSource,
  nodeKeyString,
  rangeHash,
  treeHash,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from './merkle';
import { checkpointNote, logKeyId, publicKeyFromRaw, rawPublicKey, signCheckpoint, signingKeyFromSeed, verifyCheckpoint } from './checkpoint';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** MTH straight from RFC 9162 2.1.1's recursive definition: the reference the incremental code must equal. */
function referenceMth(leaves: readonly Buffer[]): Hash {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return sha(Buffer.from([0]), leaves[0]!);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha(Buffer.from([1]), referenceMth(leaves.slice(0, k)), referenceMth(leaves.slice(k)));
}

const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`leaf ${i}`));
const flip = (hash: Uint8Array, byte = 0) => {
  const copy = Buffer.from(hash);
  copy[byte % copy.length]! ^= 0x01;
  return copy;
};

describe('canonical event bytes', () => {
  it('sorts keys at every depth, drops undefined and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: undefined }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"z":null}]},"b":1}');
  });

  it('gives the same bytes for a value and its jsonb round trip (keys reordered, text reformatted)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        const stored = JSON.parse(JSON.stringify(data)) as unknown;
        const event = { stream: 's', version: 1, position: 'p', type: 'T', data, metadata: { time: 't' } };
        expect(canonicalLeafText({ ...event, data: stored })).toEqual(canonicalLeafText(event));
      }),
    );
  });

  it('commits to stream, version, position, type, data and metadata', () => {
    const event = { stream: 'vote-1', version: 2, position: '0-1', type: 'VoteCast', data: { a: 1 }, metadata: { actorId: 'x' } };
    const hash = eventLeafHash(event);
    expect(hash).toEqual(hashLeaf(Buffer.from('{"data":{"a":1},"metadata":{"actorId":"x"},"position":"0-1","stream":"vote-1","type":"VoteCast","version":2}')));
    for (const changed of [
      { stream: 'vote-2' },
      { version: 3 },
      { position: '0-2' },
      { type: 'VoteRetracted' },
      { data: { a: 2 } },
      { metadata: { actorId: 'y' } },
    ]) {
      expect(eventLeafHash({ ...event, ...changed })).not.toEqual(hash);
    }
  });
});

describe('RFC 9162 Merkle tree', () => {
  it('has the RFC hashes for the empty tree, a leaf and a node', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashLeaf(Buffer.alloc(0))).toEqual(sha(Buffer.from([0])));
    expect(hashChildren(Buffer.from('a'), Buffer.from('b'))).toEqual(sha(Buffer.from([1]), Buffer.from('ab')));
  });

  it('builds incrementally to the tree hash of the recursive definition, at every size and in any batching', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 12 }), (batches) => {
        const leaves = leavesOf(batches.reduce((a, b) => a + b, 0)).map(hashLeaf);
        const stored = new Map<string, Hash>();
        let size = 0;
        for (const count of batches) {
          const frontier = new Map(frontierNodes(size).map((key) => [nodeKeyString(key), stored.get(nodeKeyString(key))!]));
          for (const node of appendLeaves(size, frontier, leaves.slice(size, size + count))) stored.set(nodeKeyString(node), node.hash);
          size += count;
          const source = (key: { level: number; index: number }) => stored.get(nodeKeyString(key));
          expect(treeHash(size, source)).toEqual(referenceMth(leavesOf(size)));
        }
      }),
    );
  });

  it('proves every leaf of every tree up to 70 leaves, and refuses a flipped byte or another index', () => {
    for (let n = 1; n <= 70; n += 1) {
      const leaves = leavesOf(n).map(hashLeaf);
      const source = memoryNodeSource(leaves);
      const root = treeHash(n, source);
      expect(root).toEqual(referenceMth(leavesOf(n)));
      for (let i = 0; i < n; i += 1) {
        const proof = inclusionProof(i, n, source);
        expect(verifyInclusion(i, n, leaves[i]!, proof, root)).toBe(true);
        expect(verifyInclusion(i, n, flip(leaves[i]!), proof, root)).toBe(false);
        expect(verifyInclusion(i, n, leaves[i]!, proof, flip(root, i))).toBe(false);
        if (proof.length > 0)
          expect(
            verifyInclusion(
              i,
              n,
              leaves[i]!,
              proof.map((p, j) => (j === i % proof.length ? flip(p, i) : p)),
              root,
            ),
          ).toBe(false);
        if (n > 1) expect(verifyInclusion((i + 1) % n, n, leaves[i]!, proof, root)).toBe(false);
      }
    }
  });

  it('holds consistency between any two sizes and refuses a flipped byte (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }), fc.nat(), (second, firstSeed, byte) => {
        const first = 1 + (firstSeed % second);
        const source = memoryNodeSource(leavesOf(second).map(hashLeaf));
        const [firstRoot, secondRoot] = [treeHash(first, source), treeHash(second, source)];
        const proof = consistencyProof(first, second, source);
        expect(verifyConsistency(first, second, firstRoot, secondRoot, proof)).toBe(true);
        if (first < second) {
          expect(verifyConsistency(first, second, flip(firstRoot, byte), secondRoot, proof)).toBe(false);
          expect(verifyConsistency(first, second, firstRoot, flip(secondRoot, byte), proof)).toBe(false);
          const index = byte % proof.length;
          expect(
            verifyConsistency(
              first,
              second,
              firstRoot,
              secondRoot,
              proof.map((p, j) => (j === index ? flip(p, byte) : p)),
            ),
          ).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses consistency with a tree that rewrote an early leaf', () => {
    const honest = memoryNodeSource(leavesOf(20).map(hashLeaf));
    const rewritten = leavesOf(20).map(hashLeaf);
    rewritten[3] = hashLeaf(Buffer.from('rewritten'));
    const forged = memoryNodeSource(rewritten);
    expect(verifyConsistency(8, 20, treeHash(8, honest), treeHash(20, forged), consistencyProof(8, 20, forged))).toBe(false);
  });

  // An attacker who holds a signed root shifts bytes between the hashes a proof is checked with:
  // SHA-256 sees the same concatenation, so only the 32-byte rule tells the forgery apart.
  it('refuses an inclusion proof whose bytes were moved between the leaf hash and a proof element', () => {
    const source = memoryNodeSource(leavesOf(3).map(hashLeaf));
    const root = treeHash(3, source);
    const [left, right] = [Buffer.from(rangeHash({ start: 0, end: 2 }, source)), Buffer.from(rangeHash({ start: 2, end: 3 }, source))];
    // The honest reading of the same bytes: the left subtree as a 'leaf' of a 2-leaf tree.
    expect(verifyInclusion(0, 2, left, [right], root)).toBe(true);
    const forgedLeaf = left.subarray(0, 16);
    const forgedProof = Buffer.concat([left.subarray(16), right]);
    expect(hashChildren(forgedLeaf, forgedProof)).toEqual(root);
    expect(verifyInclusion(0, 2, forgedLeaf, [forgedProof], root)).toBe(false);
    // Nor any hash one byte short or long, in any role.
    const leaves = leavesOf(8).map(hashLeaf);
    const eight = memoryNodeSource(leaves);
    const proof = inclusionProof(5, 8, eight);
    const [short, long] = [(hash: Uint8Array) => hash.subarray(0, 31), (hash: Uint8Array) => Buffer.concat([hash, Buffer.alloc(1)])];
    for (const resize of [short, long]) {
      expect(verifyInclusion(5, 8, resize(leaves[5]!), proof, treeHash(8, eight))).toBe(false);
      expect(verifyInclusion(5, 8, leaves[5]!, proof, resize(treeHash(8, eight)))).toBe(false);
      expect(verifyInclusion(5, 8, leaves[5]!, [...proof.slice(0, 2), resize(proof[2]!)], treeHash(8, eight))).toBe(false);
    }
  });

  it('refuses a consistency proof with a hash that is not 32 bytes, and any from the empty tree to a non-empty one', () => {
    const source = memoryNodeSource(leavesOf(20).map(hashLeaf));
    const [firstRoot, secondRoot] = [treeHash(7, source), treeHash(20, source)];
    const proof = consistencyProof(7, 20, source);
    expect(verifyConsistency(7, 20, firstRoot, secondRoot, proof)).toBe(true);
    expect(verifyConsistency(7, 20, firstRoot, secondRoot, [...proof.slice(0, -1), Buffer.concat([proof.at(-1)!, Buffer.alloc(1)])])).toBe(false);
    expect(verifyConsistency(7, 20, firstRoot.subarray(0, 31), secondRoot, proof)).toBe(false);
    expect(verifyConsistency(7, 20, firstRoot, Buffer.concat([secondRoot, Buffer.alloc(1)]), proof)).toBe(false);
    // Nothing to prove from size 0: refused with or without a proof, whatever root is claimed for it.
    expect(verifyConsistency(0, 20, EMPTY_ROOT, secondRoot, [])).toBe(false);
    expect(verifyConsistency(0, 20, EMPTY_ROOT, secondRoot, proof)).toBe(false);
    // Not even the empty tree against itself (transparency-dev/merkle's corpus refuses it too).
    expect(verifyConsistency(0, 0, EMPTY_ROOT, EMPTY_ROOT, [])).toBe(false);
    // Equal sizes: the same roots byte for byte and an empty proof, nothing hashed.
    expect(verifyConsistency(20, 20, secondRoot, secondRoot, [])).toBe(true);
    expect(verifyConsistency(20, 20, secondRoot, secondRoot, [proof[0]!])).toBe(false);
  });
});

describe('signed checkpoints', () => {
  const seed = randomBytes(32);
  const key = signingKeyFromSeed(seed);
  const head = { treeSize: 7, rootHash: sha(Buffer.from('root')), timestamp: '2026-03-01T10:00:00.000Z' };

  it('signs the signed-note text and verifies with the raw public key only', () => {
    const checkpoint = signCheckpoint(key, head);
    expect(checkpointNote(checkpoint)).toBe(`civitas-log\n7\n${head.rootHash.toString('base64')}\n2026-03-01T10:00:00.000Z\n`);
    const publicKey = rawPublicKey(key);
    expect(publicKey).toHaveLength(32);
    expect(checkpoint.keyId).toBe(logKeyId(publicKey));
    expect(verifyCheckpoint(checkpoint, publicKey.toString('base64'))).toBe(true);
    expect(publicKeyFromRaw(publicKey).asymmetricKeyType).toBe('ed25519');
  });

  it('refuses an edited size, root, time or signature, and another log\u2019s key', () => {
    const checkpoint = signCheckpoint(key, head);
    const publicKey = rawPublicKey(key);
    expect(verifyCheckpoint({ ...checkpoint, treeSize: 8 }, publicKey)).toBe(false);
    expect(verifyCheckpoint({ ...checkpoint, rootHash: flip(head.rootHash).toString('base64') }, publicKey)).toBe(false);
    expect(verifyCheckpoint({ ...checkpoint, timestamp: '2026-03-01T10:00:01.000Z' }, publicKey)).toBe(false);
    expect(verifyCheckpoint({ ...checkpoint, signature: flip(Buffer.from(checkpoint.signature, 'base64'), 5).toString('base64') }, publicKey)).toBe(false);
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(verifyCheckpoint(signCheckpoint(other, head), publicKey)).toBe(false);
  });

  it('derives the same key from the same seed', () => {
    expect(rawPublicKey(signingKeyFromSeed(seed))).toEqual(rawPublicKey(key));
  });
});
