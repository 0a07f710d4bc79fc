import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_LIMITS } from '../src/connection-limits';
import { createHttpApp, type CivitasApp, type HttpAppOptions } from '../src/http-app';

const apps: CivitasApp[] = [];
const sockets: net.Socket[] = [];
const timers: NodeJS.Timeout[] = [];
// What a test opened goes even when it failed half-way, so a failure never holds the file up.
afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const app of apps.splice(0)) await app.close();
});

/** A listening app with one route that reads a body; an upgrade is answered 101 by hand, as /ws would. */
async function listening(options: Partial<HttpAppOptions>): Promise<number> {
  const app = await createHttpApp({ title: 'test', logLevel: 'silent', healthChecks: {}, ...options });
  app.post('/api/things', async (request) => ({ got: request.body }));
  app.get('/api/ping', async () => ({ ok: true }));
  app.server.on('upgrade', (_request, socket: net.Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('end', () => socket.end()); // as ws does when the client goes
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return (app.server.address() as net.AddressInfo).port;
}

/** A raw socket from `from`, its bytes received, and when it closed. */
function open(port: number, from = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** One GET on a connection of its own from `from`: its status, or 0 when the server shut the socket. */
async function statusOf(port: number, from: string): Promise<number> {
  const client = open(port, from);
  await client.connected;
  client.socket.write('GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  await client.closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(client.received())?.[1] ?? 0);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('request timeouts (issue 38, finding 10)', () => {
  it('are the documented defaults', () => {
    expect(HTTP_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
      timeoutCheckIntervalMs: 1_000,
      connectionsPerAddress: 256,
    });
  });

  const short = { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, timeoutCheckIntervalMs: 200 };

  /** Sends `head`, then `piece` every `everyMs` until the server shuts the socket: how long that took, and what it answered. */
  async function trickle(head: string, piece: string, everyMs: number): Promise<{ tookMs: number; received: string }> {
    const client = open(await listening({ limits: short }));
    await client.connected;
    const started = Date.now();
    client.socket.write(head);
    timers.push(setInterval(() => client.socket.writable && client.socket.write(piece), everyMs));
    return { tookMs: (await client.closed) - started, received: client.received() };
  }

  it('cut a body trickled a byte at a time once the whole request has taken longer than allowed', async () => {
    // Always busy (a byte every 250 ms, far inside any idle timeout), never done: only a deadline on the whole request ends it.
    const { tookMs, received } = await trickle(
      'POST /api/things HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      ' ',
      250,
    );
    expect(tookMs).toBeGreaterThanOrEqual(1_900);
    expect(tookMs).toBeLessThan(4_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cut headers that never end', async () => {
    const { tookMs } = await trickle('GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n', 200);
    expect(tookMs).toBeLessThan(2_500);
  });
});

describe('open connections per address (issue 38, finding 10)', () => {
  it('refuses sockets past the cap from one address, HTTP and upgraded alike, while other addresses are served', async () => {
    const port = await listening({ limits: { connectionsPerAddress: 3 } });
    const idle = [open(port), open(port)];
    const upgraded = open(port);
    await Promise.all([...idle, upgraded].map((client) => client.connected));
    upgraded.socket.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    await settle();
    expect(upgraded.received()).toMatch(/^HTTP\/1\.1 101/);

    // The fourth from 127.0.0.1 is shut before a byte is read; 127.0.0.2 (another member behind another address) is served.
    expect(await statusOf(port, '127.0.0.1')).toBe(0);
    expect(await statusOf(port, '127.0.0.2')).toBe(200);
    // A socket that closes frees its place.
    upgraded.socket.destroy();
    await upgraded.closed;
    await settle();
    expect(await statusOf(port, '127.0.0.1')).toBe(200);
    for (const client of idle) client.socket.destroy();
  });

  it('counts nothing behind the gateway, where every socket comes from it (its limit_conn caps addresses)', async () => {
    const port = await listening({ trustProxy: true, limits: { connectionsPerAddress: 1 } });
    const held = open(port);
    await held.connected;
    expect(await statusOf(port, '127.0.0.1')).toBe(200);
    held.socket.destroy();
  });
});
