import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner, createReadSchema, formatParkedEvents, listParkedEvents, projections, retryParkedEvents } from '../src/index';
import { READ_SCHEMA, readCheckpoints } from '@civitas/service-kit/read-models';
import { eventually } from '../../test-support/eventually';
import { TEST_VAULT_KEY } from '../../test-support/test-vault-key';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';
import { noteWritten, notesProjection } from './parking-fixture';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

describe('listing and retrying parked events (npm run projections)', () => {
  let fixture: ProjectorFixture;
  let forbidden = '';
  let allowed = '';
  const all = [...projections, notesProjection];
  const options = () => ({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections: all });

  beforeAll(async () => {
    fixture = await createProjectorFixture();
    await createReadSchema(fixture.db, READ_SCHEMA, all);
    forbidden = (await fixture.store.append('note-1', [noteWritten(1, 'forbidden')], 'no_stream')).position;
    allowed = (await fixture.store.append('note-2', [noteWritten(2, 'allowed')], 'no_stream')).position;
    const last = (await fixture.store.append('group-9', [groupCreated(9)], 'no_stream')).position;
    const runner = new ProjectionRunner({ ...options(), batchSize: 10 });
    await runner.loadCheckpoints();
    await eventually(
      async () => (await runner.catchUp(), runner.positions.get('notes')),
      (reached) => reached === last,
    );
  });
  afterAll(async () => fixture.close());

  const notes = async () => (await sql<{ id: number; body: string }>`select id, body from read_model.notes order by id`.execute(fixture.db)).rows;

  it('lists what was parked as a table: projection, position, type, error, parked at', async () => {
    const parked = await listParkedEvents(fixture.db);
    expect(parked).toEqual([expect.objectContaining({ projection: 'notes', position: forbidden, eventType: 'NoteWritten', streamId: 'note-1' })]);
    expect(parked[0]!.error).toEqual({ code: '23514', message: 'check constraint violated (constraint notes_body_allowed, table notes)' });
    const table = formatParkedEvents(parked).split('\n');
    expect(table[0]).toMatch(/^projection\s+position\s+type\s+error\s+parked at$/);
    expect(table[2]).toContain(`notes       ${forbidden}  NoteWritten  23514: check constraint violated`);
    expect(table[2]).toContain(parked[0]!.parkedAt.toISOString());
    expect(formatParkedEvents([])).toBe('No parked events.\n');
    expect(await notes()).toEqual([{ id: 2, body: 'allowed' }]);
    expect((await readCheckpoints(fixture.db)).get('notes')).not.toBe(forbidden);
  });

  it('prints the table through the script, and refuses a bad command line', async () => {
    const env = { ...process.env, DATABASE_URL: fixture.database.url, VAULT_KEY: TEST_VAULT_KEY, LOG_LEVEL: 'error' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/projections.ts', 'parked'], { cwd: ROOT, env });
    expect(stdout).toMatch(/^projection\s+position/);
    expect(stdout).toContain(`notes       ${forbidden}  NoteWritten  23514`);
    const refused = await run(process.execPath, ['--import', 'tsx', 'scripts/projections.ts', 'retry', 'nope', forbidden], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown projection "nope"') });
  });

  it('keeps an event that still fails, with its new error, and applies it once fixed', async () => {
    const failed = await retryParkedEvents(options(), 'all');
    expect(failed).toEqual([
      {
        projection: 'notes',
        position: forbidden,
        eventType: 'NoteWritten',
        applied: false,
        error: { code: '23514', message: expect.stringContaining('notes_body_allowed') },
      },
    ]);
    expect(await listParkedEvents(fixture.db)).toEqual([expect.objectContaining({ attempts: 2 })]);

    // The fix: the rule that refused it goes.
    await sql`alter table read_model.notes drop constraint notes_body_allowed`.execute(fixture.db);
    expect(await retryParkedEvents(options(), { projection: 'notes', position: forbidden })).toEqual([
      { projection: 'notes', position: forbidden, eventType: 'NoteWritten', applied: true },
    ]);
    expect(await listParkedEvents(fixture.db)).toEqual([]);
    expect(await notes()).toEqual([
      { id: 1, body: 'forbidden' },
      { id: 2, body: 'allowed' },
    ]);
    // Nothing left to retry: a second retry changes nothing.
    expect(await retryParkedEvents(options(), { projection: 'notes', position: forbidden })).toEqual([]);
    expect(await retryParkedEvents(options(), { projection: 'notes', position: allowed })).toEqual([]);
  });
});
