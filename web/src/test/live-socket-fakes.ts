import { LiveSocket, type SocketLike } from '../lib/live-socket';

/** A WebSocket stand-in the test drives: open it, push server frames, read what the client sent. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  closedByClient = false;

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(frame: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  serverCloses(): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

/** A LiveSocket over fakes: `sockets` lists each connection it made, newest last. */
export function fakeLiveSocket(options: { random?: () => number } = {}) {
  const sockets: FakeSocket[] = [];
  const live = new LiveSocket({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: options.random ?? (() => 0.5),
  });
  const latest = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No connection made yet');
    return socket;
  };
  return { live, sockets, latest };
}

/** For whole-app tests: a socket that never connects, so pages read over HTTP only. */
export function offlineLiveSocket(): LiveSocket {
  return new LiveSocket({ connect: () => new FakeSocket() });
}
