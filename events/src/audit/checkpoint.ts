import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Signed checkpoints of the event log (RFC 9162 signed tree heads, written as a signed note):
 * Ed25519 over `civitas-log\n<treeSize>\n<rootHash base64>\n<timestamp>\n`. Pure (node:crypto
 * only), so the verifier checks them with the same code that signs them.
 */

export const LOG_ORIGIN = 'civitas-log';
export const LOG_KEY_ALGORITHM = 'Ed25519';

export interface SignedCheckpoint {
  treeSize: number;
  /** Base64 of the 32-byte root. */
  rootHash: string;
  /** ISO time the checkpoint was signed. */
  timestamp: string;
  keyId: string;
  /** Base64 Ed25519 signature over `checkpointNote(...)`. */
  signature: string;
}

/** The exact text a checkpoint's signature covers. */
export const checkpointNote = ({ treeSize, rootHash, timestamp }: Pick<SignedCheckpoint, 'treeSize' | 'rootHash' | 'timestamp'>) =>
  `${LOG_ORIGIN}\n${treeSize}\n${rootHash}\n${timestamp}\n`;

// DER prefixes that wrap a raw 32-byte Ed25519 seed (PKCS#8) or public key (SPKI).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The signing key from its 32-byte seed (what the database keeps, wrapped). */
export function signingKeyFromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key of a signing key. */
export const rawPublicKey = (key: KeyObject): Buffer => createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);

/** A public key from its raw 32 bytes (base64 or bytes). */
export function publicKeyFromRaw(raw: Uint8Array | string): KeyObject {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'base64') : Buffer.from(raw);
  if (bytes.length !== 32) throw new RangeError('an Ed25519 public key is 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
}

/** A key's id: the first 8 bytes of SHA-256 of its raw public key, in hex (names the key, proves nothing). */
export const logKeyId = (raw: Uint8Array): string => createHash('sha256').update(raw).digest().subarray(0, 8).toString('hex');

export function signCheckpoint(key: KeyObject, head: { treeSize: number; rootHash: Uint8Array; timestamp: string }): SignedCheckpoint {
  const unsigned = { treeSize: head.treeSize, rootHash: Buffer.from(head.rootHash).toString('base64'), timestamp: head.timestamp };
  const signature = sign(null, Buffer.from(checkpointNote(unsigned), 'utf8'), key).toString('base64');
  return { ...unsigned, keyId: logKeyId(rawPublicKey(key)), signature };
}

/** Whether the checkpoint was signed by this public key (raw 32 bytes, or base64 of them). */
export function verifyCheckpoint(checkpoint: SignedCheckpoint, publicKey: Uint8Array | string): boolean {
  try {
    const key = publicKeyFromRaw(publicKey);
    return verify(null, Buffer.from(checkpointNote(checkpoint), 'utf8'), key, Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    return false;
  }
}
