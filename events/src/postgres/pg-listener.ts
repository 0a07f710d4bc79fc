import pg from 'pg';
import { DATABASE_CONNECT_TIMEOUT_MS } from './connect-timeout';

/**
 * A LISTEN connection that comes back by itself: when the server or network drops it, it
 * reconnects after `retryMs` until closed. Notices sent while it was away are lost, so its
 * users also poll; this only keeps the fast path alive.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly options: { applicationName: string; retryMs?: number; onReconnect?: () => void },
  ) {}

  /** Resolves once listening; rejects if the first connection fails (it keeps retrying in the background). */
  start(): Promise<void> {
    this.starting ??= this.connect(false);
    return this.starting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS, ...this.connection, application_name: this.options.applicationName });
    client.on('notification', (message) => {
      if (message.payload) this.onPayload(message.payload);
    });
    client.on('error', () => undefined); // 'end' follows and schedules the reconnect
    client.on('end', () => {
      if (this.client === client) this.client = null;
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      if (!isReconnect) throw error;
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (isReconnect) this.options.onReconnect?.();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.client) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect(true).catch(() => undefined);
    }, this.options.retryMs ?? 1000);
    this.retry.unref();
  }
}
