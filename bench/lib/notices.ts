import type { ChangeNotice } from '@civitas/service-kit/read-models';
import pg from 'pg';
import { now } from './measure';

export interface Heard {
  payload: string;
  at: number;
}

/** A LISTEN connection that timestamps every notification on `channel` the moment it arrives. */
export class NoticeListener {
  readonly heard: Heard[] = [];
  private readonly client: pg.Client;
  private waiters: Array<() => void> = [];

  private constructor(
    connectionString: string,
    private readonly channel: string,
  ) {
    this.client = new pg.Client({ connectionString, application_name: 'civitas-bench-listener' });
    this.client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      this.heard.push({ payload: message.payload ?? '', at: now() });
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
    this.client.on('error', () => undefined);
  }

  static async open(connectionString: string, channel: string): Promise<NoticeListener> {
    const listener = new NoticeListener(connectionString, channel);
    await listener.client.connect();
    await listener.client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return listener;
  }

  /** Resolves true once `done()` holds after some notice, false after `timeoutMs`. */
  async until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = now() + timeoutMs;
    while (!done()) {
      const left = deadline - now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  /**
   * On the read models' channel: resolves true once a change notice names `position` or a later
   * one (the projector has committed it), at once for null, false after `timeoutMs`.
   */
  caughtUpTo(position: string | null, timeoutMs: number): Promise<boolean> {
    if (position === null) return Promise.resolve(true);
    const last = () => (JSON.parse(this.heard[this.heard.length - 1]!.payload) as ChangeNotice).position;
    return this.until(() => this.heard.length > 0 && last() >= position, timeoutMs);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
