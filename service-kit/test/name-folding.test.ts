import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createKysely } from '../src/database';
import { NAME_FOLDING, foldText, foldedSql } from '../src/name-folding';

describe('name folding in JavaScript and in SQL', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createKysely>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('folds every letter and mark of the table, and mixed text, exactly as translate(lower()) does', async () => {
    // Every character the table maps or drops, one by one, then names as members write them.
    const samples = [...NAME_FOLDING.from, 'Ölçü Şahin', 'ÉLODIE Dubois-Łukasz', 'مُحَمَّد عبـــدالله', 'Ωmega Жанна', 'ß æ plain 42'];
    const { rows } = await sql<{
      folded: string;
    }>`select ${foldedSql(sql`s.value`)} as folded from unnest(${samples}::text[]) with ordinality as s(value, n) order by s.n`.execute(db);
    expect(samples.map(foldText)).toEqual(rows.map((row) => row.folded));
  });
});
