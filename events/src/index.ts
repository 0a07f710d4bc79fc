export * from './position';
export * from './command-reply';
export * from './text';
export * from './lru-map';
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
export * from './subscriptions/subscription.view';
export * from './identity/user.events';
export * from './identity/auth-user';
export * from './identity/account-links';
export * from './groups/eligibility';
export * from './groups/group.view';
export * from './groups/personal-groups.view';
export * from './groups/group.contract';
export * from './groups/personal-group-name';
export * from './verification/verification.events';
export * from './verification/verification.contract';
export * from './verification/verification.view';
export * from './topics/topic-rules';
export * from './topics/topic.events';
export * from './topics/topic.contract';
export * from './opinions/opinion.events';
export * from './opinions/opinion.contract';
export * from './voting/vote.events';
export * from './voting/vote.contract';
export * from './voting/tally';
export * from './profiles/user-stats.contract';
export * from './invitations/invitation.events';
export * from './invitations/invitation.contract';
export * from './invitations/invitation-id';
export * from './mail/mail.events';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { eventStoreMigrations } from './postgres/event-store.migrations';
export { EVENTS_CHANNEL } from './postgres/append-signal';
export { PgListener } from './postgres/pg-listener';

import { groupEvents } from './groups/group.events';
import { identityEvents } from './identity/user.events';
import { subscriptionEvents } from './subscriptions/subscription.events';
import { verificationEvents } from './verification/verification.events';
import { topicEvents } from './topics/topic.events';
import { opinionEvents } from './opinions/opinion.events';
import { voteEvents } from './voting/vote.events';
import { invitationEvents } from './invitations/invitation.events';
import { mailEvents } from './mail/mail.events';
import { EventRegistry } from './registry';

/** Every event type of the platform; features add theirs here. */
export const createEventRegistry = () => new EventRegistry().register(
  ...groupEvents, ...identityEvents, ...subscriptionEvents, ...verificationEvents, ...topicEvents, ...opinionEvents, ...voteEvents, ...invitationEvents, ...mailEvents,
);
