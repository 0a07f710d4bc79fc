import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

/** How long a client may take, and how many sockets one address may hold (docs/decisions.md, Operations). */
export interface HttpLimits {
  /** From the first byte to the end of the headers. */
  headersTimeoutMs: number;
  /**
   * The whole request, body included. Long enough for a 5 MB verification document over a
   * 0.4 Mbit/s phone uplink (5.3 MB with the form's framing is 42 Mbit: 106 s), short enough
   * that a body trickled one byte at a time is cut.
   */
  requestTimeoutMs: number;
  /** An idle kept-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past those timeouts (its default, 30 s, would let them run up to twice as long). */
  timeoutCheckIntervalMs: number;
  /** Open sockets (HTTP and upgraded to /ws) per remote address; null: none (behind the gateway, which caps them). */
  connectionsPerAddress: number | null;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckIntervalMs: 1_000,
  connectionsPerAddress: 256,
};

/** Fastify's own options for the timeouts; the server options are passed to http.createServer. */
export function timeoutOptions(limits: HttpLimits): { requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.timeoutCheckIntervalMs },
  };
}

/**
 * Refuses a socket past `max` open ones from its address, before HTTP reads a byte of it: one
 * address cannot hold every socket the process can serve. Counted at the socket, so kept-alive
 * and upgraded (/ws) connections count as long as they are open.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
