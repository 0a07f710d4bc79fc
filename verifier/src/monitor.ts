import type { SignedCheckpoint } from '@civitas/events/audit/checkpoint';
import { verifyConsistency } from '@civitas/events/audit/merkle';
import { openCheckpointNote } from '@civitas/events/audit/signed-note';

/**
 * `civitas-verify monitor <base url>`: what a Certificate Transparency monitor does, for one
 * Civitas log. It fetches the latest signed checkpoint (GET /api/audit/log/checkpoint, a C2SP
 * signed note), checks its signature with the key it was given, and proves it extends the last
 * checkpoint it kept (GET /api/audit/proofs/consistency); then it keeps the new one. A log that
 * shows this monitor another tree than before (a fork) or a smaller one (a rollback) is caught,
 * whatever else it shows everyone else.
 */

export const MONITOR_STATE_FORMAT = 'civitas-monitor/1';

/** What the monitor keeps between runs (a file of the operator's). */
export interface MonitorState {
  format: typeof MONITOR_STATE_FORMAT;
  baseUrl: string;
  publicKey: string;
  checkpoint: SignedCheckpoint;
}

export type MonitorOutcome =
  | { status: 'first' | 'same' | 'grew'; checkpoint: SignedCheckpoint; previous: SignedCheckpoint | null; message: string }
  | { status: 'fork' | 'rollback' | 'unsigned'; checkpoint: SignedCheckpoint | null; previous: SignedCheckpoint | null; message: string };

/** Answers the monitor cannot use (unreachable, not a checkpoint): exit 2, the state kept as it was. */
export class MonitorFetchError extends Error {}

type Fetch = (url: string) => Promise<Response>;

async function fetchText(fetcher: Fetch, url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetcher(url);
  } catch (error) {
    throw new MonitorFetchError(`cannot reach ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status !== 200) throw new MonitorFetchError(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** One round: the latest checkpoint, set beside the one kept (null on the first run). */
export async function monitorLog(options: { baseUrl: string; publicKey: string; previous: SignedCheckpoint | null; fetch?: Fetch }): Promise<MonitorOutcome> {
  const { publicKey, previous } = options;
  const fetcher = options.fetch ?? ((url: string) => fetch(url));
  const base = options.baseUrl.replace(/\/$/, '');
  const note = await fetchText(fetcher, `${base}/api/audit/log/checkpoint`);
  // The log names itself on the note's first line; the key it must verify with is the one given, and a kept checkpoint's origin must not change.
  const origin = previous?.origin ?? note.slice(0, note.indexOf('\n'));
  const checkpoint = openCheckpointNote(note, origin, publicKey);
  if (!checkpoint) {
    return { status: 'unsigned', checkpoint: null, previous, message: `the checkpoint is not a note of ${origin} signed by the key given` };
  }
  if (!previous) return { status: 'first', checkpoint, previous, message: `first checkpoint kept: ${checkpoint.treeSize} events` };
  if (checkpoint.treeSize < previous.treeSize) {
    return {
      status: 'rollback',
      checkpoint,
      previous,
      message: `ROLLBACK: the log now shows ${checkpoint.treeSize} events, fewer than the ${previous.treeSize} it signed on ${previous.timestamp}`,
    };
  }
  if (checkpoint.treeSize === previous.treeSize) {
    if (checkpoint.rootHash === previous.rootHash) return { status: 'same', checkpoint, previous, message: `unchanged: ${checkpoint.treeSize} events` };
    return { status: 'fork', checkpoint, previous, message: `FORK: two different trees of ${checkpoint.treeSize} events, both signed` };
  }
  const answer = await fetchText(fetcher, `${base}/api/audit/proofs/consistency?from=${previous.treeSize}&to=${checkpoint.treeSize}`);
  let proof: Buffer[];
  try {
    proof = (JSON.parse(answer) as { proof: string[] }).proof.map((hash) => Buffer.from(hash, 'base64'));
  } catch {
    throw new MonitorFetchError('the consistency proof is not one');
  }
  const b64 = (text: string) => Buffer.from(text, 'base64');
  if (!verifyConsistency(previous.treeSize, checkpoint.treeSize, b64(previous.rootHash), b64(checkpoint.rootHash), proof)) {
    return {
      status: 'fork',
      checkpoint,
      previous,
      message: `FORK: the log of ${checkpoint.treeSize} events does not extend the one of ${previous.treeSize} signed on ${previous.timestamp}`,
    };
  }
  return { status: 'grew', checkpoint, previous, message: `grew from ${previous.treeSize} to ${checkpoint.treeSize} events, proven consistent` };
}

/** Whether an outcome lets the monitor keep the new checkpoint (and exit 0). */
export const isHealthy = (outcome: MonitorOutcome): outcome is Extract<MonitorOutcome, { status: 'first' | 'same' | 'grew' }> =>
  outcome.status === 'first' || outcome.status === 'same' || outcome.status === 'grew';
