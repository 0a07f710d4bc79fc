import { ACTIVITY_PAGE_SIZE, ActivityPage, ActivityQuery, type ActivityItem } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';
import { hiddenNotice, seesHiddenContent, shownText } from '../lib/hidden-content';

/** How much of an opinion an activity item quotes. */
export const OPINION_EXCERPT_LENGTH = 140;

const excerpt = (content: string) => (content.length > OPINION_EXCERPT_LENGTH ? `${content.slice(0, OPINION_EXCERPT_LENGTH - 1).trimEnd()}\u2026` : content);

export function activityRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/user/activity',
    {
      config: { access: 'member', readModels: ['profiles', 'topics', 'opinions', 'groups', 'users', 'moderation'] },
      schema: {
        tags: ['profiles'],
        summary: 'My recent actions, newest first (before: the cursor of the previous page)',
        querystring: ActivityQuery,
        response: { 200: ActivityPage },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const { before } = request.query;
      // Titles, texts and names as they are now: a deleted topic shows as deleted, an erased delegate without a name.
      const revealed = await seesHiddenContent(readModels, { userId });
      const rows = await readModels
        .selectFrom('user_activity as a')
        .leftJoin('topics as t', 't.id', 'a.topic_id')
        .leftJoin('opinions as o', 'o.id', 'a.opinion_id')
        .leftJoin('groups as g', 'g.id', 'a.group_id')
        .leftJoin('users as u', 'u.id', 'a.other_user_id')
        // Hidden is hidden from its own author too, as on the topic page.
        .leftJoin('hidden_content as h', (join) => join.on('h.target_type', '=', 'opinion').onRef('h.target_id', '=', 'a.opinion_id'))
        .select([
          'h.reason as hidden_reason',
          'h.hidden_at',
          'a.position',
          'a.kind',
          'a.topic_id',
          'a.opinion_id',
          'a.group_id',
          'a.other_user_id',
          'a.vote_type',
          'a.occurred_at',
          't.title',
          't.status as topic_status',
          'o.content',
          'g.name as group_name',
          shownFirstName('u'),
          'u.last_name',
          'u.profile_image_url',
        ])
        .where('a.user_id', '=', userId)
        .$if(before !== undefined, (query) => query.where('a.position', '<', before!))
        .orderBy('a.position', 'desc')
        .limit(ACTIVITY_PAGE_SIZE + 1)
        .execute();
      const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
      const items = page.map((row): ActivityItem => {
        const topic = row.topic_id && row.title !== null ? { id: row.topic_id, title: row.title, isDeleted: row.topic_status === 'deleted' } : null;
        const link = topic
          ? topic.isDeleted
            ? null
            : `/topic/${topic.id}`
          : row.group_id !== null && row.group_name !== null
            ? `/group/${row.group_id}`
            : null;
        return {
          id: row.position,
          kind: row.kind,
          occurredAt: row.occurred_at.toISOString(),
          topic,
          group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
          opinion:
            row.opinion_id && row.content !== null
              ? {
                  id: row.opinion_id,
                  excerpt: excerpt(shownText(row.content, row.hidden_reason, revealed)),
                  hidden: hiddenNotice(row.hidden_reason, row.hidden_at),
                }
              : null,
          voteType: row.vote_type,
          person: row.other_user_id
            ? { id: row.other_user_id, firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url }
            : null,
          link,
        };
      });
      return { items, nextCursor: rows.length > ACTIVITY_PAGE_SIZE ? page.at(-1)!.position : null };
    },
  );
}
