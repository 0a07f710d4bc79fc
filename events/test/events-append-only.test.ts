import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_ONLY_SQLSTATE } from '../src/postgres/event-store.migrations';
import { createPostgresStore, type StoreFixture } from '../../test-support/test-event-store';

const event = (n: number) => ({ id: randomUUID(), type: 'Thing', data: { n }, metadata: { time: '2026-01-01T00:00:00.000Z' } });

describe('the events table is append-only (issue #13: the audit trail cannot be rewritten)', () => {
  let fixture: StoreFixture;
  const streamId = `append-only-${randomUUID()}`;
  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 2 });
    await fixture.store.append(streamId, [event(1), event(2)], 'no_stream');
  });
  afterAll(async () => fixture?.close());

  const stored = async () =>
    (await fixture.store.pool.query<{ data: { n: number } }>('select data from events where stream_id = $1 order by stream_position', [streamId])).rows.map(
      (row) => row.data.n,
    );
  const refusal = (statement: string) =>
    fixture.store.pool.query(statement, [streamId]).then(
      () => null,
      (error: { code?: string; message?: string }) => error,
    );

  it('refuses UPDATE and DELETE of any event with its own SQLSTATE, leaving the history as it was', async () => {
    const update = await refusal(`update events set data = '{"n": 99}' where stream_id = $1`);
    expect(update).toMatchObject({ code: APPEND_ONLY_SQLSTATE, message: 'events are append-only: UPDATE refused' });
    const del = await refusal('delete from events where stream_id = $1');
    expect(del).toMatchObject({ code: APPEND_ONLY_SQLSTATE, message: 'events are append-only: DELETE refused' });
    expect(await stored()).toEqual([1, 2]);
  });

  it('refuses TRUNCATE, which row triggers would not see', async () => {
    const truncate = await fixture.store.pool.query('truncate events').then(
      () => null,
      (error: { code?: string; message?: string }) => error,
    );
    expect(truncate).toMatchObject({ code: APPEND_ONLY_SQLSTATE, message: 'events are append-only: TRUNCATE refused' });
    expect(await stored()).toEqual([1, 2]);
  });

  it('still takes appends, which move the stream version through `streams`', async () => {
    const { nextVersion } = await fixture.store.append(streamId, [event(3)], 2);
    expect(nextVersion).toBe(3);
    expect(await stored()).toEqual([1, 2, 3]);
    expect((await fixture.store.readStream(streamId)).version).toBe(3);
  });
});
