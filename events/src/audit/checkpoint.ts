import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Signed checkpoints of the event log (RFC 9162 signed tree heads) as C2SP signed notes
 * (c2sp.org/tlog-checkpoint, c2sp.org/signed-note): the note text `<origin>\n<treeSize>\n<rootHash
 * base64>\n<timestamp>\n` (the timestamp is the one extension line), Ed25519-signed. The origin is
 * the deployment's own (its PUBLIC_BASE_URL's host); checkpoints signed before it existed carry
 * `civitas-log`. Pure (node:crypto only), so the verifier checks them with the same code that signs them.
 */

/** The origin of checkpoints that name none (signed before origins were the deployment's). */
export const LOG_ORIGIN = 'civitas-log';
export const LOG_KEY_ALGORITHM = 'Ed25519';

export interface SignedCheckpoint {
  /** The log's name, the note's first line and its key name (absent: LOG_ORIGIN). */
  origin?: string;
  treeSize: number;
  /** Base64 of the 32-byte root. */
  rootHash: string;
  /** ISO time the checkpoint was signed. */
  timestamp: string;
  keyId: string;
  /** Base64 Ed25519 signature over `checkpointNote(...)`. */
  signature: string;
}

/** The exact text a checkpoint's signature covers: the signed note's text. */
export const checkpointNote = ({ origin, treeSize, rootHash, timestamp }: Pick<SignedCheckpoint, 'origin' | 'treeSize' | 'rootHash' | 'timestamp'>) =>
  `${origin ?? LOG_ORIGIN}\n${treeSize}\n${rootHash}\n${timestamp}\n`;

/** A log's origin from its public address: the host (a key name holds no spaces and no '+'). */
export const originOf = (publicBaseUrl: string): string => new URL(publicBaseUrl).host;

/** c2sp.org/signed-note: an Ed25519 key's id, SHA-256(key name || 0x0A || 0x01 || public key)[:4]. */
export const noteKeyId = (name: string, rawPublicKey: Uint8Array): Buffer =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([0x01]), rawPublicKey]))
    .digest()
    .subarray(0, 4);

/** The checkpoint as a signed note: its text, a blank line, and the log's signature line (the key name is the origin). */
export function checkpointSignedNote(checkpoint: SignedCheckpoint, publicKey: Uint8Array | string): string {
  const raw = typeof publicKey === 'string' ? Buffer.from(publicKey, 'base64') : Buffer.from(publicKey);
  const name = checkpoint.origin ?? LOG_ORIGIN;
  const signature = Buffer.concat([noteKeyId(name, raw), Buffer.from(checkpoint.signature, 'base64')]).toString('base64');
  return `${checkpointNote(checkpoint)}\n\u2014 ${name} ${signature}\n`;
}

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

export function signCheckpoint(key: KeyObject, head: { origin?: string; treeSize: number; rootHash: Uint8Array; timestamp: string }): SignedCheckpoint {
  const unsigned = {
    ...(head.origin && head.origin !== LOG_ORIGIN ? { origin: head.origin } : {}),
    treeSize: head.treeSize,
    rootHash: Buffer.from(head.rootHash).toString('base64'),
    timestamp: head.timestamp,
  };
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
