import { PostgresEventStore, createEventRegistry, isPosition } from '@civitas/events';
import { createParkedEventsTable, formatParkedEvents, listParkedEvents, projections, retryParkedEvents } from '@civitas/projector';
import { READ_SCHEMA, openServiceRuntime, schemaExists } from '@civitas/service-kit';

/**
 * `npm run projections -- parked`: the events projections parked (they could not apply them).
 * `npm run projections -- retry <projection> <position>` or `-- retry --all`: applies them again
 * after a fix; what applies leaves the list, what fails stays with its new error (exit code 1).
 */
const USAGE = 'usage: npm run projections -- parked | retry <projection> <position> | retry --all';

type Command = { kind: 'parked' } | { kind: 'retry'; selection: { projection: string; position: string } | 'all' };

function parseArguments(args: readonly string[]): Command | string {
  const [command, ...rest] = args;
  if (command === 'parked' && rest.length === 0) return { kind: 'parked' };
  if (command === 'retry' && rest.length === 1 && rest[0] === '--all') return { kind: 'retry', selection: 'all' };
  if (command === 'retry' && rest.length === 2) {
    const [projection, position] = rest as [string, string];
    if (!projections.some((candidate) => candidate.name === projection))
      return `unknown projection "${projection}"; one of: ${projections.map((candidate) => candidate.name).join(', ')}`;
    if (!isPosition(position)) return `"${position}" is not a position (as listed by \`npm run projections -- parked\`)`;
    return { kind: 'retry', selection: { projection, position } };
  }
  return USAGE;
}

const command = parseArguments(process.argv.slice(2));
if (typeof command === 'string') {
  process.stderr.write(`${command}\n`);
  process.exit(2);
}

const runtime = await openServiceRuntime('civitas-projections', { migrate: true });
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
runtime.onStop(() => store.close());
try {
  if (await schemaExists(runtime.db, READ_SCHEMA)) await createParkedEventsTable(runtime.db, READ_SCHEMA);
  if (command.kind === 'parked') {
    process.stdout.write(formatParkedEvents(await listParkedEvents(runtime.db)));
  } else {
    const outcomes = await retryParkedEvents({ store, db: runtime.db, registry: createEventRegistry(), projections }, command.selection);
    if (outcomes.length === 0) process.stdout.write(command.selection === 'all' ? 'No parked events.\n' : 'That event is not parked.\n');
    for (const outcome of outcomes) {
      const where = `${outcome.projection} ${outcome.position} ${outcome.eventType}`;
      process.stdout.write(outcome.applied ? `applied  ${where}\n` : `failed   ${where}: ${outcome.error!.code}: ${outcome.error!.message}\n`);
    }
    if (outcomes.length === 0 || outcomes.some((outcome) => !outcome.applied)) process.exitCode = 1;
  }
} finally {
  await runtime.close();
}
