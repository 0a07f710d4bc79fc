import { InclusionProofView, LOG_KEY_PATH, LogKeyView, type Receipt } from '@civitas/events/audit/merkle.contract';
import { areProofHashes } from '@civitas/events/audit/proof-hashes';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

/**
 * The member's receipt checked in the browser (issue #15 item 4): RFC 9162 inclusion of the leaf in
 * a signed checkpoint, with Web Crypto's SHA-256 and Ed25519, so the check trusts the server for
 * nothing but the bytes it sends. The algorithms are those of events/src/audit/merkle.ts
 * (verifyInclusion, verifyConsistency), which hash synchronously with node:crypto and so cannot run
 * here; Web Crypto only hashes asynchronously. Both ports are held to transparency-dev/merkle's
 * corpus, as the originals are (check-receipt.corpus.test.ts).
 */

export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function hashChildren(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  const joined = new Uint8Array(1 + left.length + right.length);
  joined[0] = 0x01;
  joined.set(left, 1);
  joined.set(right, 1 + left.length);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

/** RFC 9162 2.1.3.2: the root the proof leads to from the leaf, or null when the proof does not fit the tree. */
export async function rootFromInclusionProof(
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return null;
  if (!areProofHashes(leafHash, ...proof)) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await hashChildren(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await hashChildren(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

/**
 * RFC 9162 2.1.4.2 in the browser, as events/src/audit/merkle.ts verifyConsistency decides it: the
 * tree of `first` leaves is a prefix of the tree of `second`. Nothing is proven from size 0; equal
 * sizes need an empty proof and the same roots; every hash hashed is 32 bytes.
 */
export async function verifyConsistencyProof(
  first: number,
  second: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  proof: readonly Uint8Array[],
): Promise<boolean> {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first <= 0 || first > second) return false;
  if (first === second) return proof.length === 0 && sameBytes(firstHash, secondHash);
  if (!areProofHashes(firstHash, secondHash, ...proof) || proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstHash, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await hashChildren(c, fr);
      sr = await hashChildren(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = await hashChildren(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sameBytes(fr, firstHash) && sameBytes(sr, secondHash) && sn === 0;
}

/** The text a checkpoint's signature covers (events/src/audit/checkpoint.ts checkpointNote): its origin, or 'civitas-log' for one signed before origins. */
const checkpointNote = ({ origin, treeSize, rootHash, timestamp }: InclusionProofView['checkpoint']) =>
  `${origin ?? 'civitas-log'}\n${treeSize}\n${rootHash}\n${timestamp}\n`;

/** true/false from Ed25519 in Web Crypto; null when this browser has no Ed25519. */
export async function verifyCheckpointSignature(checkpoint: InclusionProofView['checkpoint'], publicKey: string): Promise<boolean | null> {
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', fromBase64(publicKey), { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') return null;
    return false;
  }
  try {
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, fromBase64(checkpoint.signature), new TextEncoder().encode(checkpointNote(checkpoint)));
  } catch {
    return false;
  }
}

export interface ReceiptCheck {
  proof: InclusionProofView;
  logKey: LogKeyView;
  /** The proof is about the receipt's leaf (same event, same leaf hash). */
  leafMatches: boolean;
  /** The leaf and the proof lead to the checkpoint's root. */
  rootMatches: boolean;
  /** The checkpoint carries the log key's signature; null when the browser cannot check Ed25519. */
  signatureValid: boolean | null;
}

export async function checkReceipt(receipt: Receipt, signal?: AbortSignal): Promise<ReceiptCheck> {
  const proofUrl = `/api/audit/proofs/inclusion?${new URLSearchParams({ eventId: receipt.eventId }).toString()}`;
  const [proofResponse, keyResponse] = await Promise.all([
    apiRequest('GET', proofUrl, undefined, { signal }),
    apiRequest('GET', LOG_KEY_PATH, undefined, { signal }),
  ]);
  const proof = await parseResponse(proofResponse, InclusionProofView, 'GET /api/audit/proofs/inclusion');
  const logKey = await parseResponse(keyResponse, LogKeyView, `GET ${LOG_KEY_PATH}`);
  const leafMatches = proof.eventId === receipt.eventId.toLowerCase() && proof.leafHash === receipt.leafHash;
  const root = await rootFromInclusionProof(proof.leafIndex, proof.treeSize, fromBase64(receipt.leafHash), proof.proof.map(fromBase64));
  const rootMatches = proof.treeSize === proof.checkpoint.treeSize && root !== null && toBase64(root) === proof.checkpoint.rootHash;
  const signatureValid = await verifyCheckpointSignature(proof.checkpoint, logKey.publicKey);
  return { proof, logKey, leafMatches, rootMatches, signatureValid };
}
