import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { projections, rebuildReadModels } from '@civitas/projector';
import { openServiceRuntime } from '@civitas/service-kit';

/** `npm run rebuild`: every projection from position zero into fresh tables, then swapped in. */
const runtime = await openServiceRuntime('civitas-rebuild', { migrate: true });
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
runtime.onStop(() => store.close());
try {
  const started = performance.now();
  const { events } = await rebuildReadModels({ store, db: runtime.db, registry: createEventRegistry(), projections, log: runtime.log });
  const seconds = (performance.now() - started) / 1000;
  runtime.log.info({ events, seconds: Number(seconds.toFixed(2)) }, 'read models rebuilt and swapped in');
} finally {
  await runtime.close();
}
