import { sql, type QueryExecutorProvider } from 'kysely';

// Replication on one network replays in about a millisecond; back off to a few polls a second when it lags.
const POLL_DELAYS_MS = [0, 1, 2, 5, 10, 20];
const MAX_POLL_DELAY_MS = 50;
const RETRY_AFTER_FAILURE_MS = 250;

/**
 * Holds work back until a streaming replica has replayed what the primary had committed when the
 * work was queued. NOTIFY is sent by the primary at commit and is never delivered on a standby, so
 * query-api hears the projector's notices on the primary and reads their rows from the replica only
 * once the replica has replayed past the primary's WAL position (taken after the notice arrived, so
 * at or past the notice's commit). A WAL position, not the notice's event position: a rebuild's swap
 * and a parked event's retry change rows without moving a checkpoint forward.
 *
 * Work runs in the order it was queued; everything queued while the primary's position is asked
 * shares one round trip to each server.
 */
export class ReplicaReplay {
  private queue: Array<() => void> = [];
  private draining = false;
  private closed = false;

  constructor(
    // Raw SQL only (WAL positions): any Kysely runs it.
    private readonly primary: QueryExecutorProvider,
    private readonly replica: QueryExecutorProvider,
    private readonly onFailure: (error: unknown) => void = () => undefined,
  ) {}

  /** Runs `work` once the replica has replayed every commit the primary has made by now. */
  after(work: () => void): void {
    if (this.closed) return;
    this.queue.push(work);
    if (!this.draining) void this.drain();
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0 && !this.closed) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.replayed(await this.primaryPosition());
      } catch (error) {
        // The replica or the primary is unreachable: try again with this batch first (the watcher's poll covers reads meanwhile).
        this.onFailure(error);
        this.queue = [...batch, ...this.queue];
        await pause(RETRY_AFTER_FAILURE_MS);
        continue;
      }
      if (this.closed) break;
      for (const work of batch) work();
    }
    this.draining = false;
  }

  private async primaryPosition(): Promise<string> {
    // The insert position, not the written one: the projector commits with synchronous_commit off, so its
    // commit record may still sit in WAL buffers (the standby receives it once the WAL writer flushes).
    const result = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(this.primary);
    return result.rows[0]!.lsn;
  }

  /** Resolves once the replica has replayed `lsn`, or at once when it is no standby (promoted, or the primary itself). */
  private async replayed(lsn: string): Promise<void> {
    for (let attempt = 0; !this.closed; attempt += 1) {
      await pause(POLL_DELAYS_MS[attempt] ?? MAX_POLL_DELAY_MS);
      const result = await sql<{ replayed: boolean }>`
        select not pg_is_in_recovery() or coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as replayed`.execute(this.replica);
      if (result.rows[0]?.replayed) return;
    }
  }
}

const pause = (ms: number) => (ms === 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms)));
