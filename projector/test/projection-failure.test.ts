import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDecodeFailure, describeFailure, isParkable } from '../src/index';
import { createProjectorFixture, type ProjectorFixture } from './fixture';

/** What PostgreSQL itself raises for a statement (the real error object, detail and all). */
const failureOf = async (db: Kysely<any>, statement: ReturnType<typeof sql>) => {
  try {
    await statement.execute(db);
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
};

describe('describing a projection failure without the data that failed', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
    await sql`create table people (id integer primary key, email text not null unique, age integer check (age >= 0))`.execute(fixture.db);
    await sql`insert into people values (1, 'taken@example.org', 30)`.execute(fixture.db);
  });
  afterAll(async () => fixture.close());

  it('keeps the code and the constraint of a duplicate key, never the key PostgreSQL quotes in its detail', async () => {
    const error = await failureOf(fixture.db, sql`insert into people values (2, 'taken@example.org', 40)`);
    expect((error as { detail: string }).detail).toContain('taken@example.org');
    expect(describeFailure(error)).toEqual({
      code: '23505',
      message: 'duplicate key value violates a unique constraint (constraint people_email_key, table people)',
    });
    expect(isParkable(error)).toBe(true);
  });

  it('drops the failing row of a not-null or check violation', async () => {
    const notNull = await failureOf(fixture.db, sql`insert into people values (3, null, 5)`);
    expect(describeFailure(notNull)).toEqual({ code: '23502', message: 'null value violates a not-null constraint (table people, column email)' });
    const check = await failureOf(fixture.db, sql`insert into people values (4, 'private.person@example.org', -1)`);
    expect((check as { detail: string }).detail).toContain('private.person@example.org');
    expect(JSON.stringify(describeFailure(check))).not.toContain('private.person');
    expect(describeFailure(check)).toEqual({ code: '23514', message: 'check constraint violated (constraint people_age_check, table people)' });
  });

  it('drops the values PostgreSQL quotes in its messages (bad syntax, out of range, a NUL byte)', async () => {
    const syntax = await failureOf(fixture.db, sql`select ${'Jane Secret'}::uuid`);
    expect((syntax as Error).message).toContain('Jane Secret');
    expect(describeFailure(syntax)).toEqual({ code: '22P02', message: 'invalid input syntax for a type' });
    const range = await failureOf(fixture.db, sql`select ${'98765432101'}::integer`);
    expect((range as Error).message).toContain('98765432101');
    expect(describeFailure(range)).toEqual({ code: '22003', message: 'numeric value out of range' });
    const nul = await failureOf(fixture.db, sql`select convert_from(${Buffer.from('Nul\u0000', 'utf8')}::bytea, 'UTF8')`);
    expect(describeFailure(nul)).toEqual({ code: '22021', message: 'invalid byte sequence for the encoding (e.g. a NUL character in text)' });
    for (const error of [syntax, range, nul]) expect(isParkable(error)).toBe(true);
  });

  it('parks data failures only: transient and code faults retry instead', async () => {
    const serialization = await failureOf(fixture.db, sql`do $$ begin raise exception 'x' using errcode = 'serialization_failure'; end $$`);
    const missingTable = await failureOf(fixture.db, sql`select * from no_such_table`);
    const cancelled = await failureOf(fixture.db, sql`do $$ begin raise exception 'x' using errcode = 'query_canceled'; end $$`);
    expect([serialization, missingTable, cancelled].map((error) => [describeFailure(error).code, isParkable(error)])).toEqual([
      ['40001', false],
      ['42P01', false],
      ['57014', false],
    ]);
    expect(isParkable(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isParkable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isParkable(new TypeError("Cannot read properties of null (reading 'name')"))).toBe(true);
  });

  it('keeps only the kind of a JavaScript error and the field paths of a schema mismatch', () => {
    expect(describeFailure(new TypeError('cannot handle jane@example.org'))).toEqual({ code: 'TypeError', message: 'TypeError raised' });
    expect(describeFailure(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual({
      code: 'ECONNREFUSED',
      message: 'Error raised',
    });
    const schema = z.object({ userId: z.uuid(), tags: z.record(z.string(), z.number()) });
    const mismatch = schema.safeParse({ userId: 'jane@example.org', tags: { 'jane@example.org': 'x' } }).error!;
    const described = describeDecodeFailure(mismatch);
    expect(described.code).toBe('invalid_data');
    expect(described.message).toContain('at userId');
    expect(described.message).toContain('at tags.?');
    expect(described.message).not.toContain('jane');
    expect(describeDecodeFailure(new Error('no upcaster for UserRegistered from version 0'))).toEqual({
      code: 'undecodable',
      message: 'event could not be upcast to its current schema (Error raised)',
    });
  });
});
