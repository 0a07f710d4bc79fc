import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createKysely, migrateToLatest } from './database';
import { platformMigrations } from './migrations';
import { PersonalDataVault, isSealed } from './personal-data';

describe('the personal data vault', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createKysely>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url);
    await migrateToLatest(db, platformMigrations);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('seals with the subject\u2019s own key, reveals sealed and older clear values, and erases for good', async () => {
    const vault = new PersonalDataVault(db);
    const subject = randomUUID();
    const [email, name, none] = await vault.sealAll(subject, ['ada@example.org', 'Ada', null]);
    expect(isSealed(email) && isSealed(name!)).toBe(true);
    expect(email).not.toContain('ada');
    expect(none).toBeNull();
    // Sealing twice gives different texts (fresh IVs) that open to the same value.
    expect(await vault.seal(subject, 'Ada')).not.toBe(name);
    expect(await vault.revealAll(subject, [email, name, 'written before sealing', null])).toEqual(['ada@example.org', 'Ada', 'written before sealing', null]);
    expect(await vault.open(randomUUID(), email)).toBeNull();
    await vault.erase(subject);
    expect(await vault.revealAll(subject, [email, name])).toEqual([null, null]);
  });

  it('gives concurrent first seals of one subject one key', async () => {
    const vault = new PersonalDataVault(db);
    const subject = randomUUID();
    const sealed = await Promise.all(Array.from({ length: 10 }, (_, index) => vault.seal(subject, `value ${index}`)));
    expect(await vault.revealAll(subject, sealed)).toEqual(sealed.map((_, index) => `value ${index}`));
  });

  it('opens one value of each of many subjects at once, null for an erased subject or a clear value', async () => {
    const vault = new PersonalDataVault(db);
    const [first, second, erased] = [randomUUID(), randomUUID(), randomUUID()];
    const items = [
      { subjectId: first, sealed: await vault.seal(first, 'first token') },
      { subjectId: second, sealed: await vault.seal(second, 'second token') },
      { subjectId: erased, sealed: await vault.seal(erased, 'gone') },
      { subjectId: first, sealed: 'not sealed' },
    ];
    await vault.erase(erased);
    expect(await vault.openEach(items)).toEqual(['first token', 'second token', null, null]);
    expect(await vault.openEach([])).toEqual([]);
  });
});
