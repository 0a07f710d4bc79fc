import type { SubscriptionPaymentsTable, UsersTable } from '@civitas/projector';
import type { Kysely } from 'kysely';
import type { SubscriptionService } from './subscription-service';

const UNDEFINED_TABLE = '42P01';

interface SchedulerLog {
  error(object: object, message: string): void;
}

/**
 * Finds due work in the read models and issues idempotent commands: subscriptions whose
 * period ended expire, and a paid payment that was never turned into access (a crash between
 * the two appends) is applied. State lives in the events, so a restart simply looks again and
 * catches up on whatever fell due while it was down; the deciders never act twice.
 */
export class SubscriptionScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly readModels: Kysely<{ users: UsersTable; subscription_payments: SubscriptionPaymentsTable }>,
    private readonly subscriptions: SubscriptionService,
    private readonly now: () => Date,
    private readonly log: SchedulerLog,
  ) {}

  start(intervalMs: number): void {
    const tick = () => {
      this.running ??= this.runOnce()
        .catch((error) => {
          // Run apart, command-api may start before the projector has built the read models: nothing is due yet.
          if ((error as { code?: string }).code === UNDEFINED_TABLE) return;
          this.log.error({ err: error }, 'subscription scheduler failed; retrying next tick');
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

  async runOnce(): Promise<void> {
    const now = this.now();
    const due = await this.readModels.selectFrom('users').select('id')
      .where('subscription_status', 'in', ['active', 'cancelled']).where('subscription_end_date', '<=', now).execute();
    for (const { id } of due) await this.subscriptions.expire(id);

    // Give the normal path a moment before repairing: it applies payments right after marking them paid.
    const stranded = await this.readModels.selectFrom('subscription_payments').select('id')
      .where('status', '=', 'paid').where('applied', '=', false).where('payment_date', '<=', new Date(now.getTime() - 30_000)).execute();
    for (const { id } of stranded) await this.subscriptions.applyPaidPayment(await this.subscriptions.loadPayment(id));
  }
}
