import WebSocket from 'ws';

export interface LiveFrame {
  type: string;
  data?: any;
  position?: string;
}

/** A ws client that keeps every frame it receives, for tests and the bench. */
export interface LiveSocket {
  ws: WebSocket;
  frames: LiveFrame[];
  /** The first frame (already received or to come) that `accept` takes. */
  next(accept: (frame: LiveFrame) => boolean, timeoutMs?: number): Promise<LiveFrame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens /ws with this Cookie header and Origin; rejects with the HTTP status of a refused upgrade. */
export function openLive(baseUrl: string, options: { cookie?: string; origin?: string }): Promise<LiveSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.origin ? { origin: options.origin } : {}),
  });
  const frames: LiveFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as LiveFrame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const socket: LiveSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(accept, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(accept);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((frame) => frame.type))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => reject(new RefusedUpgrade(response.statusCode ?? 0)));
    ws.once('error', reject);
  });
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}
