import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectionRunner, createReadSchema, listParkedEvents, projections, readModelDigest, rebuildReadModels, type Projection } from '../src/index';
import { READ_SCHEMA, readCheckpoints } from '@civitas/service-kit/read-models';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';
import { BAD_EMAIL, NUL_NAME, capturingLog, registrationsProjection, userRegistered } from './parking-fixture';

describe('parking events a projection cannot apply', () => {
  let fixture: ProjectorFixture;
  let abort: AbortController;
  let running: Promise<void> | null;
  beforeEach(async () => {
    fixture = await createProjectorFixture();
    abort = new AbortController();
    running = null;
  });
  afterEach(async () => {
    abort.abort();
    await running;
    await fixture.close();
  });

  const start = async (all: readonly Projection[], batchSize = 50) => {
    await createReadSchema(fixture.db, READ_SCHEMA, all);
    const log = capturingLog();
    const runner = new ProjectionRunner({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections: all, batchSize, log });
    running = runner.run(abort.signal);
    return { runner, log };
  };
  const allReached = async (position: string) =>
    eventually(
      () => readCheckpoints(fixture.db),
      (checkpoints) => [...checkpoints.values()].every((reached) => reached === position),
    );
  const column = async (query: string) => (await sql.raw<{ value: unknown }>(query).execute(fixture.db)).rows.map((row) => row.value);

  it('parks an old event with a NUL in a name for the users projection only; everything after it is projected', async () => {
    const all = [...projections, registrationsProjection];
    const bad = randomUUID();
    const good = randomUUID();
    const { position: badPosition } = await fixture.store.append(
      `user-${bad}`,
      [await userRegistered(fixture.db, bad, { email: BAD_EMAIL, firstName: NUL_NAME })],
      'no_stream',
    );
    await fixture.store.append('group-1', [groupCreated(1)], 'no_stream');
    const { position: last } = await fixture.store.append(
      `user-${good}`,
      [await userRegistered(fixture.db, good, { email: 'fine@example.org', firstName: 'Fine' })],
      'no_stream',
    );
    const { log } = await start(all);

    const checkpoints = await allReached(last);
    expect([...checkpoints.values()]).toEqual(all.map(() => last));
    expect(await column('select id::text as value from read_model.users')).toEqual([good]);
    expect(await column('select name as value from read_model.groups')).toEqual(['Group 1']);
    // Another projection of the same event still applied its part.
    expect((await column('select user_id::text as value from read_model.registrations')).sort()).toEqual([bad, good].sort());

    const parked = await listParkedEvents(fixture.db);
    expect(parked).toEqual([
      expect.objectContaining({
        projection: 'users',
        position: badPosition,
        eventType: 'UserRegistered',
        streamId: `user-${bad}`,
        attempts: 1,
        error: { code: '22021', message: 'invalid byte sequence for the encoding (e.g. a NUL character in text)' },
      }),
    ]);
    // No personal data in the parked row, nor in any log line.
    const stored = (await column('select t::text as value from read_model.parked_events t')).join('\n');
    for (const text of [stored, JSON.stringify(log.lines)]) {
      expect(text).not.toContain('Nul');
      expect(text).not.toContain('nul.person');
      expect(text).not.toContain('Tester');
    }
    expect(log.lines.filter((line) => line.message.startsWith('event parked'))).toEqual([
      {
        level: 'warn',
        message: 'event parked: the projection moved on past it',
        fields: { projection: 'users', position: badPosition, type: 'UserRegistered', code: '22021' },
      },
    ]);
  });

  it('keeps following live appends after parking, and a rebuild re-derives the parked list', async () => {
    const all = [...projections, registrationsProjection];
    const { runner } = await start(all, 3);
    const bad = randomUUID();
    await fixture.store.append(`user-${bad}`, [await userRegistered(fixture.db, bad, { email: BAD_EMAIL, firstName: NUL_NAME })], 'no_stream');
    let last = '';
    for (let id = 1; id <= 5; id += 1) last = (await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream')).position;
    await allReached(last);
    expect(await column('select count(*)::int as value from read_model.groups')).toEqual([5]);
    expect((await listParkedEvents(fixture.db)).map((entry) => entry.projection)).toEqual(['users']);
    abort.abort();
    await running;
    running = null;

    const live = await readModelDigest(fixture.db);
    const before = (await listParkedEvents(fixture.db))[0]!;
    expect(await rebuildReadModels({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections: all })).toMatchObject({ parked: 1 });
    expect(await readModelDigest(fixture.db)).toEqual(live);
    const after = await listParkedEvents(fixture.db);
    expect(after).toEqual([expect.objectContaining({ projection: 'users', position: before.position, error: before.error })]);
    expect(after[0]!.parkedAt.getTime()).toBeGreaterThanOrEqual(before.parkedAt.getTime());
    expect(runner.positions.get('users')).toBe(last);
  });

  it('parks an event it cannot decode for every projection of decoded events that handles its type, without the data, and moves on; the Merkle log commits to it', async () => {
    const brokenId = randomUUID();
    const { position: broken } = await fixture.store.append(
      'group-1',
      [{ id: brokenId, type: 'GroupCreated', data: { groupId: 'secret-value-42' }, metadata: { schemaVersion: 1 } }],
      'no_stream',
    );
    const { position: last } = await fixture.store.append('group-2', [groupCreated(2)], 'no_stream');
    const { log } = await start(projections);
    await allReached(last);
    expect(await column('select name as value from read_model.groups')).toEqual(['Group 2']);
    const parked = await listParkedEvents(fixture.db);
    // groups, delegation and search handle GroupCreated; the projections that do not are neither handed it nor held up by it.
    const decoding = projections
      .filter((projection) => projection.input !== 'stored' && projection.handles.has('GroupCreated'))
      .map((projection) => projection.name);
    expect(decoding.sort()).toEqual(['delegation', 'groups', 'search']);
    expect(parked.map((entry) => entry.projection).sort()).toEqual(decoding);
    // Every event has its leaf, in order: the log commits to what is stored, decodable or not.
    expect(await column(`select event_id::text || ' ' || position as value from read_model.merkle_leaves order by leaf_index`)).toEqual([
      `${brokenId} ${broken}`,
      expect.stringMatching(new RegExp(` ${last}$`)),
    ]);
    for (const entry of parked) {
      expect(entry).toMatchObject({ position: broken, eventType: 'GroupCreated', error: { code: 'invalid_data' } });
      expect(entry.error.message).toContain('invalid_type at groupId');
    }
    expect(JSON.stringify(parked) + JSON.stringify(log.lines)).not.toContain('secret-value');
  });

  it('retries a transient failure (a cancelled statement, then a serialization failure) and parks nothing', async () => {
    let calls = 0;
    const flaky: Projection = {
      name: 'flaky',
      version: 1,
      handles: new Set(['GroupCreated']),
      async createTables(db, schema) {
        await sql`create table ${sql.id(schema, 'flaky_groups')} (id integer primary key)`.execute(db);
      },
      async apply(db, schema, events) {
        for (const event of events) {
          if (event.type !== 'GroupCreated') continue;
          calls += 1;
          // First the statement is cancelled under the batch, then PostgreSQL refuses it once more as a serialization failure.
          if (calls === 1) {
            await sql`select set_config('statement_timeout', '10', true)`.execute(db);
            await sql`select pg_sleep(1)`.execute(db);
          }
          if (calls === 2) await sql`do $$ begin raise exception 'could not serialize access' using errcode = 'serialization_failure'; end $$`.execute(db);
          await sql`insert into ${sql.id(schema, 'flaky_groups')} values (${(event.data as { groupId: number }).groupId})`.execute(db);
        }
      },
    };
    const { position: last } = await fixture.store.append('group-7', [groupCreated(7)], 'no_stream');
    const { log } = await start([...projections, flaky]);
    await allReached(last);
    expect(await column('select id as value from read_model.flaky_groups')).toEqual([7]);
    expect(await column('select name as value from read_model.groups')).toEqual(['Group 7']);
    expect(await listParkedEvents(fixture.db)).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ message: 'projection batch failed; retrying', fields: expect.objectContaining({ projection: 'flaky', code: '40001' }) }),
    );
  });

  it('tries an event twice before parking: a failure that does not repeat parks nothing', async () => {
    let failures = 0;
    const once: Projection = {
      name: 'once',
      version: 1,
      handles: new Set(['GroupCreated']),
      async createTables(db, schema) {
        await sql`create table ${sql.id(schema, 'once_groups')} (id integer primary key)`.execute(db);
      },
      async apply(db, schema, events) {
        for (const event of events) {
          if (event.type !== 'GroupCreated') continue;
          // A data exception on the first three tries only (the batch, its careful pass, the first try alone): the second try alone applies.
          if (failures < 3) {
            failures += 1;
            await sql`select 1 / 0`.execute(db);
          }
          await sql`insert into ${sql.id(schema, 'once_groups')} values (${(event.data as { groupId: number }).groupId})`.execute(db);
        }
      },
    };
    const { position: last } = await fixture.store.append('group-3', [groupCreated(3)], 'no_stream');
    await start([...projections, once]);
    await allReached(last);
    expect(await column('select id as value from read_model.once_groups')).toEqual([3]);
    expect(await listParkedEvents(fixture.db)).toEqual([]);
  });
});
