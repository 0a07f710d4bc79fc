import type { DatabaseOutage } from '@civitas/service-kit/database';
import { setTimeout as sleep } from 'node:timers/promises';
import { acquireLeaderLock } from '../lib/leader-lock';

/** undefined_table, invalid_schema_name: run apart, command-api may start before the projector has built the read models. */
const MISSING_READ_MODELS = new Set(['42P01', '3F000']);

export interface LeaderTaskOptions {
  name: string;
  connectionString: string;
  /** The advisory lock only one instance holds at a time. */
  lockKey: number;
  intervalMs: number;
  run(signal: AbortSignal): Promise<void>;
  log: { error(object: object, message: string): void };
  outage?: Pick<DatabaseOutage, 'noticed'>;
}

/**
 * Runs `run` every interval on one instance at a time (the one holding the lock). Its state lives
 * in the database, so a new leader, or this one after a failure, simply runs again and catches up.
 */
export class LeaderTask {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(private readonly options: LeaderTaskOptions) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { connectionString, lockKey, intervalMs } = this.options;
    while (!this.abort.signal.aborted) {
      const leadership = new AbortController();
      const lock = await acquireLeaderLock(connectionString, lockKey, this.abort.signal, () => leadership.abort());
      if (!lock) return;
      const signal = AbortSignal.any([this.abort.signal, leadership.signal]);
      try {
        while (!signal.aborted) {
          await this.options.run(signal).then(
            () => (this.failing = false),
            (error: unknown) => this.failed(error, signal),
          );
          await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
        }
      } finally {
        await lock.end().catch(() => undefined);
      }
    }
  }

  /** One line per spell of failures (a mail relay down for an hour is one line, not one per try). */
  private failed(error: unknown, signal: AbortSignal): void {
    if (signal.aborted || MISSING_READ_MODELS.has((error as { code?: string }).code ?? '') || this.options.outage?.noticed(error)) return;
    if (!this.failing) this.options.log.error({ err: error }, `${this.options.name} failed; retrying`);
    this.failing = true;
  }
}
