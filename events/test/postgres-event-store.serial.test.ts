import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { positionAsRow, positionOfRow } from '../src/postgres/position-sql';
import { eventStoreContract } from './event-store.contract';
import { createPostgresStore } from '../../test-support/test-event-store';

eventStoreContract('PostgreSQL', async () => {
  const fixture = await createPostgresStore();
  return {
    store: fixture.store,
    async holdOpenAppend(streamId, events) {
      const client = await fixture.store.pool.connect();
      await client.query('begin');
      await client.query('select * from civitas_append_events($1, -2, $2, $3, $4, $5)', [
        streamId,
        events.map((event) => event.id ?? randomUUID()),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata ?? {})),
      ]);
      return {
        async commit() {
          await client.query('commit');
          client.release();
        },
      };
    },
    close: fixture.close,
  };
});

describe('positions in SQL (PostgreSQL adapter)', () => {
  it('encodes a row, compares a position and finds where a slice of the log ends as the store itself does', async () => {
    const fixture = await createPostgresStore();
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: fixture.store.pool }) });
    try {
      const stream = `test-${randomUUID()}`;
      const from = await fixture.store.headPosition();
      for (let i = 0; i < 5; i += 1) await fixture.store.append(stream, [{ id: randomUUID(), type: 'Slice', data: { i }, metadata: {} }], 'any');
      const positions = (await fixture.store.readStream(stream)).events.map((event) => event.position);
      const rows = await sql<{ position: string }>`
        select ${positionOfRow('e')} as position from events e
        where (e.transaction_id, e.global_position) > ${positionAsRow(from)} order by e.transaction_id, e.global_position`.execute(db);
      expect(rows.rows.map((row) => row.position)).toEqual(positions);
      expect(await fixture.store.positionAfter(from, 2, positions[4]!)).toBe(positions[1]);
      expect(await fixture.store.positionAfter(positions[1]!, 2, positions[4]!)).toBe(positions[3]);
      expect(await fixture.store.positionAfter(positions[3]!, 10, positions[4]!)).toBe(positions[4]);
    } finally {
      await fixture.close();
    }
  });
});
