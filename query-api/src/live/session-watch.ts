import { PgListener } from '@civitas/events';
import { SESSIONS_CHANNEL, decodeSessionsEnded } from '@civitas/service-kit/session-events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { DatabaseOutage } from '@civitas/service-kit/database';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { CLOSE_SESSION_ENDED, type LiveHub } from './live-hub';
import { reloadGroups } from './memberships';

/**
 * Keeps the sockets honest about their sessions: a logout anywhere closes its sockets on every
 * process at once (the sessions channel), and each ping round drops sockets that did not answer
 * the last ping and those whose session expired or was ended without a notice.
 */
export class SessionWatch {
  private readonly listener: PgListener;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();

  constructor(
    connectionString: string,
    // Raw SQL only (sessions, sessions.migrations.ts): any Kysely runs it.
    private readonly db: QueryExecutorProvider,
    private readonly readModels: Kysely<ReadModels>,
    private readonly hub: LiveHub,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly outage?: Pick<DatabaseOutage, 'noticed'>,
  ) {
    this.listener = new PgListener({ connectionString }, SESSIONS_CHANNEL, (payload) => this.onEnded(payload), {
      applicationName: 'civitas-sessions-listener',
    });
  }

  async start(): Promise<void> {
    await this.listener.start().catch(() => undefined); // it reconnects by itself; the ping rounds cover the gap
    this.timer = setInterval(() => {
      this.round = this.round
        .then(() => this.pingRound())
        .catch((error: unknown) => {
          // The sockets stay open while the database is away; the next round checks their sessions again.
          if (!this.outage?.noticed(error)) this.log.warn({ err: error }, 'live ping round failed');
        });
    }, this.hub.limits.pingIntervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.listener.close();
    await this.round;
  }

  private onEnded(payload: string): void {
    const ended = decodeSessionsEnded(payload);
    if (!ended) return;
    const tags = new Set(ended.sessions);
    const users = new Set(ended.users);
    for (const client of [...this.hub.clients]) {
      if (tags.has(client.tag) || users.has(client.userId)) this.hub.close(client, CLOSE_SESSION_ENDED);
    }
  }

  /** Pings every socket, drops the ones that missed the last ping, and checks every session again. */
  async pingRound(): Promise<void> {
    for (const client of [...this.hub.clients]) {
      if (!client.alive) {
        this.hub.remove(client);
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
    const clients = [...this.hub.clients];
    if (clients.length === 0) return;
    // Read only: an open socket is no reason to keep a session from its idle timeout.
    const sids = [...new Set(clients.map((client) => client.sid))];
    const live = await sql<{ sid: string }>`select sid from sessions where sid = any(${sids}) and expire > ${this.now()}`.execute(this.db);
    const open = new Set(live.rows.map((row) => row.sid));
    for (const client of clients) if (!open.has(client.sid)) this.hub.close(client, CLOSE_SESSION_ENDED);
    await reloadGroups(this.readModels, [...this.hub.clients]);
  }
}
