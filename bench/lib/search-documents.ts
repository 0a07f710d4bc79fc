import { randomUUID } from 'node:crypto';
import { foldText } from '@civitas/service-kit/name-folding';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import pg from 'pg';
import { now } from './measure';
import { progress } from './report';
import { ARABIC_WORDS, ENGLISH_WORDS, drawText } from './search-words';
import { seeded } from './seeded-random';

/** A visible open group (Saudi Arabia's national group, in the seeded catalogue): every reader may see its topics and opinions. */
const GROUP_ID = 1682;
export const SEARCH_TOPICS = 1000;
/** Opinions written per INSERT, and INSERTs in flight (the tsvector is computed by the server). */
const BATCH = 20_000;
export const SEARCH_WRITERS = 2;
/** Every third opinion or so is in Arabic. */
const ARABIC_EVERY = 10;
const ARABIC_SHARE = 3;
export const SEARCH_SEED = 20_261_204;

const documents = `${READ_SCHEMA}.search_documents`;

/** The generated column's expression with the folding left out: the same tsvector for texts the folding leaves as they are. */
const UNFOLDED_DOCUMENT = `setweight(to_tsvector('simple', lower(title)), 'A') || setweight(to_tsvector('simple', lower(body)), 'B')`;
const SAMPLE_CHECKED = 2000;

/**
 * Fills `search_documents` by SQL (the setup, not the figure): SEARCH_TOPICS topics and `opinions`
 * opinions in GROUP_ID, texts of 20-60 words drawn from the vocabulary by a seeded generator.
 * The projection's `document` column is generated through translate() over a table of 965 letters,
 * about 1.4 ms of the server's CPU per opinion (25 minutes for a million); the setup writes the
 * column itself instead, with the same expression without the folding, which changes nothing in
 * these texts: every vocabulary word is checked to fold to itself, and a sample of rows against the
 * generated expression. Then the projection's GIN index is made again by its own definition.
 */
export async function fillSearchDocuments(pool: pg.Pool, opinions: number): Promise<void> {
  const started = now();
  const unfolded = [...ENGLISH_WORDS, ...ARABIC_WORDS].filter((word) => foldText(word) !== word);
  if (unfolded.length > 0) throw new Error(`search: the vocabulary has words the folding changes (${unfolded.slice(0, 5).join(', ')})`);
  const column = await pool.query<{ expression: string }>(
    `select pg_get_expr(d.adbin, d.adrelid) as expression from pg_attrdef d
     join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = $1::regclass and a.attname = 'document'`,
    [documents],
  );
  const generated = column.rows[0]?.expression;
  if (!generated) throw new Error('search: search_documents has no generated document column');
  const index = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = $1 and tablename = 'search_documents' and indexdef like '%USING gin (document)%'`,
    [READ_SCHEMA],
  );
  if (index.rows.length !== 1) throw new Error(`search: expected the search projection's one GIN index on document, found ${index.rows.length}`);
  const { indexname, indexdef } = index.rows[0]!;
  // The projection's rows so far (the catalogue's groups) get the column back by the same expression.
  await pool.query(`alter table ${documents} add column written tsvector`);
  await pool.query(`update ${documents} set written = document`);
  await pool.query(`alter table ${documents} drop column document`);
  await pool.query(`alter table ${documents} rename column written to document`);

  const random = seeded(SEARCH_SEED);
  const textOf = (serial: number, min: number, max: number) => drawText(serial % ARABIC_EVERY < ARABIC_SHARE ? ARABIC_WORDS : ENGLISH_WORDS, random, min, max);
  const topicIds = Array.from({ length: SEARCH_TOPICS }, () => randomUUID());
  await pool.query(
    `insert into ${documents} (kind, id, group_id, topic_id, title, body, document)
     select 'topic', t::text, $1, t, ti, b, ${UNFOLDED_DOCUMENT.replaceAll('title', 'ti').replaceAll('body', 'b')}
     from unnest($2::uuid[], $3::text[], $4::text[]) as x(t, ti, b)`,
    [GROUP_ID, topicIds, topicIds.map((_, serial) => textOf(serial, 4, 10)), topicIds.map((_, serial) => textOf(serial, 20, 60))],
  );
  let next = 0;
  const writer = async () => {
    while (next < opinions) {
      const first = next;
      const count = Math.min(BATCH, opinions - first);
      next += count;
      const topics: string[] = new Array(count);
      const bodies: string[] = new Array(count);
      for (let offset = 0; offset < count; offset += 1) {
        topics[offset] = topicIds[(first + offset) % SEARCH_TOPICS]!;
        bodies[offset] = textOf(first + offset, 20, 60);
      }
      await pool.query(
        `insert into ${documents} (kind, id, group_id, topic_id, title, body, document)
         select 'opinion', gen_random_uuid()::text, $1, t, '', b, ${UNFOLDED_DOCUMENT.replaceAll('title', "''").replaceAll('body', 'b')}
         from unnest($2::uuid[], $3::text[]) as x(t, b)`,
        [GROUP_ID, topics, bodies],
      );
    }
  };
  await Promise.all(Array.from({ length: SEARCH_WRITERS }, writer));
  const inserted = now();
  const client = await pool.connect();
  try {
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(indexdef);
  } finally {
    client.release();
  }
  const indexed = now();
  await pool.query(`vacuum analyze ${documents}`);
  const differing = await pool.query<{ count: number }>(
    `select count(*)::int as count from (select * from ${documents} tablesample bernoulli (1) limit ${SAMPLE_CHECKED}) d
     where d.document is distinct from (${generated.replaceAll(/\b(title|body)\b/g, 'd.$1')})`,
  );
  if (differing.rows[0]!.count > 0) throw new Error(`search: ${differing.rows[0]!.count} sampled rows differ from the generated column's expression`);
  const size = await pool.query<{ table: string; index: string }>(
    `select pg_size_pretty(pg_table_size($1::regclass)) as table, pg_size_pretty(pg_relation_size($2::regclass)) as index`,
    [documents, `${READ_SCHEMA}.${indexname}`],
  );
  progress(
    `search: wrote ${SEARCH_TOPICS} topics and ${opinions} opinions (${ENGLISH_WORDS.length} English and ${ARABIC_WORDS.length} Arabic words) in ` +
      `${((inserted - started) / 1000).toFixed(1)} s, GIN index rebuilt in ${((indexed - inserted) / 1000).toFixed(1)} s, vacuumed in ` +
      `${((now() - indexed) / 1000).toFixed(1)} s (table ${size.rows[0]!.table}, index ${size.rows[0]!.index}); ` +
      `a sample of rows equals the generated column's expression`,
  );
}
