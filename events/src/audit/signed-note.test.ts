import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkpointSignedNote, noteKeyId, rawPublicKey, signCheckpoint, signingKeyFromSeed } from './checkpoint';
import { noteSignedBy, openCheckpointNote, parseSignedNote } from './signed-note';

// The example of Go's golang.org/x/mod/sumdb/note (the reference implementation of signed notes):
// the verifier key PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW and the note it signs.
const PETER = { name: 'PeterNeumann', keyId: 'c74f20a3', publicKey: Buffer.from('ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'base64').subarray(1) };
const PETER_NOTE =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";

describe('C2SP signed notes', () => {
  it('reads Go\u2019s reference note: the key id by the C2SP formula, the Ed25519 signature over the text', () => {
    expect(noteKeyId(PETER.name, PETER.publicKey).toString('hex')).toBe(PETER.keyId);
    const note = parseSignedNote(PETER_NOTE)!;
    expect(note.text).toBe("If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n");
    expect(noteSignedBy(note, PETER.name, PETER.publicKey)).toBe(true);
    expect(noteSignedBy(parseSignedNote(PETER_NOTE.replace('problem,', 'problem;'))!, PETER.name, PETER.publicKey)).toBe(false);
  });

  const key = signingKeyFromSeed(Buffer.alloc(32, 3));
  const publicKey = rawPublicKey(key);
  const checkpoint = signCheckpoint(key, { origin: 'civitas.example', treeSize: 42, rootHash: Buffer.alloc(32, 9), timestamp: '2026-12-02T10:00:00.000Z' });
  const note = checkpointSignedNote(checkpoint, publicKey);

  it('writes a checkpoint as a tlog-checkpoint note and reads it back, the time as its one extension line', () => {
    expect(note.startsWith(`civitas.example\n42\n${Buffer.alloc(32, 9).toString('base64')}\n2026-12-02T10:00:00.000Z\n\n\u2014 civitas.example `)).toBe(true);
    expect(openCheckpointNote(note, 'civitas.example', publicKey)).toEqual(checkpoint);
  });

  it('ignores another key\u2019s signature, and refuses a note whose signature claiming this key fails', () => {
    const witness = `${note}\u2014 witness.example ${Buffer.alloc(68, 1).toString('base64')}\n`;
    expect(openCheckpointNote(witness, 'civitas.example', publicKey)).toEqual(checkpoint);
    const line = note.slice(note.lastIndexOf('\u2014'));
    const forgedSignature = Buffer.from(line.split(' ')[2]!, 'base64');
    forgedSignature[10]! ^= 1;
    const twice = `${note}\u2014 civitas.example ${forgedSignature.toString('base64')}\n`;
    expect(openCheckpointNote(twice, 'civitas.example', publicKey)).toBeNull();
  });

  it('refuses what is not a signed note: control characters, no blank line, a bad signature line, a name with a plus', () => {
    for (const text of [
      note.replace('42', '4\u00072'),
      note.replace('\n\n', '\n'),
      `${note}not a signature\n`,
      note.replace(/\n$/, ''),
      note.replace(/\u2014 civitas\.example/, '\u2014 civitas+example'),
    ]) {
      expect(openCheckpointNote(text, 'civitas.example', publicKey), JSON.stringify(text.slice(0, 40))).toBeNull();
    }
    // Properly signed, but not a checkpoint: a size with a leading zero, a root that is not 32 bytes, no time line.
    const signedText = (text: string) =>
      `${text}\n\u2014 civitas.example ${Buffer.concat([noteKeyId('civitas.example', publicKey), sign(null, Buffer.from(text), key)]).toString('base64')}\n`;
    const root = Buffer.alloc(32, 9).toString('base64');
    for (const text of [
      `civitas.example\n042\n${root}\n2026-12-02T10:00:00.000Z\n`,
      `civitas.example\n42\n${Buffer.alloc(31).toString('base64')}\n2026-12-02T10:00:00.000Z\n`,
      `civitas.example\n42\n${root}\n`,
    ]) {
      expect(parseSignedNote(signedText(text))).not.toBeNull();
      expect(openCheckpointNote(signedText(text), 'civitas.example', publicKey)).toBeNull();
    }
  });
});
