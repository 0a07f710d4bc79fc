import type { MailDelivery, MailLanguage, NotificationOutcome, NotificationType } from '@civitas/events';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/*
 * Read-model rows as the notifications projection and its neighbours leave them, written straight
 * into a test database for the mailer's own tests: the mailer reads tables, and the projection that
 * fills them is tested on its own (projector/test/projections/notifications.projection.test.ts).
 */

let positions = 0;
/** Positions in store order, as the projection copies them from events. */
export const nextPosition = () => `${'1'.padStart(16, '0')}-${(positions += 1).toString(16).padStart(16, '0')}`;

export interface RowMember {
  id: string;
  email: string;
}

export async function member(
  db: pg.Pool,
  { firstName, lastName = 'Haddad', verified = true, language }: { firstName: string; lastName?: string; verified?: boolean; language?: MailLanguage },
): Promise<RowMember> {
  const id = randomUUID();
  const email = `${firstName.toLowerCase()}.${id.slice(0, 8)}@example.org`;
  await db.query(
    `insert into read_model.users (id, email, email_verified, first_name, last_name, created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())`,
    [id, email, verified, firstName, lastName],
  );
  if (language) await db.query(`insert into read_model.notification_languages (user_id, language) values ($1, $2)`, [id, language]);
  return { id, email };
}

/** Many members at once, each with one personal item of `type` at `at` (a set-based insert, for runs over several pages). */
export async function manyMembersWithItem(db: pg.Pool, count: number, type: NotificationType, at: Date): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.query(
    `insert into read_model.users (id, email, email_verified, first_name, last_name, created_at, updated_at)
     select id, 'many.' || id::text || '@example.org', true, 'Many', 'Members', now(), now() from unnest($1::uuid[]) as ids(id)`,
    [ids],
  );
  await db.query(
    `insert into read_model.notification_items (id, user_id, type, occurred_at, position, outcome)
     select 'subscription:' || id::text, id, $2, $3, $4, 'renewed' from unnest($1::uuid[]) as ids(id)`,
    [ids, type, at, nextPosition()],
  );
  return ids;
}

let groupIds = 7000;

export async function group(db: pg.Pool, name: string, members: RowMember[], joinedAt = new Date('2020-01-01T00:00:00Z')): Promise<number> {
  groupIds += 1;
  await db.query(
    `insert into read_model.groups (id, name, description, department, subscription_type, features, created_at, updated_at)
     values ($1, $2, 'A group', 'alliance', 'free', '[]', now(), now())`,
    [groupIds, name],
  );
  // Members of a group with members: its audience, told of its notices since they joined.
  for (const one of members) {
    await db.query(
      `insert into read_model.group_members (group_id, user_id, role, is_leader, status, joined_at) values ($1, $2, 'member', false, 'active', $3)`,
      [groupIds, one.id, joinedAt],
    );
    await db.query(`insert into read_model.notification_audiences (group_id, user_id, since) values ($1, $2, $3)`, [groupIds, one.id, joinedAt]);
  }
  return groupIds;
}

export async function topic(
  db: pg.Pool,
  { groupId, title, createdBy, expiresAt = new Date('2099-01-01T00:00:00Z') }: { groupId: number; title: string; createdBy: string; expiresAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into read_model.topics (id, group_id, title, description, type, created_by, status, is_main_election, expires_at, created_position, created_at, updated_at)
     values ($1, $2, $3, 'What it is about', 'law_amendment', $4, 'active', false, $5, $6, now() - interval '1 day', now())`,
    [id, groupId, title, createdBy, expiresAt, nextPosition()],
  );
  return id;
}

/** The notice of a new topic, as the projection writes it at TopicCreated. */
export async function topicOpened(db: pg.Pool, { groupId, topicId, actorId, at }: { groupId: number; topicId: string; actorId: string; at: Date }) {
  await db.query(
    `insert into read_model.group_notices (id, group_id, type, occurred_at, position, topic_id, actor_id) values ($1, $2, 'topic_opened', $3, $4, $5, $6)`,
    [`topic:${topicId}`, groupId, at, nextPosition(), topicId, actorId],
  );
}

export async function item(
  db: pg.Pool,
  fields: {
    id?: string;
    userId: string;
    type: NotificationType;
    at: Date;
    groupId?: number;
    topicId?: string;
    actorId?: string;
    outcome?: NotificationOutcome;
  },
): Promise<string> {
  const id = fields.id ?? `${fields.type}:${randomUUID()}`;
  await db.query(
    `insert into read_model.notification_items (id, user_id, type, occurred_at, position, group_id, topic_id, actor_id, outcome)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, fields.userId, fields.type, fields.at, nextPosition(), fields.groupId ?? null, fields.topicId ?? null, fields.actorId ?? null, fields.outcome ?? null],
  );
  return id;
}

export async function deliver(db: pg.Pool, userId: string, type: NotificationType, delivery: MailDelivery, chosenAt = new Date('2020-01-01T00:00:00Z')) {
  await db.query(
    `insert into read_model.notification_deliveries (user_id, type, delivery, updated_at) values ($1, $2, $3, $4)
     on conflict (user_id, type) do update set delivery = excluded.delivery, updated_at = excluded.updated_at`,
    [userId, type, delivery, chosenAt],
  );
}

/** A member's standing vote in a topic (read_model.votes), on an opinion of its own. */
export async function vote(db: pg.Pool, { topicId, groupId, userId }: { topicId: string; groupId: number; userId: string }) {
  await db.query(`insert into read_model.votes (opinion_id, user_id, topic_id, group_id, vote_type, cast_at) values ($1, $2, $3, $4, 'support', now())`, [
    randomUUID(),
    userId,
    topicId,
    groupId,
  ]);
}
