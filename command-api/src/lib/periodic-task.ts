import type { DatabaseOutage } from '@civitas/service-kit/database';

const UNDEFINED_TABLE = '42P01';

export interface TaskLog {
  error(object: object, message: string): void;
}

/**
 * Runs a reactor's look for due work every interval, one run at a time. State lives in the
 * events, so a restart simply looks again and catches up on whatever fell due meanwhile.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly runOnce: () => Promise<void>,
    private readonly log: TaskLog,
    /** Told of connection failures instead of the log: an outage is one line, not one per tick. */
    private readonly outage?: Pick<DatabaseOutage, 'noticed'>,
  ) {}

  start(intervalMs: number): void {
    const tick = () => {
      this.running ??= this.runOnce()
        .catch((error) => {
          // Run apart, command-api may start before the projector has built the read models: nothing is due yet.
          if ((error as { code?: string }).code === UNDEFINED_TABLE || this.outage?.noticed(error)) return;
          this.log.error({ err: error }, `${this.name} failed; retrying next tick`);
        })
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
