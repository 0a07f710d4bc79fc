/**
 * The live bench's clients, in a worker thread (bench/lib/live-load.ts) so 1,000 sockets' frames
 * are not parsed on the event loop of the servers they measure. Every time is this thread's
 * performance.now(): a message is timed from its sending here to its arrival here.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { PostgresEventStore, chatStream, createEventRegistry } from '@civitas/events';
import WebSocket from 'ws';

export interface ConnectJob {
  kind: 'connect';
  /** ws:// address of the live socket. */
  url: string;
  origin: string;
  /** One Cookie header per watching socket ('' for a server that needs none). */
  watchers: string[];
  /** One Cookie header per sending socket. */
  senders: string[];
  topicId: string;
}

/** Paced chat frames on the sender sockets, each timed until every watching socket has it. */
export interface LatencyJob {
  kind: 'latency';
  messages: number;
  intervalMs: number;
  /** A message not at every socket by then counts as incomplete. */
  giveUpMs: number;
}

/** As many messages as the path delivers, at most `window` not yet delivered to every socket. */
export interface ThroughputJob {
  kind: 'throughput';
  window: number;
  warmupMs: number;
  measureMs: number;
  /** 'frame': chat frames on the sender sockets; 'store': ChatMessagePosted appended to the event store, one per transaction, as the command appends it. */
  via: { kind: 'frame' } | { kind: 'store'; databaseUrl: string; groupId: number; userId: string };
}

export type LiveJob = ConnectJob | LatencyJob | ThroughputJob | { kind: 'close' };

export interface LatencyResult {
  /** Per message: sent → the last watching socket received it, ms. */
  toAll: number[];
  /** Per delivery: sent → that socket received it, ms. */
  perSocket: number[];
  /** Messages some socket never got within giveUpMs. */
  incomplete: number;
  errors: string[];
}

export interface ThroughputResult {
  /** Messages every watching socket received inside the measured window. */
  delivered: number;
  seconds: number;
  errors: string[];
}

interface Tracked {
  sentAt: number;
  count: number;
  done: (at: number) => void;
}

const connected: { watchers: WebSocket[]; senders: WebSocket[]; topicId: string } = { watchers: [], senders: [], topicId: '' };
const tracked = new Map<string, Tracked>();
const errors: string[] = [];
let perSocket: number[] | null = null;
let run = 0;

function open(url: string, origin: string, cookie: string, topicId: string, watching: boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, headers: cookie ? { cookie } : {} });
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'subscribe', data: { topicIds: [topicId] } }));
      resolve(ws);
    });
    ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    ws.once('error', reject);
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; data?: { message?: string } };
      if (frame.type === 'error') {
        if (errors.length < 5) errors.push(String((frame.data as { message?: string } | undefined)?.message));
        return;
      }
      if (!watching || frame.type !== 'chat' || !frame.data?.message) return;
      const message = tracked.get(frame.data.message);
      if (!message) return;
      const at = performance.now();
      perSocket?.push(at - message.sentAt);
      message.count += 1;
      if (message.count === connected.watchers.length) {
        tracked.delete(frame.data.message);
        message.done(at);
      }
    });
    ws.on('close', (code) => {
      if (code !== 1000 && code !== 1001 && errors.length < 5) errors.push(`socket closed ${code}`);
    });
  });
}

async function connect(job: ConnectJob): Promise<{ watchers: number; senders: number }> {
  connected.topicId = job.topicId;
  // A few dozen upgrades at a time: each one is a session lookup on the server.
  for (let index = 0; index < job.watchers.length; index += 50) {
    connected.watchers.push(
      ...(await Promise.all(job.watchers.slice(index, index + 50).map((cookie) => open(job.url, job.origin, cookie, job.topicId, true)))),
    );
  }
  connected.senders = await Promise.all(job.senders.map((cookie) => open(job.url, job.origin, cookie, job.topicId, false)));
  // Let the subscribe frames land before anything is timed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { watchers: connected.watchers.length, senders: connected.senders.length };
}

/** Starts tracking a message; resolves with the moment the last watching socket got it. */
function track(text: string, sentAt: number): Promise<number> {
  return new Promise((resolve) => tracked.set(text, { sentAt, count: 0, done: resolve }));
}

let sent = 0;
function sendFrame(text: string): void {
  const sender = connected.senders[sent++ % connected.senders.length]!;
  sender.send(JSON.stringify({ type: 'chat', data: { topicId: connected.topicId, message: text } }));
}

async function latency(job: LatencyJob): Promise<LatencyResult> {
  run += 1;
  perSocket = [];
  const toAll: number[] = [];
  let incomplete = 0;
  const waits: Array<Promise<void>> = [];
  for (let index = 0; index < job.messages; index += 1) {
    const text = `live bench ${run} latency ${index}`;
    const sentAt = performance.now();
    const delivered = track(text, sentAt);
    sendFrame(text);
    waits.push(
      Promise.race([
        delivered.then((at) => void toAll.push(at - sentAt)),
        new Promise<void>((resolve) =>
          setTimeout(() => {
            if (tracked.delete(text)) incomplete += 1;
            resolve();
          }, job.giveUpMs),
        ),
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, job.intervalMs));
  }
  await Promise.all(waits);
  const result = { toAll, perSocket, incomplete, errors: errors.splice(0) };
  perSocket = null;
  return result;
}

async function throughput(job: ThroughputJob): Promise<ThroughputResult> {
  run += 1;
  const store = job.via.kind === 'store' ? new PostgresEventStore({ connectionString: job.via.databaseUrl }) : null;
  const registry = createEventRegistry();
  const start = performance.now();
  const windowStart = start + job.warmupMs;
  const windowEnd = windowStart + job.measureMs;
  let delivered = 0;
  let index = 0;
  const send = async (text: string) => {
    if (job.via.kind === 'frame') return sendFrame(text);
    const data = { messageId: randomUUID(), topicId: connected.topicId, groupId: job.via.groupId, userId: job.via.userId, message: text };
    const { schemaVersion } = registry.prepare({ type: 'ChatMessagePosted', data });
    await store!.append(
      chatStream(connected.topicId, job.via.userId),
      [{ id: randomUUID(), type: 'ChatMessagePosted', data, metadata: { schemaVersion, time: new Date().toISOString(), actorId: job.via.userId } }],
      'any',
    );
  };
  // `window` loops, each sending its next message once the last one reached every socket.
  const loop = async () => {
    while (performance.now() < windowEnd) {
      const text = `live bench ${run} throughput ${index++}`;
      const delivered$ = track(text, performance.now());
      await send(text);
      const at = await Promise.race([delivered$, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000))]);
      if (Number.isNaN(at)) {
        tracked.delete(text);
        if (errors.length < 5) errors.push('a message did not reach every socket within 10 s');
        return;
      }
      if (at >= windowStart && at < windowEnd) delivered += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: job.window }, loop));
  } finally {
    await store?.close();
  }
  return { delivered, seconds: job.measureMs / 1000, errors: errors.splice(0) };
}

async function closeAll(): Promise<void> {
  for (const ws of [...connected.watchers, ...connected.senders]) ws.terminate();
  connected.watchers = [];
  connected.senders = [];
}

parentPort!.on('message', async ({ id, job }: { id: number; job: LiveJob }) => {
  try {
    const result =
      job.kind === 'connect'
        ? await connect(job)
        : job.kind === 'latency'
          ? await latency(job)
          : job.kind === 'throughput'
            ? await throughput(job)
            : await closeAll();
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
