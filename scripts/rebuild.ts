import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { projections, rebuildReadModels, unknownProjections } from '@civitas/projector';
import { openServiceRuntime } from '@civitas/service-kit';

/**
 * `npm run rebuild`: every projection from position zero into fresh tables, then swapped in.
 * `npm run rebuild -- <projection> ...`: only those; every other projection keeps its rows and checkpoint.
 */
const only = process.argv.slice(2);
const unknown = unknownProjections(projections, only);
if (unknown.length > 0) {
  process.stderr.write(
    `unknown projection ${unknown.map((name) => `"${name}"`).join(', ')}; one of: ${projections.map((projection) => projection.name).join(', ')}\n`,
  );
  process.exit(2);
}
const runtime = await openServiceRuntime('civitas-rebuild', { migrate: true });
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
runtime.onStop(() => store.close());
try {
  const started = performance.now();
  const { events, rebuilt, setBased } = await rebuildReadModels(
    { store, db: runtime.db, registry: createEventRegistry(), projections, log: runtime.log },
    only.length > 0 ? only : undefined,
  );
  const seconds = (performance.now() - started) / 1000;
  runtime.log.info({ rebuilt, setBased, events, seconds: Number(seconds.toFixed(2)) }, 'read models rebuilt and swapped in');
} finally {
  await runtime.close();
}
