import type { EventRegistry, EventStore } from '@civitas/events';
import type { SubscriptionPaymentsTable, UsersTable } from '@civitas/projector';
import type { Config } from '@civitas/service-kit/config';
import type { Kysely } from 'kysely';
import { IdentityService } from './identity/identity-service';
import { MoyasarClient } from './subscriptions/moyasar/moyasar-client';
import { SubscriptionScheduler } from './subscriptions/subscription-scheduler';
import { SubscriptionService } from './subscriptions/subscription-service';

export interface CommandServiceDependencies {
  store: EventStore;
  registry: EventRegistry;
  config: Config;
  /** The read models (schema-bound), for reactors that look for due work. */
  readModels: Kysely<any>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}

/** The command side's services and reactors, built once from the configuration. */
export function createCommandServices({ store, registry, config, readModels, now, log }: CommandServiceDependencies) {
  const identity = new IdentityService({ store, registry, adminEmails: config.adminEmails, now });
  const moyasar = config.paymentProviders.includes('moyasar')
    ? { client: new MoyasarClient(config.MOYASAR_API_URL, config.MOYASAR_SECRET_KEY!), webhookSecret: config.MOYASAR_WEBHOOK_SECRET! }
    : null;
  const subscriptions = new SubscriptionService({ store, registry, now, publicBaseUrl: config.publicBaseUrl, moyasar, sandboxEnabled: config.paymentProviders.includes('sandbox') });
  const scheduler = new SubscriptionScheduler(readModels as Kysely<{ users: UsersTable; subscription_payments: SubscriptionPaymentsTable }>, subscriptions, now, log);
  return { identity, subscriptions, scheduler };
}
export type CommandServices = ReturnType<typeof createCommandServices>;
