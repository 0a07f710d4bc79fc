export * from './position';
export * from './command-reply';
export * from './text';
export * from './lru-map';
export * from './errors';
export * from './ids';
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
export * from './groups/quorum';
export * from './groups/quorum.contract';
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
export * from './chat/chat.events';
export * from './chat/chat.contract';
export * from './voting/vote.events';
export * from './voting/vote.contract';
export * from './voting/tally';
export * from './profiles/user-stats.contract';
export * from './profiles/profile.contract';
export * from './profiles/achievements';
export * from './profiles/account.contract';
export * from './invitations/invitation.events';
export * from './invitations/invitation.contract';
export * from './invitations/invitation-id';
export * from './mail/mail.events';
export * from './delegation/delegation.events';
export * from './delegation/delegation.contract';
export * from './delegation/weighted-tally';
export * from './delegation/weighted-tally-engine';
export * from './elections/election.events';
export * from './elections/election.contract';
export * from './elections/leadership.view';
export * from './elections/election-method';
export * from './elections/schulze';
export * from './profiles/person.view';
export * from './person-name';
export * from './moderation/moderation.constants';
export * from './moderation/moderation.events';
export * from './moderation/feedback.contract';
export * from './moderation/hidden-content.contract';
export * from './moderation/roles.contract';
export * from './moderation/ban.contract';
export * from './search/search.contract';
export * from './notifications/notification.contract';
export * from './notifications/notification.events';
export * from './audit/audit-trail';
export {
  topicTally,
  foldTopic,
  networkOf,
  winningOpinion,
  electionWinner,
  TOPIC_RECORD_TYPES,
  GROUP_TYPES,
  STANDING_TYPES,
  TALLY_INPUT_TYPES,
  type TallyEvent,
  type TopicFacts,
  type TopicTallyState,
  type SubjectTally,
  type OpinionStanding,
  type ElectionOutcome,
  type TopicResult,
  type TopicTallies,
  type TalliesOptions,
} from './audit/topic-tally';
export { parseAsOf, foldAsOf, isBefore, type AsOf, type PositionedEvent } from './audit/time-travel';
export { readTopicRecords, eventTime } from './audit/topic-records';
export { countOpenGroupEligible } from './audit/eligible-weight';
export { CountedEvents, countedDifferences, type CountedCommitment } from './audit/counted-events';
export * from './audit/audit.contract';
export * from './audit/merkle';
export * from './audit/leaf-view';
export * from './audit/export.contract';
export * from './audit/checkpoint';
export * from './audit/signed-note';
export * from './audit/cosignature';
export * from './audit/merkle.contract';
export * from './audit/history.contract';
export * from './audit/timeline.contract';
export * from './profiles/profile.events';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { positionAsRow, positionOfRow } from './postgres/position-sql';
export { eventStoreMigrations, type EventStoreTables } from './postgres/event-store.migrations';
export { EVENTS_CHANNEL } from './postgres/append-signal';
export { PgListener } from './postgres/pg-listener';
export { DATABASE_CONNECT_TIMEOUT_MS } from './postgres/connect-timeout';

import { platformEvents } from './platform-events';
import { EventRegistry } from './registry';

export { platformEvents, type EventOfType, type PlatformEvent, type PlatformEventType } from './platform-events';
/** Every event type of the platform (platform-events.ts lists them). */
export const createEventRegistry = () => new EventRegistry().register(...platformEvents);
