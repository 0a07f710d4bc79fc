import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { PgListener } from './pg-listener';
import type { Position } from '../position';

export const EVENTS_CHANNEL = 'civitas_events';
/** At most one NOTIFY per interval: each is a transaction of its own, and readers in this process are signalled directly. */
const NOTIFY_INTERVAL_MS = 5;

/**
 * Wakes readers after appends without a NOTIFY inside every append (that halves commit
 * throughput): appenders in this process signal directly; other processes hear one
 * coalesced NOTIFY sent after commit, at most one in flight at a time.
 */
export class AppendSignal {
  private readonly emitter = new EventEmitter();
  private highest: Position | null = null;
  private notifyInFlight: Promise<void> | null = null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private lastNotifyAt = 0;
  private notifyPending = false;
  private readonly listener: PgListener;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    connectionConfig: pg.ClientConfig,
  ) {
    this.emitter.setMaxListeners(0);
    this.listener = new PgListener(connectionConfig, EVENTS_CHANNEL, (position) => this.observe(position), {
      applicationName: 'civitas-events-listener',
      // Appends may have been missed while away: wake readers to look.
      onReconnect: () => this.emitter.emit('change'),
    });
  }

  /** Highest position this process knows to be committed (appended here or heard of). */
  get highestKnown(): Position | null {
    return this.highest;
  }

  appended(position: Position): void {
    this.observe(position);
    this.scheduleNotify();
  }

  onChange(listener: () => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** Starts LISTEN on first use; readers in other processes need it, local ones don't. */
  listen(): Promise<void> {
    return this.listener.start();
  }

  async close(): Promise<void> {
    // Deliver the last notice first: a process that appends and exits must still wake readers.
    if (this.notifyTimer) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
      this.sendNotify();
    }
    while (this.notifyInFlight) await this.notifyInFlight;
    this.closed = true;
    await this.listener.close();
    this.emitter.removeAllListeners();
  }

  private observe(position: Position): void {
    if (this.highest === null || position > this.highest) this.highest = position;
    this.emitter.emit('change');
  }

  private scheduleNotify(): void {
    if (this.closed) return;
    if (this.notifyInFlight) {
      this.notifyPending = true;
      return;
    }
    if (this.notifyTimer) return; // the timer sends the newest position when it fires
    const wait = this.lastNotifyAt + NOTIFY_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        this.sendNotify();
      }, wait);
      return;
    }
    this.sendNotify();
  }

  private sendNotify(): void {
    this.lastNotifyAt = Date.now();
    this.notifyInFlight = this.pool
      .query('select pg_notify($1, $2)', [EVENTS_CHANNEL, this.highest])
      .then(
        () => undefined,
        () => undefined,
      ) // readers still poll; a lost notice only delays them
      .finally(() => {
        this.notifyInFlight = null;
        if (this.notifyPending) {
          this.notifyPending = false;
          this.scheduleNotify();
        }
      });
  }
}
