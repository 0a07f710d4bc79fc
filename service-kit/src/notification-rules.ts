import { sql, type RawBuilder } from 'kysely';
import { READ_SCHEMA } from './read-models';

/*
 * The feed's rules over the read models (docs/decisions.md, Notifications), written once for every
 * reader: the in-app feed (query-api/src/notifications/notification-feed.ts) and the mails
 * (command-api/src/notifications/), which read the same rows, one member or a page of them at once.
 */

const readModel = (name: string) => sql.id(READ_SCHEMA, name);

/** How long before a topic closes a member who has neither voted nor delegated is reminded. */
export const CLOSING_SOON_HOURS = 24;

/** The end of the reminder's window: a topic closing by then, and still open at `now`, is closing soon. */
export const closingSoonUntil = (now: Date) => new Date(now.getTime() + CLOSING_SOON_HOURS * 3_600_000);

/** A reminder's id and time for topic `t`: 24 hours before the close, or when the topic opened if that was later. */
export const closingSoonId = (topic: string) => sql<string>`'closing:' || ${sql.ref(`${topic}.id`)}::text`;
export const closingSoonAt = (topic: string) =>
  sql<Date>`greatest(${sql.ref(`${topic}.expires_at`)} - make_interval(hours => ${CLOSING_SOON_HOURS}), ${sql.ref(`${topic}.created_at`)})`;

/**
 * Topic `t` (joined from read_model.topics) is closing soon for `userId`: open, closing within the
 * window, and the member has neither voted, balloted nor delegated in its group.
 */
export const closingSoonFor = (topic: string, userId: RawBuilder<unknown>, now: Date): RawBuilder<boolean> => {
  const id = sql.ref(`${topic}.id`);
  const groupId = sql.ref(`${topic}.group_id`);
  return sql<boolean>`${sql.ref(`${topic}.status`)} = 'active' and ${sql.ref(`${topic}.expires_at`)} > ${now} and ${sql.ref(`${topic}.expires_at`)} <= ${closingSoonUntil(now)}
    and not exists (select 1 from ${readModel('votes')} v where v.topic_id = ${id} and v.user_id = ${userId})
    and not exists (select 1 from ${readModel('ballots')} b where b.topic_id = ${id} and b.user_id = ${userId})
    and not exists (select 1 from ${readModel('delegations')} dg where dg.group_id = ${groupId} and dg.delegator_id = ${userId} and dg.is_active)`;
};

/** Item `item` is a delegate's vote in a topic where the member voted themselves: their own vote overrides it, so it no longer concerns them. */
export const overriddenByOwnVote = (item: string, userId: RawBuilder<unknown>): RawBuilder<boolean> => {
  const topicId = sql.ref(`${item}.topic_id`);
  return sql<boolean>`(${sql.ref(`${item}.type`)} = 'delegate_voted' and exists (
    select 1 from ${readModel('votes')} v where v.topic_id = ${topicId} and v.user_id = ${userId}
    union all select 1 from ${readModel('ballots')} b where b.topic_id = ${topicId} and b.user_id = ${userId}))`;
};
