import { PgListener, type Position } from '@civitas/events';
import { READ_MODELS_CHANNEL, READ_SCHEMA, decodeChangeNotice, readCheckpoints, schemaExists, type ChangeNotice } from '@civitas/service-kit/read-models';
import type { QueryExecutorProvider } from 'kysely';
import { EventEmitter } from 'node:events';
import type { ServiceRuntime } from '@civitas/service-kit';
import { ReplicaReplay } from './replica-replay';

/**
 * Knows how far each projection has got, from the projector's notices (and a slow poll in
 * case one is lost), so a query can wait until the read models it serves include a write.
 * Each notice is also passed on as it came ('notice'): the live sockets fan out from it.
 * Reading a replica, a notice heard on the primary counts only once the replica has replayed
 * it (`replay`); the poll reads the replica's own checkpoints.
 */
export class ProjectionWatcher extends EventEmitter<{ advanced: []; notice: [ChangeNotice] }> {
  private positions = new Map<string, Position>();
  private readonly listener: PgListener;
  private poller: NodeJS.Timeout | null = null;

  /** `connectionString` is the primary's (NOTIFY is delivered there only); `db` is where the read models are read. */
  constructor(
    connectionString: string,
    // Raw SQL only (checkpoints): any Kysely runs it.
    private readonly db: QueryExecutorProvider,
    private readonly pollIntervalMs = 1000,
    private readonly replay: ReplicaReplay | null = null,
  ) {
    super();
    this.setMaxListeners(0);
    this.listener = new PgListener({ connectionString }, READ_MODELS_CHANNEL, (payload) => this.onHeard(payload), {
      applicationName: 'civitas-query-listener',
    });
  }

  /** The watcher of a process's read models: on the replica of READ_DATABASE_URL when set. */
  static of(runtime: Pick<ServiceRuntime, 'databaseUrl' | 'db' | 'readDb' | 'readsReplica' | 'log'>, pollIntervalMs?: number): ProjectionWatcher {
    const replay = runtime.readsReplica
      ? new ReplicaReplay(runtime.db, runtime.readDb, (error) => runtime.log.warn({ err: error }, 'cannot tell how far the read replica has replayed'))
      : null;
    return new ProjectionWatcher(runtime.databaseUrl, runtime.readDb, pollIntervalMs, replay);
  }

  async start(): Promise<void> {
    await this.listener.start().catch(() => undefined); // it reconnects by itself; the poll covers the gap
    await this.reload().catch(() => undefined);
    this.poller = setInterval(() => this.reload().catch(() => undefined), this.pollIntervalMs);
    this.poller.unref();
  }

  /** True once every named projection has reached `position`; false after `timeoutMs`. */
  async waitFor(projections: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    const reached = () => projections.every((name) => (this.positions.get(name) ?? '') >= position);
    if (reached()) return true;
    return new Promise((resolve) => {
      const onAdvanced = () => {
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
        this.off('advanced', onAdvanced);
      };
      this.on('advanced', onAdvanced);
    });
  }

  async close(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.replay?.close();
    await this.listener.close();
  }

  private async reload(): Promise<void> {
    if (!(await schemaExists(this.db, READ_SCHEMA))) return;
    const stored = await readCheckpoints(this.db);
    for (const [name, position] of stored) this.advance(name, position);
    this.emit('advanced');
  }

  private advance(name: string, position: Position): void {
    const known = this.positions.get(name);
    if (known === undefined || position > known) this.positions.set(name, position);
  }

  private onHeard(payload: string): void {
    if (this.replay) this.replay.after(() => this.onNotice(payload));
    else this.onNotice(payload);
  }

  private onNotice(payload: string): void {
    const notice = decodeChangeNotice(payload);
    if (!notice) {
      // Not a notice this version can read: the checkpoints still say how far each projection has got.
      this.reload().catch(() => undefined);
      return;
    }
    if (notice.swapped) {
      // A rebuild swapped in fresh read models: positions may have moved either way.
      this.positions.clear();
      this.reload().catch(() => undefined);
      this.emit('notice', notice);
      return;
    }
    for (const name of notice.projections) this.advance(name, notice.position);
    this.emit('advanced');
    // After the positions moved: whoever pushes the change (live sockets) may be read at once.
    this.emit('notice', notice);
  }
}
