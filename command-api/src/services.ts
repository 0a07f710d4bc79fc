import type { EventRegistry, EventStore } from '@civitas/events';
import type { SubscriptionPaymentsTable, UsersTable } from '@civitas/projector';
import type { Config } from '@civitas/service-kit/config';
import type { Kysely } from 'kysely';
import { createSessionAuth } from '@civitas/service-kit/session-auth';
import { seedGroupCatalogue } from './groups/seed-catalogue';
import { IdentityService } from './identity/identity-service';
import { MoyasarClient } from './subscriptions/moyasar/moyasar-client';
import { SubscriptionScheduler } from './subscriptions/subscription-scheduler';
import { SubscriptionService } from './subscriptions/subscription-service';

export interface CommandServiceDependencies {
  store: EventStore;
  registry: EventRegistry;
  config: Config;
  /** The platform database (sessions). */
  db: Kysely<any>;
  /** The read models (schema-bound), for reactors that look for due work. */
  readModels: Kysely<any>;
  now: () => Date;
  log: { error(object: object, message: string): void; info(object: object, message: string): void };
}

/** The command side's services and reactors, built once from the configuration. */
export function createCommandServices({ store, registry, config, db, readModels, now, log }: CommandServiceDependencies) {
  const identity = new IdentityService({ store, registry, adminEmails: config.adminEmails, now });
  const moyasar = config.paymentProviders.includes('moyasar')
    ? { client: new MoyasarClient(config.MOYASAR_API_URL, config.MOYASAR_SECRET_KEY!), webhookSecret: config.MOYASAR_WEBHOOK_SECRET! }
    : null;
  const subscriptions = new SubscriptionService({ store, registry, now, publicBaseUrl: config.publicBaseUrl, moyasar, sandboxEnabled: config.paymentProviders.includes('sandbox') });
  const scheduler = new SubscriptionScheduler(readModels as Kysely<{ users: UsersTable; subscription_payments: SubscriptionPaymentsTable }>, subscriptions, now, log);
  const auth = createSessionAuth(db, config, now);
  let sessionSweep: NodeJS.Timeout | null = null;
  return {
    identity,
    subscriptions,
    auth,
    /** What the command side does at start: the catalogue, configured admins, then its timers. */
    async start() {
      const seeded = await seedGroupCatalogue(store, registry);
      if (seeded.created > 0) log.info({ created: seeded.created }, 'group catalogue created');
      await identity.grantConfiguredAdmins();
      scheduler.start(config.SCHEDULER_INTERVAL_SECONDS * 1000);
      sessionSweep = setInterval(() => auth.sessions.deleteExpired().catch(() => undefined), 10 * 60_000);
      sessionSweep.unref();
    },
    async stop() {
      if (sessionSweep) clearInterval(sessionSweep);
      await scheduler.stop();
    },
  };
}
export type CommandServices = ReturnType<typeof createCommandServices>;
