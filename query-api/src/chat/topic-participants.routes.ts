import { TOPIC_PARTICIPANTS_LIMIT, TopicIdParams, TopicParticipantsQuery, TopicParticipantsReply, isPersonalDepartment } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { containsPattern, foldedSql } from '@civitas/service-kit/name-folding';
import { sql } from 'kysely';
import { TOPIC_READ_MODELS } from '../lib/group-visibility';
import { requireViewer } from '../lib/viewer';
import type { ChatRouteOptions } from './chat-route-options';

/** A member's names as one text with a space before each word, so `like '% ' || q || '%'` finds a word's start. */
const spacedName = sql<string>`' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`;

/**
 * The chat's @-completion (docs/decisions.md, Mentions): who took part in the topic and may be
 * told of a mention, by the start of any word of their name, folded as the search folds it.
 */
export function topicParticipantsRoutes(app: ZodRoutes, options: ChatRouteOptions): void {
  const { readModels, findVisibleTopic } = options;

  app.get(
    '/api/topics/:id/participants',
    {
      config: { access: 'member', readModels: TOPIC_READ_MODELS },
      schema: {
        tags: ['chat'],
        summary: 'Up to 10 of a topic\u2019s participants whose name (any word of it) starts with `q`, by name; all of them by name without `q`',
        params: TopicIdParams,
        querystring: TopicParticipantsQuery,
        response: { 200: TopicParticipantsReply },
      },
    },
    async (request): Promise<TopicParticipantsReply> => {
      const viewer = await requireViewer(request, options);
      const { row: topic, group } = await findVisibleTopic(options, request.params.id, viewer);
      const typed = (request.query.q ?? '').replace(/\s+/g, ' ');
      let query = readModels
        .selectFrom('topic_participants as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['u.id', 'u.first_name', 'u.last_name'])
        .where('p.topic_id', '=', topic.id)
        // Never the caller, nor anyone who cannot be told: erased, without a way in (forfeited), without a name to write.
        .where('u.id', '<>', viewer.userId)
        .where('u.erased_at', 'is', null)
        .where('u.email', 'is not', null)
        .where((eb) => eb.or([eb('u.first_name', 'is not', null), eb('u.last_name', 'is not', null)]));
      // A personal group's topic is seen by its members only: one who left took part, but is told nothing more.
      if (isPersonalDepartment(group.department)) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('group_members as m')
              .select('m.user_id')
              .whereRef('m.user_id', '=', 'p.user_id')
              .where('m.group_id', '=', group.id)
              .where('m.status', '=', 'active'),
          ),
        );
      }
      if (typed) query = query.where(sql<boolean>`${foldedSql(spacedName)} like ${foldedSql(sql.val(containsPattern(` ${typed}`)))}`);
      const rows = await query
        .orderBy(foldedSql(sql`coalesce(u.first_name, '')`))
        .orderBy(foldedSql(sql`coalesce(u.last_name, '')`))
        .orderBy('u.id')
        .limit(TOPIC_PARTICIPANTS_LIMIT)
        .execute();
      return { participants: rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name })) };
    },
  );
}
