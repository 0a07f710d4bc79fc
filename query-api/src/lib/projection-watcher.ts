import type { Position } from '@civitas/events';
import { READ_MODELS_CHANNEL, readCheckpoints, schemaExists, type ChangeNotice } from '@civitas/projector';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { EventEmitter } from 'node:events';

/**
 * Knows how far each projection has got, from the projector's notices (and a slow poll in
 * case one is lost), so a query can wait until the read models it serves include a write.
 */
export class ProjectionWatcher extends EventEmitter<{ notice: [ChangeNotice] }> {
  private positions = new Map<string, Position>();
  private listener: pg.Client | null = null;
  private poller: NodeJS.Timeout | null = null;
  private ready = false;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<any>,
    private readonly pollIntervalMs = 1000,
  ) {
    super();
    this.setMaxListeners(0);
  }

  get isReady(): boolean {
    return this.ready;
  }

  positionOf(projection: string): Position | undefined {
    return this.positions.get(projection);
  }

  async start(): Promise<void> {
    await this.listen().catch(() => undefined);
    await this.reload().catch(() => undefined);
    this.poller = setInterval(() => {
      if (!this.listener) this.listen().catch(() => undefined);
      this.reload().catch(() => undefined);
    }, this.pollIntervalMs);
    this.poller.unref();
  }

  /** True once every named projection has reached `position`; false after `timeoutMs`. */
  async waitFor(projections: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    const reached = () => projections.every((name) => (this.positions.get(name) ?? '') >= position);
    if (reached()) return true;
    return new Promise((resolve) => {
      const onNotice = () => {
        if (!reached()) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(reached());
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.off('notice', onNotice);
      };
      this.on('notice', onNotice);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  private async reload(): Promise<void> {
    if (!(await schemaExists(this.db, 'read_model'))) {
      this.ready = false;
      return;
    }
    const stored = await readCheckpoints(this.db);
    for (const [name, position] of stored) this.advance(name, position);
    this.ready = true;
    this.emit('notice', { position: '', projections: [...stored.keys()], changes: {} });
  }

  private advance(name: string, position: Position): void {
    const known = this.positions.get(name);
    if (known === undefined || position > known) this.positions.set(name, position);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'civitas-query-listener' });
    client.on('error', () => {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
    });
    client.on('notification', (message) => {
      if (!message.payload) return;
      const notice = JSON.parse(message.payload) as ChangeNotice;
      if (notice.swapped) {
        // A rebuild swapped in fresh read models: positions may have moved either way.
        this.positions.clear();
        this.reload().catch(() => undefined);
        return;
      }
      for (const name of notice.projections) this.advance(name, notice.position);
      this.emit('notice', notice);
    });
    await client.connect();
    await client.query(`listen ${READ_MODELS_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }
}
