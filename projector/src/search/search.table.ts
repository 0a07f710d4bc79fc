import { NAME_FOLDING } from '@civitas/service-kit/name-folding';
import { sql, type RawBuilder } from 'kysely';
import { column, defineTable } from '../lib/table';

/**
 * The name folding of service-kit/src/name-folding.ts written into DDL (a generated column or an
 * index cannot take parameters): lower case, accents and Arabic harakat gone. Immutable, so
 * PostgreSQL may store and index it.
 */
export const foldedLiteral = (value: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`translate(lower(${value}), ${sql.lit(NAME_FOLDING.from)}, ${sql.lit(NAME_FOLDING.to)})`;

export type SearchKind = 'group' | 'topic' | 'opinion';

/**
 * Read model `search_documents`: the searchable text of groups, topics and opinions (an enacted
 * law is its winning opinion, `is_law`). Its `document` tsvector column and GIN index are added by
 * the projection (search.projection.ts): the table pattern has no tsvector type.
 */
export const searchDocumentsTable = defineTable(
  'search_documents',
  {
    kind: column.text<SearchKind>(),
    /** The group's number, the topic's or opinion's uuid, as text. */
    id: column.text(),
    group_id: column.integer(),
    /** The topic of a topic or an opinion; null for a group. */
    topic_id: column.uuid().nullable(),
    title: column.text(),
    body: column.text(),
    is_law: column.boolean().default(false),
  },
  {
    primaryKey: ['kind', 'id'],
    // A deleted topic takes its opinions with it.
    indexes: [{ columns: ['topic_id'] }],
  },
);

/** Read model `search_members`: each member's name as the header search finds it; an erased member has no row. */
export const searchMembersTable = defineTable(
  'search_members',
  {
    user_id: column.uuid(),
    name: column.text(),
    folded_name: column.text().generatedAlwaysAs(foldedLiteral(sql.ref('name'))),
  },
  { primaryKey: ['user_id'] },
);
