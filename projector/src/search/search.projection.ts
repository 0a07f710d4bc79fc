import type { OpinionPosted } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { insertRows, type DatabaseOf } from '../lib/table';
import { defineProjection, type ProjectedEvent } from '../projection';
import { foldedLiteral, searchDocumentsTable, searchMembersTable } from './search.table';

type Posted = ProjectedEvent & OpinionPosted;
type Tables = DatabaseOf<typeof searchDocumentsTable | typeof searchMembersTable>;

/** 'simple': no stemming, so English and Arabic (and a mix) index alike; titles weigh more than bodies. */
const documentSql = sql`setweight(to_tsvector('simple', ${foldedLiteral(sql.ref('title'))}), 'A') || setweight(to_tsvector('simple', ${foldedLiteral(sql.ref('body'))}), 'B')`;

/** The tsvector column, its GIN index and the names' trigram index (docs/decisions.md, Search). */
async function createSearchIndexes(db: QueryExecutorProvider, schema: string): Promise<void> {
  const documents = sql.id(schema, searchDocumentsTable.name);
  await sql`alter table ${documents} add column document tsvector generated always as (${documentSql}) stored`.execute(db);
  await sql`create index on ${documents} using gin (document)`.execute(db);
  await sql`create index on ${sql.id(schema, searchMembersTable.name)} using gin (folded_name gin_trgm_ops)`.execute(db);
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

const projection = defineProjection({
  name: 'search',
  version: 1,
  tables: [searchDocumentsTable, searchMembersTable],
  handles: ['GroupCreated', 'TopicCreated', 'TopicDeleted', 'OpinionPosted', 'LawEnacted', 'UserRegistered', 'ProfileUpdated', 'AccountErased'],

  // No change notices: nothing caches or pushes search results (and a burst of opinions would only grow the notice).
  async apply(db, schema, events) {
    const tables = db.withSchema(schema);
    const vault = new PersonalDataVault(db);
    // Opinions come in bursts: a run of them is written in one statement, before whatever follows it.
    let posted: Posted[] = [];
    const flush = async () => {
      if (posted.length > 0) await insertOpinions(db, schema, posted);
      posted = [];
    };
    for (const event of events) {
      if (event.type === 'OpinionPosted') {
        posted.push(event);
        continue;
      }
      await flush();
      switch (event.type) {
        case 'GroupCreated': {
          const { groupId, name, description } = event.data;
          await tables
            .insertInto('search_documents')
            .values({ kind: 'group', id: String(groupId), group_id: groupId, topic_id: null, title: indexable(name), body: indexable(description) })
            .onConflict((conflict) => conflict.columns(['kind', 'id']).doNothing())
            .execute();
          break;
        }
        case 'TopicCreated': {
          const { topicId, groupId, title, description } = event.data;
          await tables
            .insertInto('search_documents')
            .values({ kind: 'topic', id: topicId, group_id: groupId, topic_id: topicId, title: indexable(title), body: indexable(description) })
            .onConflict((conflict) => conflict.columns(['kind', 'id']).doNothing())
            .execute();
          break;
        }
        case 'TopicDeleted':
          // Never found again: the topic and its opinions leave the index.
          await tables.deleteFrom('search_documents').where('topic_id', '=', event.data.topicId).execute();
          break;
        case 'LawEnacted':
          await tables.updateTable('search_documents').set({ is_law: true }).where('kind', '=', 'opinion').where('id', '=', event.data.opinionId).execute();
          break;
        case 'UserRegistered':
        case 'ProfileUpdated': {
          const { userId } = event.data;
          const [first, last] = await vault.revealAll(userId, [event.data.firstName, event.data.lastName]);
          await writeName(tables, userId, indexable(fullName(first, last)), event.type === 'ProfileUpdated');
          break;
        }
        case 'AccountErased':
          // An erased member is never found: the name goes with the account.
          await tables.deleteFrom('search_members').where('user_id', '=', event.data.userId).execute();
          break;
      }
    }
    await flush();
  },
});

/**
 * Text as the index keeps it: without NUL, which PostgreSQL's text refuses. Old events may carry one
 * (projector/test/parking.serial.test.ts); the users projection parks such an event, but an index
 * loses nothing a reader needs by leaving the character out, so search keeps up instead of parking.
 */
const indexable = (text: string) => text.replaceAll('\u0000', '');

async function insertOpinions(db: Kysely<Tables>, schema: string, posted: readonly Posted[]): Promise<void> {
  const { columns, rows } = insertRows(searchDocumentsTable, {
    kind: posted.map(() => 'opinion' as const),
    id: posted.map((e) => e.data.opinionId),
    group_id: posted.map((e) => e.data.groupId),
    topic_id: posted.map((e) => e.data.topicId),
    title: posted.map(() => ''),
    body: posted.map((e) => indexable(e.data.content)),
  });
  await sql`insert into ${sql.id(schema, searchDocumentsTable.name)} ${columns} select * from ${rows} on conflict (kind, id) do nothing`.execute(db);
}

/** A name nobody can read (an erased member's key is gone) is no row; a registration never overwrites a saved profile. */
async function writeName(tables: Kysely<Tables>, userId: string, name: string, replace: boolean): Promise<void> {
  if (name === '') {
    await tables.deleteFrom('search_members').where('user_id', '=', userId).execute();
    return;
  }
  await tables
    .insertInto('search_members')
    .values({ user_id: userId, name })
    .onConflict((conflict) => (replace ? conflict.column('user_id').doUpdateSet({ name }) : conflict.column('user_id').doNothing()))
    .execute();
}

/** Search's read models: kept by the projector like every other, with PostgreSQL's full-text and trigram indexes. */
export const searchProjection = {
  ...projection,
  async createTables(db: QueryExecutorProvider, schema: string) {
    // Trusted since PostgreSQL 13: the database's owner may create it. Extensions are per database, not per schema.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await projection.createTables(db, schema);
    await createSearchIndexes(db, schema);
  },
};
