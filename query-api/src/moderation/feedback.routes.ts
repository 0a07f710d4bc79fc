import { AdminReportItem, AdminSuggestionItem, isUuid, personName, type NamedMember, type ReportTargetType, type ReportedItem } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hiddenNotice } from '../lib/hidden-content';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';

const PERSON_COLUMNS = ['u.id as person_row', 'u.first_name', 'u.last_name', 'u.email', 'u.erased_at'] as const;

interface PersonColumns {
  person_row: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  erased_at: Date | null;
}

/** A member by the one rule (`personName`), the e-mail passed (admins read these); one the read model lacks reads 'Deleted member'. */
const named = (id: string, columns: PersonColumns): NamedMember => ({
  id,
  name: personName({
    firstName: columns.first_name,
    lastName: columns.last_name,
    email: columns.email,
    erased: columns.person_row === null || columns.erased_at !== null,
  }),
});

const itemKey = (row: { target_type: ReportTargetType | null; target_id: string | null }) =>
  row.target_type && row.target_id && isUuid(row.target_id) ? `${row.target_type}:${row.target_id}` : null;

/** The items the reports name, as they are now, keyed `type:id`; an item that no longer exists has no text, topic or author. */
async function reportedItems(
  readModels: Kysely<ReadModels>,
  reports: ReadonlyArray<{ target_type: ReportTargetType | null; target_id: string | null }>,
): Promise<Map<string, ReportedItem>> {
  const idsOf = (type: ReportTargetType) => [...new Set(reports.filter((row) => row.target_type === type && itemKey(row)).map((row) => row.target_id!))];
  const [opinionIds, messageIds, topicIds] = [idsOf('opinion'), idsOf('chat_message'), idsOf('topic')];
  const [opinions, messages, hidden] = await Promise.all([
    opinionIds.length ? readModels.selectFrom('opinions').select(['id', 'topic_id', 'user_id', 'content']).where('id', 'in', opinionIds).execute() : [],
    messageIds.length
      ? readModels.selectFrom('chat_messages').select(['id', 'topic_id', 'user_id', 'message as content']).where('id', 'in', messageIds).execute()
      : [],
    opinionIds.length + messageIds.length
      ? readModels
          .selectFrom('hidden_content')
          .select(['target_type', 'target_id', 'reason', 'hidden_at'])
          .where('target_id', 'in', [...opinionIds, ...messageIds])
          .execute()
      : [],
  ]);
  const allTopicIds = [...new Set([...topicIds, ...opinions.map((row) => row.topic_id), ...messages.map((row) => row.topic_id)])];
  const topics = allTopicIds.length ? await readModels.selectFrom('topics').select(['id', 'title', 'created_by']).where('id', 'in', allTopicIds).execute() : [];
  const topicById = new Map(topics.map((topic) => [topic.id, topic]));
  const found = new Map<string, { topicId: string; content: string; authorId: string }>();
  for (const row of opinions) found.set(`opinion:${row.id}`, { topicId: row.topic_id, content: row.content, authorId: row.user_id });
  for (const row of messages) found.set(`chat_message:${row.id}`, { topicId: row.topic_id, content: row.content, authorId: row.user_id });
  for (const id of topicIds) {
    const topic = topicById.get(id);
    if (topic) found.set(`topic:${id}`, { topicId: id, content: topic.title, authorId: topic.created_by });
  }
  const authorIds = [...new Set([...found.values()].map((item) => item.authorId))];
  const authors = authorIds.length ? await readModels.selectFrom('users as u').select(PERSON_COLUMNS).where('u.id', 'in', authorIds).execute() : [];
  const authorById = new Map(authors.map((row) => [row.person_row!, row]));
  const hiddenByKey = new Map(hidden.map((row) => [`${row.target_type}:${row.target_id}`, row]));
  const items = new Map<string, ReportedItem>();
  for (const report of reports) {
    const key = itemKey(report);
    if (!key || items.has(key)) continue;
    const item = found.get(key);
    const hide = hiddenByKey.get(key);
    const author = item ? authorById.get(item.authorId) : undefined;
    items.set(key, {
      type: report.target_type!,
      id: report.target_id!,
      topicId: item?.topicId ?? null,
      topicTitle: item ? (topicById.get(item.topicId)?.title ?? null) : null,
      content: item?.content ?? null,
      author: item ? named(item.authorId, author ?? { person_row: null, first_name: null, last_name: null, email: null, erased_at: null }) : null,
      hidden: hiddenNotice(hide?.reason ?? null, hide?.hidden_at ?? null),
    });
  }
  return items;
}

/** docs/product.md, Calls 'Admin': the reports and suggestions lists, newest first, for admins only (401 visitors, 403 members). */
export function feedbackRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;

  app.get(
    '/api/admin/reports',
    {
      // The reported items are read where they live: opinions, chat, topics, and whether an admin hid them.
      config: { access: 'admin', readModels: ['feedback', 'users', 'topics', 'opinions', 'chat', 'moderation'] },
      schema: {
        tags: ['moderation'],
        summary: 'Every report, newest first, with its reporter, the item it names quoted, and the earlier reports on that item (admins)',
        response: { 200: z.array(AdminReportItem) },
      },
    },
    async (): Promise<AdminReportItem[]> => {
      const rows = await readModels
        .selectFrom('reports as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.user_id',
          'r.type',
          'r.content',
          'r.target_type',
          'r.target_id',
          'r.status',
          'r.admin_notes',
          'r.created_at',
          'r.reviewed_at',
          ...PERSON_COLUMNS,
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.position', 'desc')
        .execute();
      const items = await reportedItems(readModels, rows);
      // Reports on the same item, newest first: those listed after a report were made before it.
      const onItem = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = itemKey(row);
        if (!key) continue;
        const same = onItem.get(key);
        if (same) same.push(row);
        else onItem.set(key, [row]);
      }
      return rows.map((row) => {
        const key = itemKey(row);
        const same = key ? onItem.get(key)! : [];
        return {
          id: row.id,
          type: row.type,
          content: row.content,
          targetType: row.target_type,
          targetId: row.target_id,
          status: row.status,
          adminNotes: row.admin_notes,
          createdAt: row.created_at.toISOString(),
          reviewedAt: iso(row.reviewed_at),
          reporter: named(row.user_id, row),
          target: key ? (items.get(key) ?? null) : null,
          earlierReports: same.slice(same.indexOf(row) + 1).map((earlier) => ({
            id: earlier.id,
            type: earlier.type,
            status: earlier.status,
            createdAt: earlier.created_at.toISOString(),
            reporter: named(earlier.user_id, earlier),
          })),
        };
      });
    },
  );

  app.get(
    '/api/admin/suggestions',
    {
      config: { access: 'admin', readModels: ['feedback', 'users'] },
      schema: { tags: ['moderation'], summary: 'Every suggestion, newest first (admins)', response: { 200: z.array(AdminSuggestionItem) } },
    },
    async (): Promise<AdminSuggestionItem[]> => {
      const rows = await readModels
        .selectFrom('suggestions')
        .select(['id', 'type', 'content', 'status', 'priority', 'admin_notes', 'implementation_notes', 'created_at', 'reviewed_at'])
        .orderBy('created_at', 'desc')
        .orderBy('position', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        content: row.content,
        status: row.status,
        priority: row.priority,
        adminNotes: row.admin_notes,
        implementationNotes: row.implementation_notes,
        createdAt: row.created_at.toISOString(),
        reviewedAt: iso(row.reviewed_at),
      }));
    },
  );
}
