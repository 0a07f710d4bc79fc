// The live socket (docs/product.md, Calls): one connection to /ws per tab, authenticated by the session
// cookie. It carries chat both ways and the server's change notices (opinions, candidates, topic
// stats, statsUpdate), each with the position of the change; the position is remembered
// (read-position) before anyone hears of the frame, so the refetch it triggers waits until the
// query side has projected that change instead of reading the old rows.

import { LiveServerFrame, type ChatClientFrame } from '@civitas/events/chat/chat.contract';
import { recordPosition } from './read-position';

export type { LiveServerFrame, ChatClientFrame };

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface LiveSocketOptions {
  /** Makes the connection; the browser's WebSocket to /ws on this host by default. */
  connect?: () => SocketLike;
  /** In [0, 1): the jitter of the reconnect delay. */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const RECONNECT_BASE_DELAY_MS = 500;
export const RECONNECT_MAX_DELAY_MS = 30_000;

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws`;
}

export class LiveSocket {
  private socket: SocketLike | null = null;
  private wanted = false;
  private failures = 0;
  private hasOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private currentStatus: LiveStatus = 'idle';
  private readonly frameListeners = new Set<(frame: LiveServerFrame) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  private readonly connectSocket: () => SocketLike;
  private readonly random: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(options: LiveSocketOptions = {}) {
    this.connectSocket = options.connect ?? (() => new WebSocket(liveUrl()));
    this.random = options.random ?? Math.random;
    this.baseDelayMs = options.baseDelayMs ?? RECONNECT_BASE_DELAY_MS;
    this.maxDelayMs = options.maxDelayMs ?? RECONNECT_MAX_DELAY_MS;
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN && this.currentStatus === 'open';
  }

  /** Connects (once: further calls while wanted do nothing) and keeps reconnecting until stop(). */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.open();
  }

  /** Closes for good (signed out, or a test's end); frames and reconnects stop. */
  stop(): void {
    this.wanted = false;
    this.hasOpened = false;
    this.failures = 0;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(1000, 'done');
    }
    this.setStatus('idle');
  }

  /** Sends when the socket is open; false otherwise, so the caller can take the REST way. */
  send(frame: ChatClientFrame): boolean {
    if (!this.isOpen || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  onFrame(listener: (frame: LiveServerFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Called when the socket opens again after a loss: what was missed meanwhile must be read again. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Full jitter over an exponential ceiling: many tabs that lost one server do not return in step. */
  reconnectDelayMs(failures: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.max(0, failures - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private open(): void {
    this.retryTimer = null;
    if (!this.wanted) return;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.connectSocket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.failures = 0;
      const reopened = this.hasOpened;
      this.hasOpened = true;
      this.setStatus('open');
      if (reopened) for (const listener of [...this.reconnectListeners]) listener();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
    // An error is always followed by close, which reconnects.
    socket.onerror = () => {};
  }

  private scheduleReconnect(): void {
    if (!this.wanted) return;
    this.setStatus('closed');
    this.failures += 1;
    this.retryTimer = setTimeout(() => this.open(), this.reconnectDelayMs(this.failures));
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const frame = LiveServerFrame.safeParse(parsed);
    // A frame this build does not know (a newer server) is left alone.
    if (!frame.success) return;
    if ('position' in frame.data) recordPosition(frame.data.position);
    for (const listener of [...this.frameListeners]) listener(frame.data);
  }
}

/** The tab's one connection; the app shell starts it while a member is signed in. */
export const liveSocket = new LiveSocket();
