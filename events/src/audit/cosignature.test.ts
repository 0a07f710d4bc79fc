import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawPublicKey } from './checkpoint';
import { addCheckpointBody, cosign, cosignatureKeyId, cosignatureTime, parseAddCheckpointBody, parseWitnessKey, witnessVerifierKey } from './cosignature';
import { parseSignedNote } from './signed-note';

describe('witness cosignatures (c2sp.org/tlog-cosignature) and add-checkpoint bodies (c2sp.org/tlog-witness)', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(privateKey);
  const text = 'civitas.example\n42\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n2026-12-02T10:00:00.000Z\n';

  it('signs "cosignature/v1", the time and the note text, with the key id of type 0x04 and the time in the signature', () => {
    const line = cosign(privateKey, 'witness.example/w1', publicKey, text, 1_764_669_600);
    const [signature] = parseSignedNote(`${text}\n${line}`)!.signatures;
    expect(signature!.keyId).toEqual(cosignatureKeyId('witness.example/w1', publicKey));
    expect(signature!.signature.readBigUInt64BE(0)).toBe(1_764_669_600n);
    expect(cosignatureTime(signature!, 'witness.example/w1', publicKey, text)).toBe(1_764_669_600);
    expect(cosignatureTime(signature!, 'witness.example/w1', publicKey, text.replace('42', '43'))).toBeNull();
    expect(cosignatureTime(signature!, 'witness.example/w2', publicKey, text)).toBeNull();
  });

  it('reads a verifier key back, a \u2018+\u2019 in its base64 included, and refuses one whose id does not match', () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const key = rawPublicKey(generateKeyPairSync('ed25519').privateKey);
      expect(parseWitnessKey(witnessVerifierKey({ name: 'witness.example/w1', publicKey: key }))).toEqual({ name: 'witness.example/w1', publicKey: key });
    }
    const vkey = witnessVerifierKey({ name: 'witness.example/w1', publicKey });
    expect(parseWitnessKey(vkey.replace('witness.example/w1', 'witness.example/w2'))).toBeNull();
  });

  it('writes and reads an add-checkpoint body: the old size, the proof lines, a blank line, the note', () => {
    const proof = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    const body = addCheckpointBody(20, proof, `${text}\n\u2014 civitas.example AAAA\n`);
    expect(body.startsWith(`old 20\n${proof[0]!.toString('base64')}\n${proof[1]!.toString('base64')}\n\ncivitas.example\n42\n`)).toBe(true);
    expect(parseAddCheckpointBody(body)).toEqual({ oldSize: 20, proof, note: `${text}\n\u2014 civitas.example AAAA\n` });
    expect(parseAddCheckpointBody(body.replace('old 20', 'old 020'))).toBeNull();
    expect(parseAddCheckpointBody(`old 0\n${'AAAA\n'}\n${text}`)).toBeNull();
  });
});
