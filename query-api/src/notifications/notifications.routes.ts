import {
  DEFAULT_MAIL_DELIVERY,
  DEFAULT_MAIL_LANGUAGE,
  NotificationSettingsReply,
  NotificationsQuery,
  NotificationsReply,
  notificationPath,
  shownGroupName,
  secretText,
  type NotificationItem,
} from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import { z } from 'zod';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { shownFirstName } from '../lib/person-names';
import type { QueryContext } from '../lib/viewer';
import { decodeCursor, encodeCursor, readFeed, type FeedRow } from './notification-feed';

const UnsubscribeLinkQuery = z.object({
  token: secretText({ field: 'Token', required: 'The unsubscribe link is incomplete' }).max(600, 'The unsubscribe link is incomplete'),
});

/** The feed reads its own rows and what it derives and names from: groups, topics, votes, ballots, delegations, names, chat. */
const FEED_READ_MODELS: ProjectionName[] = ['notifications', 'groups', 'topics', 'opinions', 'elections', 'delegation', 'users', 'chat', 'moderation'];

export function notificationsRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels, now } = context;

  app.get(
    '/api/notifications',
    {
      config: { access: 'member', readModels: FEED_READ_MODELS },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with how many are unread',
        querystring: NotificationsQuery,
        response: { 200: NotificationsReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const { before, limit } = request.query;
      const feed = await readFeed(readModels, { userId, now: now(), before: before ? decodeCursor(before) : null, limit });
      const items = await describe(context, feed.rows);
      const last = feed.rows.at(-1);
      return { items, unreadCount: feed.unreadCount, nextCursor: feed.more && last ? encodeCursor(last) : null };
    },
  );

  // A mail's List-Unsubscribe address opened in a browser (RFC 8058 has mail clients POST it; people
  // and scanners GET it): the page that says what it turns off and asks first. Nothing changes here.
  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public', readModels: [] },
      schema: {
        tags: ['notifications'],
        summary: 'Opens the unsubscribe page for a mailed link (changes nothing; the page asks, then POSTs)',
        querystring: UnsubscribeLinkQuery,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/api/notifications/settings',
    {
      config: { access: 'member', readModels: ['notifications'] },
      schema: {
        tags: ['notifications'],
        summary: 'How each type of notification reaches me by e-mail, and in which language',
        response: { 200: NotificationSettingsReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const [chosen, language] = await Promise.all([
        readModels.selectFrom('notification_deliveries').select(['type', 'delivery']).where('user_id', '=', userId).execute(),
        readModels.selectFrom('notification_languages').select('language').where('user_id', '=', userId).executeTakeFirst(),
      ]);
      const deliveries = { ...DEFAULT_MAIL_DELIVERY };
      for (const row of chosen) deliveries[row.type] = row.delivery;
      return { deliveries, language: language?.language ?? DEFAULT_MAIL_LANGUAGE };
    },
  );
}

/** Names the groups, topics and people of a page of rows (three small reads, not one per row). */
async function describe({ readModels }: QueryContext, rows: FeedRow[]): Promise<NotificationItem[]> {
  const ids = <T>(pick: (row: FeedRow) => T | null) => [...new Set(rows.map(pick).filter((value): value is T => value !== null))];
  const groupIds = ids((row) => row.group_id);
  const topicIds = ids((row) => row.topic_id);
  const actorIds = ids((row) => row.actor_id);
  const messageIds = ids((row) => (row.type === 'mention' ? row.subject_id : null));
  const [groups, topics, actors, messages] = await Promise.all([
    groupIds.length === 0
      ? []
      : readModels
          .selectFrom('groups as g')
          .leftJoin('users as owner', 'owner.id', 'g.owner_id')
          .select(['g.id', 'g.name', 'g.department', shownFirstName('owner', 'owner_first_name')])
          .where('g.id', 'in', groupIds)
          .execute(),
    topicIds.length === 0 ? [] : readModels.selectFrom('topics').select(['id', 'title', 'expires_at', 'status']).where('id', 'in', topicIds).execute(),
    actorIds.length === 0
      ? []
      : readModels
          .selectFrom('users as u')
          .select(['u.id', shownFirstName('u'), 'u.last_name'])
          .where('u.id', 'in', actorIds)
          .execute(),
    messageIds.length === 0
      ? []
      : readModels
          .selectFrom('chat_messages as c')
          .leftJoin('hidden_content as h', (join) => join.onRef('h.target_id', '=', 'c.id').on('h.target_type', '=', 'chat_message'))
          .select(['c.id', 'c.message', 'h.reason'])
          .where('c.id', 'in', messageIds)
          .execute(),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const topicById = new Map(topics.map((topic) => [topic.id, topic]));
  const actorById = new Map(actors.map((actor) => [actor.id, actor]));
  // A hidden message is not repeated in a notification (no admin reads hidden text here either).
  const excerptById = new Map(messages.map((message) => [message.id, message.reason === null ? message.message : null]));
  return rows.map((row) => {
    const group = row.group_id === null ? undefined : groupById.get(row.group_id);
    const topic = row.topic_id === null ? undefined : topicById.get(row.topic_id);
    const actor = row.actor_id === null ? undefined : actorById.get(row.actor_id);
    const closesAt = topic && topic.status === 'active' && ['closing_soon', 'delegate_voted', 'election_opened', 'topic_opened'].includes(row.type);
    return {
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at.toISOString(),
      read: row.read,
      path: notificationPath({ type: row.type, topicId: row.topic_id, groupId: row.group_id }),
      group: group ? { id: group.id, name: shownGroupName(group) } : null,
      topic: topic ? { id: topic.id, title: topic.title } : null,
      // A member whose account is gone entirely (no row) reads like an erased one.
      actor: row.actor_id === null ? null : { id: row.actor_id, firstName: actor?.first_name ?? null, lastName: actor?.last_name ?? null },
      closesAt: closesAt ? topic.expires_at.toISOString() : null,
      outcome: row.outcome,
      excerpt: row.subject_id === null ? null : (excerptById.get(row.subject_id) ?? null),
    };
  });
}
