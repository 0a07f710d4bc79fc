import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { eventLeafHash, inclusionProof, memoryNodeSource, treeHash } from '@civitas/events/audit/merkle';
import { signCheckpoint } from '@civitas/events/audit/checkpoint';
import { rootFromInclusionProof, verifyCheckpointSignature } from './check-receipt';

// Leaves and proofs from the server's own module: the browser's check must agree with it.
const leaves = Array.from({ length: 11 }, (_, index) =>
  eventLeafHash({ stream: `vote-${index}`, version: 1, position: String(index), type: 'VoteCast', data: { index }, metadata: {} }),
);
const source = memoryNodeSource(leaves);
const root = treeHash(leaves.length, source);

describe('checking a receipt in the browser', () => {
  it('leads every leaf of an 11-leaf tree to the root with the server module\u2019s proofs', async () => {
    for (let index = 0; index < leaves.length; index += 1) {
      const proof = inclusionProof(index, leaves.length, source);
      const computed = await rootFromInclusionProof(index, leaves.length, leaves[index]!, proof);
      expect(Buffer.from(computed!).equals(root)).toBe(true);
    }
  });

  it('refuses another leaf, a flipped proof byte, and an index outside the tree', async () => {
    const proof = inclusionProof(4, leaves.length, source);
    const other = await rootFromInclusionProof(4, leaves.length, leaves[5]!, proof);
    expect(Buffer.from(other!).equals(root)).toBe(false);
    const flipped = proof.map((hash, index) => (index === 1 ? Buffer.from(hash.map((byte, at) => (at === 0 ? byte ^ 1 : byte))) : hash));
    expect(Buffer.from((await rootFromInclusionProof(4, leaves.length, leaves[4]!, flipped))!).equals(root)).toBe(false);
    expect(await rootFromInclusionProof(11, leaves.length, leaves[4]!, proof)).toBeNull();
  });

  it('refuses a receipt whose leaf hash gave bytes to the proof: the same concatenation, the same root', async () => {
    // A 3-leaf tree's root is H(1 || left subtree || last leaf); read as a 2-leaf tree with 16 bytes moved over.
    const three = memoryNodeSource(leaves.slice(0, 3));
    const left = Buffer.from(treeHash(2, memoryNodeSource(leaves.slice(0, 2))));
    const forgedLeaf = left.subarray(0, 16);
    const forgedProof = Buffer.concat([left.subarray(16), leaves[2]!]);
    expect(Buffer.from((await rootFromInclusionProof(0, 2, left, [leaves[2]!]))!).equals(treeHash(3, three))).toBe(true);
    expect(await rootFromInclusionProof(0, 2, forgedLeaf, [forgedProof])).toBeNull();
  });

  it('checks the checkpoint\u2019s Ed25519 signature with the log key, and refuses an edited checkpoint or another key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const checkpoint = signCheckpoint(privateKey, { treeSize: leaves.length, rootHash: root, timestamp: '2025-03-08T10:00:00.000Z' });
    expect(await verifyCheckpointSignature(checkpoint, raw)).toBe(true);
    expect(await verifyCheckpointSignature({ ...checkpoint, treeSize: 12 }, raw)).toBe(false);
    const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    expect(await verifyCheckpointSignature(checkpoint, otherKey)).toBe(false);
  });
});
