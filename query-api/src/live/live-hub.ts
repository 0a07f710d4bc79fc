import type { WebSocket } from 'ws';

/** The limits of one process's live sockets; tests shrink them. */
export interface LiveLimits {
  /** Largest frame a client may send (bytes); ws closes the socket (1009) past it. */
  maxPayload: number;
  /** Open sockets per member on one process; the next one is closed at once. */
  socketsPerMember: number;
  /** How often each socket is pinged and its session checked again; a socket that missed the last ping is dropped. */
  pingIntervalMs: number;
  /** Bytes a socket may have waiting to be sent before it is dropped as too slow. */
  maxBufferedBytes: number;
}

export const LIVE_LIMITS: LiveLimits = {
  maxPayload: 64 * 1024,
  socketsPerMember: 8,
  pingIntervalMs: 25_000,
  maxBufferedBytes: 1024 * 1024,
};

// Close codes a client can tell apart (4000-4999 are the application's own).
export const CLOSE_SESSION_ENDED = { code: 4001, reason: 'Session ended' } as const;
export const CLOSE_TOO_MANY = { code: 4008, reason: 'Too many open connections' } as const;
export const CLOSE_SHUTDOWN = { code: 1001, reason: 'Server shutting down' } as const;

/** One open socket, with what decides which pushes it gets. */
export interface LiveClient {
  ws: WebSocket;
  userId: string;
  /** The Cookie header that carries its session (chat frames are posted with it). */
  cookie: string;
  /** sha256 of the token: the sessions table's key, for the re-check on each ping round. */
  sid: string;
  /** The name a sessions-ended notice gives this session. */
  tag: string;
  /** Groups the member is an active member of: personal groups are visible only to their members. */
  groups: Set<number>;
  /** Topics the client narrowed to with a subscribe frame; null: every topic it can see. */
  topics: Set<string> | null;
  /** Answered the last ping. */
  alive: boolean;
}

/** What a pushed frame is about, to tell which sockets may get it. */
export interface Audience {
  topicId: string | null;
  groupId: number;
  /** A personal group's: only its members see it. */
  personal: boolean;
}

/**
 * One process's open sockets. Sends are never awaited: a socket that does not read only fills
 * its own buffer, and past `maxBufferedBytes` it is dropped, so it cannot hold the others up.
 */
export class LiveHub {
  readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<string, Set<LiveClient>>();

  constructor(readonly limits: LiveLimits) {}

  /** False when the member already has as many sockets open as allowed (the caller closes this one). */
  add(client: LiveClient): boolean {
    const own = this.byUser.get(client.userId) ?? new Set<LiveClient>();
    if (own.size >= this.limits.socketsPerMember) return false;
    own.add(client);
    this.byUser.set(client.userId, own);
    this.clients.add(client);
    return true;
  }

  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    const own = this.byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) this.byUser.delete(client.userId);
  }

  ofUser(userId: string): ReadonlySet<LiveClient> {
    return this.byUser.get(userId) ?? new Set();
  }

  /** Sends one serialised frame to every socket that may see it, encoded once for all of them. */
  publish(frame: string, audience: Audience | null): void {
    const bytes = Buffer.from(frame);
    for (const client of this.clients) {
      if (audience && !mayReceive(client, audience)) continue;
      this.send(client, bytes);
    }
  }

  send(client: LiveClient, frame: string | Buffer): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    const bytes = typeof frame === 'string' ? Buffer.from(frame) : frame;
    if (client.ws.bufferedAmount + bytes.length > this.limits.maxBufferedBytes) {
      // It stopped reading: a close frame would wait behind what it has not read, so the connection goes.
      this.remove(client);
      client.ws.terminate();
      return;
    }
    // A text frame (JSON), from the shared buffer: never awaited, so no socket waits for another.
    client.ws.send(bytes, { binary: false });
  }

  close(client: LiveClient, { code, reason }: { code: number; reason: string }): void {
    this.remove(client);
    client.ws.close(code, reason);
  }

  closeAll(how: { code: number; reason: string }): void {
    for (const client of [...this.clients]) this.close(client, how);
  }
}

export function mayReceive(client: LiveClient, { topicId, groupId, personal }: Audience): boolean {
  if (personal && !client.groups.has(groupId)) return false;
  return client.topics === null || topicId === null || client.topics.has(topicId);
}
