import { randomUUID } from 'node:crypto';
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
