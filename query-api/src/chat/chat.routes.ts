import { CHAT_PAGE_SIZE, ChatMessagesReply, TopicIdParams, ValidationError, isPosition, queryText, type ChatMessageView } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireViewer } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';
import { hiddenNotice, seesHiddenContent, shownText } from '../lib/hidden-content';
import { TOPIC_READ_MODELS } from '../lib/group-visibility';
import { topicParticipantsRoutes } from './topic-participants.routes';
import type { ChatRouteOptions } from './chat-route-options';

export type { ChatRouteOptions } from './chat-route-options';

const MessagesQuery = z.object({ before: queryText('before').optional() });
const UNKNOWN_CURSOR = 'No such message to page before';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function chatRoutes(app: ZodRoutes, options: ChatRouteOptions): void {
  const { readModels, findVisibleTopic } = options;
  topicParticipantsRoutes(app, options);

  app.get(
    '/api/topics/:id/messages',
    {
      config: { access: 'member', readModels: ['chat', 'moderation', ...TOPIC_READ_MODELS] },
      schema: {
        tags: ['chat'],
        summary: 'A topic\u2019s chat messages, oldest first: the last 100, or the 100 before `before` (a message id or position)',
        params: TopicIdParams,
        querystring: MessagesQuery,
        response: { 200: ChatMessagesReply },
      },
    },
    async (request): Promise<ChatMessageView[]> => {
      const viewer = await requireViewer(request, options);
      const { row: topic } = await findVisibleTopic(options, request.params.id, viewer);
      let query = readModels
        .selectFrom('chat_messages as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        // What an admin hid is blank for everyone else, with the reason (docs/decisions.md, Moderation actions).
        .leftJoin('hidden_content as h', (join) => join.on('h.target_type', '=', 'chat_message').onRef('h.target_id', '=', 'm.id'))
        .select([
          'm.id',
          'm.topic_id',
          'm.user_id',
          'm.message',
          'm.created_at',
          shownFirstName('u'),
          'u.last_name',
          'u.profile_image_url',
          'h.reason as hidden_reason',
          'h.hidden_at',
        ])
        .where('m.topic_id', '=', topic.id);
      const { before } = request.query;
      if (before !== undefined) {
        const byId = UUID.test(before);
        if (!byId && !isPosition(before)) throw new ValidationError(UNKNOWN_CURSOR);
        // The cursor is a message of this topic, named by its id or by the position the POST reply or socket frame gave.
        const cursor = await readModels
          .selectFrom('chat_messages')
          .select(['created_at', 'position'])
          .where('topic_id', '=', topic.id)
          .where(byId ? 'id' : 'position', '=', byId ? before.toLowerCase() : before)
          .executeTakeFirst();
        if (!cursor) throw new ValidationError(UNKNOWN_CURSOR);
        query = query.where(sql<boolean>`(m.created_at, m.position) < (${cursor.created_at}, ${cursor.position})`);
      }
      // The newest page, read newest first along the index, then turned oldest first.
      const [rows, revealed] = await Promise.all([
        query.orderBy('m.created_at', 'desc').orderBy('m.position', 'desc').limit(CHAT_PAGE_SIZE).execute(),
        seesHiddenContent(readModels, viewer),
      ]);
      return rows.reverse().map((row) => {
        const hidden = hiddenNotice(row.hidden_reason, row.hidden_at);
        return {
          id: row.id,
          topicId: row.topic_id,
          userId: row.user_id,
          message: shownText(row.message, row.hidden_reason, revealed),
          createdAt: row.created_at.toISOString(),
          user: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
          // Only when hidden: a shown message reads exactly as its POST reply and its socket push gave it.
          ...(hidden && { hidden }),
        };
      });
    },
  );
}
