import { verify } from 'node:crypto';
import { logKeyId, noteKeyId, publicKeyFromRaw, type SignedCheckpoint } from './checkpoint';

/**
 * Reading C2SP signed notes (c2sp.org/signed-note) and the checkpoints they carry
 * (c2sp.org/tlog-checkpoint): what a monitor fetches from GET /api/audit/log/checkpoint. Pure
 * (node:crypto only), for the verifier as well as the platform.
 */

export interface NoteSignature {
  name: string;
  /** The first four bytes of the decoded signature. */
  keyId: Buffer;
  signature: Buffer;
}

export interface SignedNote {
  /** The note's text, its final newline included. */
  text: string;
  signatures: NoteSignature[];
}

const SIGNATURE_LINE = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
const CONTROL = /[\u0000-\u0009\u000b-\u001f]/;
/** More signatures than any log and its witnesses would put on one note (the spec asks for at least 16). */
const MAX_SIGNATURES = 64;

/** A note's text and signature lines, or null when it is not a well-formed signed note. */
export function parseSignedNote(note: string): SignedNote | null {
  if (CONTROL.test(note) || !note.endsWith('\n')) return null;
  // The text ends at the last blank line: the signature lines follow it.
  const split = note.lastIndexOf('\n\n');
  if (split < 0) return null;
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  if (lines.length === 0 || lines.length > MAX_SIGNATURES) return null;
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    const match = SIGNATURE_LINE.exec(line);
    if (!match || match[1]!.includes('+')) return null;
    const bytes = Buffer.from(match[2]!, 'base64');
    if (bytes.length < 5) return null;
    signatures.push({ name: match[1]!, keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) });
  }
  return { text, signatures };
}

/**
 * Whether the note carries a valid signature of this key under this name. Signatures of other keys
 * are ignored; one that claims this key (its name and id) and fails, fails the note, as the spec asks.
 */
export function noteSignedBy(note: SignedNote, name: string, rawPublicKey: Uint8Array): boolean {
  const keyId = noteKeyId(name, rawPublicKey);
  const mine = note.signatures.filter((signature) => signature.name === name && signature.keyId.equals(keyId));
  if (mine.length === 0) return false;
  const key = publicKeyFromRaw(rawPublicKey);
  return mine.every((signature) => verify(null, Buffer.from(note.text, 'utf8'), key, signature.signature));
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * The checkpoint a signed note carries, when the log's key signed it under its origin: null for a
 * note that is malformed, of another origin, or not signed by that key. The fourth line, the one
 * extension line a Civitas checkpoint has, is the time it was signed.
 */
export function openCheckpointNote(note: string, origin: string, publicKey: Uint8Array | string): SignedCheckpoint | null {
  const raw = typeof publicKey === 'string' ? Buffer.from(publicKey, 'base64') : Buffer.from(publicKey);
  const parsed = parseSignedNote(note);
  if (!parsed || raw.length !== 32 || !noteSignedBy(parsed, origin, raw)) return null;
  const lines = parsed.text.slice(0, -1).split('\n');
  const [name, size, root, timestamp] = lines;
  if (lines.length !== 4 || name !== origin || !DECIMAL.test(size!) || Buffer.from(root!, 'base64').length !== 32 || Number.isNaN(Date.parse(timestamp!)))
    return null;
  const treeSize = Number(size);
  if (!Number.isSafeInteger(treeSize)) return null;
  const signature = parsed.signatures.find((entry) => entry.name === origin)!.signature.toString('base64');
  return { origin, treeSize, rootHash: root!, timestamp: timestamp!, keyId: logKeyId(raw), signature };
}
