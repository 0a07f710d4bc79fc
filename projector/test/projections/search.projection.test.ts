import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { searchProjection } from '../../src/search/search.projection';
import { accountErased, shredsKeysAtErasure } from '../account-events';
import { profileUpdated } from '../profile-events';
import { ProjectionSpec, expectQuery, expectRows, type ProjectionOutcome } from '../projection-spec';
import { groupCreated, lawEnacted, newId, opinionPosted, topicClosed, topicCreated, topicDeleted, userRegistered } from '../spec-events';

/** The documents a tsquery finds, as the search route asks (prefix terms, folded like the index). */
const found =
  (query: string) =>
  async ({ db, schema }: ProjectionOutcome) => {
    const result = await sql<{ kind: string; id: string }>`
    select kind, id from ${sql.id(schema, 'search_documents')} where document @@ to_tsquery('simple', ${query}) order by kind, id`.execute(db);
    return result.rows.map((row) => `${row.kind}:${row.id}`);
  };

describe('search projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(searchProjection);
  });
  afterAll(async () => spec.close());

  const author = newId();
  const topic = newId();
  const opinion = newId();

  it('indexes groups, topics and opinions in English and Arabic, folded and by word prefix', async () => {
    await spec
      .given([
        groupCreated(50, { name: 'Saudi Arabia', description: 'المملكة العربية السعودية' }),
        topicCreated(topic, 50, author, { title: 'Public transport', description: 'Buses in Riyadh' }),
        opinionPosted(opinion, topic, 50, author, 'مزيد من الحافلات, more Búses please'),
      ])
      .then(
        expectRows('search_documents', { columns: ['kind', 'id', 'group_id', 'topic_id', 'title', 'body', 'is_law'], orderBy: ['kind'] }).toEqual([
          { kind: 'group', id: '50', group_id: 50, topic_id: null, title: 'Saudi Arabia', body: 'المملكة العربية السعودية', is_law: false },
          { kind: 'opinion', id: opinion, group_id: 50, topic_id: topic, title: '', body: 'مزيد من الحافلات, more Búses please', is_law: false },
          { kind: 'topic', id: topic, group_id: 50, topic_id: topic, title: 'Public transport', body: 'Buses in Riyadh', is_law: false },
        ]),
        expectQuery(found("'buses':*")).toEqual([`opinion:${opinion}`, `topic:${topic}`]),
        expectQuery(found("'الحافل':*")).toEqual([`opinion:${opinion}`]),
        expectQuery(found("'العربية' & 'saudi':*")).toEqual(['group:50']),
        expectQuery(found("'transp':* & 'riyadh'")).toEqual([`topic:${topic}`]),
      );
  });

  it('drops a deleted topic with its opinions, and marks an enacted law', async () => {
    const other = newId();
    const law = newId();
    await spec
      .given([
        topicCreated(topic, 50, author),
        opinionPosted(opinion, topic, 50, author),
        topicCreated(other, 50, author, { type: 'law_amendment' }),
        opinionPosted(law, other, 50, author, 'Shops close at ten'),
      ])
      .when([
        topicDeleted(topic, 50, author),
        topicClosed(other, 50, '2026-03-05T10:00:00.000Z'),
        lawEnacted(other, 50, law, author, '2026-03-05T10:00:00.000Z'),
      ])
      .then(
        expectRows('search_documents', { columns: ['kind', 'id', 'is_law'] }).toEqual([
          { kind: 'opinion', id: law, is_law: true },
          { kind: 'topic', id: other, is_law: false },
        ]),
      );
  });

  it('keeps names folded for trigram search, follows a saved profile, and forgets an erased member', async () => {
    const amina = newId();
    const ada = newId();
    const [first, last] = await spec.vault.sealAll(amina, ['Amína', 'الحداد']);
    const [renamed] = await spec.vault.sealAll(ada, ['Adèle']);
    const named = spec
      .given([userRegistered(amina, { firstName: first, lastName: last }), userRegistered(ada)])
      .when([profileUpdated(ada, { firstName: renamed })]);
    await named.then(
      expectRows('search_members', { columns: ['user_id', 'name', 'folded_name'], orderBy: ['name'] }).toEqual([
        { user_id: ada, name: 'Adèle Lovelace', folded_name: 'adele lovelace' },
        { user_id: amina, name: 'Amína الحداد', folded_name: 'amina الحداد' },
      ]),
    );
    await named.when([accountErased(amina)]).then(expectRows('search_members', { columns: ['user_id'] }).toEqual([{ user_id: ada }]));
  });

  it('an erased member stays unfound when the log is replayed (their key is gone)', async () => {
    const gone = newId();
    const erasing = await ProjectionSpec.for([shredsKeysAtErasure([gone]), searchProjection]);
    try {
      const [first] = await erasing.vault.sealAll(gone, ['Zaid']);
      await erasing
        .given([userRegistered(gone, { firstName: first, lastName: first }), accountErased(gone)])
        .then(expectRows('search_members', { columns: ['user_id'] }).toEqual([]));
    } finally {
      await erasing.close();
    }
  });
});
