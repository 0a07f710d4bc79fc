import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { publicKeyFromRaw } from './checkpoint';
import type { NoteSignature } from './signed-note';

/**
 * Witness cosignatures (c2sp.org/tlog-cosignature, Ed25519, type 0x04) and the body of a
 * tlog-witness add-checkpoint request (c2sp.org/tlog-witness): how the platform asks independent
 * witnesses to cosign its checkpoints, and how anyone checks what they signed. Pure (node:crypto only).
 */

/** A witness's key id: SHA-256(name || '\n' || 0x04 || public key)[:4]. */
export const cosignatureKeyId = (name: string, rawPublicKey: Uint8Array): Buffer =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([0x04]), rawPublicKey]))
    .digest()
    .subarray(0, 4);

/** What a cosignature signs: the header, the time, and the checkpoint's note text (its final newline included). */
export const cosignedMessage = (noteText: string, timestamp: number) => `cosignature/v1\ntime ${timestamp}\n${noteText}`;

/** A witness's signature line over a checkpoint's note text, at `timestamp` (POSIX seconds). */
export function cosign(key: KeyObject, name: string, rawPublicKey: Uint8Array, noteText: string, timestamp: number): string {
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(timestamp));
  const signature = sign(null, Buffer.from(cosignedMessage(noteText, timestamp), 'utf8'), key);
  return `\u2014 ${name} ${Buffer.concat([cosignatureKeyId(name, rawPublicKey), time, signature]).toString('base64')}\n`;
}

/** The time of a valid cosignature by this witness over the note text, or null (another key's, or not valid). */
export function cosignatureTime(signature: NoteSignature, name: string, rawPublicKey: Uint8Array, noteText: string): number | null {
  if (signature.name !== name || !signature.keyId.equals(cosignatureKeyId(name, rawPublicKey)) || signature.signature.length !== 72) return null;
  const timestamp = signature.signature.readBigUInt64BE(0);
  if (timestamp > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const message = Buffer.from(cosignedMessage(noteText, Number(timestamp)), 'utf8');
  return verify(null, message, publicKeyFromRaw(rawPublicKey), signature.signature.subarray(8)) ? Number(timestamp) : null;
}

/** A witness as a verifier key names it: `<name>+<key id hex>+<base64(0x04 || public key)>` (c2sp.org/signed-note, verifier keys). */
export interface WitnessKey {
  name: string;
  publicKey: Buffer;
}

export function parseWitnessKey(vkey: string): WitnessKey | null {
  // The key's base64 may hold '+' itself: the name and the id are the first two fields.
  const [name, keyId, ...keyParts] = vkey.split('+');
  const key = keyParts.join('+');
  if (!name || !keyId || !key || /\s/.test(name)) return null;
  const bytes = Buffer.from(key, 'base64');
  if (bytes.length !== 33 || bytes[0] !== 0x04) return null;
  const publicKey = bytes.subarray(1);
  return cosignatureKeyId(name, publicKey).toString('hex') === keyId ? { name, publicKey } : null;
}

export const witnessVerifierKey = ({ name, publicKey }: WitnessKey) =>
  `${name}+${cosignatureKeyId(name, publicKey).toString('hex')}+${Buffer.concat([Buffer.from([0x04]), publicKey]).toString('base64')}`;

/** The body of POST <submission prefix>/add-checkpoint: the old size, the consistency proof, a blank line, the signed note. */
export const addCheckpointBody = (oldSize: number, proof: readonly Uint8Array[], signedNote: string) =>
  `old ${oldSize}\n${proof.map((hash) => `${Buffer.from(hash).toString('base64')}\n`).join('')}\n${signedNote}`;

/** An add-checkpoint body read back, or null when it is not one (at most 63 proof lines). */
export function parseAddCheckpointBody(body: string): { oldSize: number; proof: Buffer[]; note: string } | null {
  const blank = body.indexOf('\n\n');
  if (blank < 0) return null;
  const [oldLine, ...proofLines] = body.slice(0, blank).split('\n');
  const old = /^old (0|[1-9][0-9]*)$/.exec(oldLine ?? '');
  if (!old || proofLines.length > 63 || !proofLines.every((line) => /^[A-Za-z0-9+/]{43}=$/.test(line))) return null;
  const oldSize = Number(old[1]);
  if (!Number.isSafeInteger(oldSize)) return null;
  return { oldSize, proof: proofLines.map((line) => Buffer.from(line, 'base64')), note: body.slice(blank + 2) };
}
