export * from './position';
export * from './errors';
export * from './event-store';
export * from './registry';
export * from './decider';
export * from './streams';
export * from './groups/countries';
export * from './groups/group.events';
export * from './groups/catalogue';
export * from './subscriptions/plans';
export * from './subscriptions/subscription.events';
export * from './identity/user.events';
export * from './identity/auth-user';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { eventStoreMigrations } from './postgres/event-store.migrations';
export { EVENTS_CHANNEL } from './postgres/append-signal';
export { PgListener } from './postgres/pg-listener';

import { groupEvents } from './groups/group.events';
import { identityEvents } from './identity/user.events';
import { subscriptionEvents } from './subscriptions/subscription.events';
import { EventRegistry } from './registry';

/** Every event type of the platform; features add theirs here. */
export const createEventRegistry = () => new EventRegistry().register(...groupEvents, ...identityEvents, ...subscriptionEvents);
