import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { cosign, noteSignedBy, parseAddCheckpointBody, parseSignedNote, rawPublicKey, verifyConsistency, witnessVerifierKey } from '@civitas/events';

/**
 * A small witness following c2sp.org/tlog-witness, for tests of the platform's client: it trusts
 * one log key per origin, keeps the latest checkpoint it cosigned for each, and answers
 * add-checkpoint as the specification says (404 unknown origin, 403 no trusted signature, 400 old
 * size above the checkpoint's, 409 with text/x.tlog.size when the old size is not the one it holds or
 * the roots of one size differ, 422 when the consistency proof fails, 200 with its cosignature).
 * Each request is checked and recorded in one synchronous step, so two cannot interleave.
 */
export interface TestWitness {
  name: string;
  /** Its verifier key, as the platform's WITNESSES setting names it. */
  vkey: string;
  url: string;
  publicKey: Buffer;
  /** What it holds per origin (a test may set it, as a witness that saw another tree would hold). */
  latest: Map<string, { size: number; root: Buffer }>;
  /** Every answer's status, in order. */
  answers: number[];
  close(): Promise<void>;
}

export async function startTestWitness(name: string, logs: Record<string, Buffer>): Promise<TestWitness> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(privateKey);
  const latest = new Map<string, { size: number; root: Buffer }>();
  const answers: number[] = [];
  const answer = (status: number, body: string, type = 'text/plain; charset=utf-8') => ({ status, body, type });

  const addCheckpoint = (text: string) => {
    const request = parseAddCheckpointBody(text);
    const note = request && parseSignedNote(request.note);
    if (!request || !note) return answer(400, 'not an add-checkpoint request\n');
    const [origin, sizeLine, rootLine] = note.text.split('\n');
    const logKey = logs[origin!];
    if (!logKey) return answer(404, 'unknown log\n');
    if (!noteSignedBy(note, origin!, logKey)) return answer(403, 'no trusted signature\n');
    const size = Number(sizeLine);
    const root = Buffer.from(rootLine ?? '', 'base64');
    if (!/^(0|[1-9][0-9]*)$/.test(sizeLine ?? '') || root.length !== 32) return answer(400, 'not a checkpoint\n');
    if (request.oldSize > size) return answer(400, 'old size above the checkpoint\u2019s\n');
    const held = latest.get(origin!) ?? { size: 0, root: Buffer.alloc(0) };
    if (request.oldSize !== held.size) return answer(409, `${held.size}\n`, 'text/x.tlog.size');
    if (request.oldSize === 0) {
      if (request.proof.length > 0) return answer(422, 'a proof from size 0\n');
    } else if (request.oldSize === size) {
      if (!held.root.equals(root)) return answer(409, `${held.size}\n`, 'text/x.tlog.size');
    } else if (!verifyConsistency(held.size, size, held.root, root, request.proof)) {
      return answer(422, 'the consistency proof does not verify\n');
    }
    latest.set(origin!, { size, root });
    return answer(200, cosign(privateKey, name, publicKey, note.text, Math.floor(Date.now() / 1000)));
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, body, type } =
        request.method === 'POST' && request.url === '/add-checkpoint' ? addCheckpoint(Buffer.concat(chunks).toString('utf8')) : answer(404, 'not found\n');
      answers.push(status);
      response.writeHead(status, { 'content-type': type }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    name,
    vkey: witnessVerifierKey({ name, publicKey }),
    url: `http://127.0.0.1:${address.port}`,
    publicKey,
    latest,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
