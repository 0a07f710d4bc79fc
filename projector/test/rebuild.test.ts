import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { READ_MODELS_CHANNEL, readCheckpoints, schemaExists } from '@civitas/service-kit/read-models';
import { ProjectorService, buildFreshReadModels, projections, readModelDigest, rebuildReadModels, type Projection } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

/** Waits until every projection of the service (each lane) has applied the given append's own position (headPosition() trails it while a projector transaction is open). */
async function caughtUp(service: ProjectorService, position: string): Promise<void> {
  const behind = () => [...service.positions].filter(([, at]) => at !== position).map(([name]) => name);
  expect(
    await eventually(
      async () => behind(),
      (names) => names.length === 0,
    ),
  ).toEqual([]);
}

describe('rebuilding read models', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  let lastAppended = '';
  const append = async (id: number) => {
    lastAppended = (await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream')).position;
  };

  it('creates the read models on first start, rebuilds byte-identical ones and swaps them in under a live projector', async () => {
    const service = new ProjectorService({
      connectionString: fixture.database.url,
      store: fixture.store,
      db: fixture.db,
      registry: fixture.registry,
      projections,
    });
    await service.start();
    expect(await schemaExists(fixture.db, 'read_model')).toBe(true);
    for (let id = 1; id <= 300; id += 1) await append(id);
    await caughtUp(service, lastAppended);
    const live = await readModelDigest(fixture.db);
    expect(live.groups).toMatch(/^300:/);

    const listener = new pg.Client({ connectionString: fixture.database.url });
    await listener.connect();
    await listener.query(`listen ${READ_MODELS_CHANNEL}`);
    const notices: string[] = [];
    listener.on('notification', (message) => notices.push(message.payload!));
    const fresh = await buildFreshReadModels({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
    expect(await readModelDigest(fixture.db, fresh.schema)).toEqual(live);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.end();
    // A scratch schema's progress is not the live read models': announcing it would end read-your-writes waits early.
    expect(notices).toEqual([]);
    await sql`drop schema ${sql.id(fresh.schema)} cascade`.execute(fixture.db);

    await rebuildReadModels({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
    expect(await readModelDigest(fixture.db)).toEqual(live);

    // The live projector notices the swap (its compare-and-set fails) and carries on from the rebuilt checkpoint.
    for (let id = 301; id <= 320; id += 1) await append(id);
    await caughtUp(service, lastAppended);
    const after = await readModelDigest(fixture.db);
    expect(after.groups).toMatch(/^320:/);
    expect((await readCheckpoints(fixture.db)).get('groups')).toBe(lastAppended);
    await service.stop();
    const leftovers = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 'read_model%'`.execute(fixture.db);
    expect(leftovers.rows.map((row) => row.nspname)).toEqual(['read_model']);
  });
});

describe('rebuilding only the projections whose version changed', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  const options = (set: readonly Projection[]) => ({
    connectionString: fixture.database.url,
    store: fixture.store,
    db: fixture.db,
    registry: fixture.registry,
    projections: set,
  });
  const bumped = (name: string) =>
    projections.map((projection) => (projection.name === name ? { ...projection, version: projection.version + 1 } : projection));
  /** Each live table's identity: a rebuilt table is a new one, a kept one keeps its oid. */
  const tableOids = async () => {
    const result = await sql<{ relname: string; oid: number }>`
      select relname, oid::int as oid from pg_class where relnamespace = 'read_model'::regnamespace and relkind = 'r'`.execute(fixture.db);
    return new Map(result.rows.map((row) => [row.relname, row.oid]));
  };
  const versions = async () => {
    const result = await sql<{ name: string; version: number }>`select name, version from read_model.projection_checkpoints`.execute(fixture.db);
    return new Map(result.rows.map((row) => [row.name, row.version]));
  };
  let lastAppended = '';
  const append = async (id: number) => {
    lastAppended = (await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream')).position;
  };

  it("leaves every other projection's rows, tables, checkpoints and parked events untouched", async () => {
    const first = new ProjectorService(options(projections));
    await first.start();
    for (let id = 1; id <= 50; id += 1) await append(id);
    await caughtUp(first, lastAppended);
    await first.stop();
    // An event the users projection once parked: a rebuild of groups must not take it away.
    await sql`insert into read_model.parked_events (projection, position, event_id, event_type, stream_id, error_code, error_message)
      values ('users', ${lastAppended}, ${'00000000-0000-4000-8000-000000000001'}, 'UserRegistered', 'user-x', '22021', 'kept')`.execute(fixture.db);
    const tablesBefore = await tableOids();
    const checkpointsBefore = await readCheckpoints(fixture.db);
    const digestBefore = await readModelDigest(fixture.db);

    const second = new ProjectorService(options(bumped('groups')));
    await second.start();
    const tablesAfter = await tableOids();
    for (const [table, oid] of tablesBefore) {
      if (table === 'groups' || table === 'group_members') expect(tablesAfter.get(table), table).not.toBe(oid);
      else expect(tablesAfter.get(table), table).toBe(oid);
    }
    const checkpointsAfter = await readCheckpoints(fixture.db);
    for (const [name, position] of checkpointsBefore) expect(checkpointsAfter.get(name), name).toBe(position);
    expect((await versions()).get('groups')).toBe(projections.find((projection) => projection.name === 'groups')!.version + 1);
    // Every row the same (the checkpoints' positions are checked above; groups' row now has its new version).
    const { projection_checkpoints: _checkpoints, ...rows } = digestBefore;
    expect(await readModelDigest(fixture.db)).toMatchObject(rows);
    const parked = await sql<{ projection: string }>`select projection from read_model.parked_events`.execute(fixture.db);
    expect(parked.rows).toEqual([{ projection: 'users' }]);

    // The rebuilt projection follows live from its rebuilt checkpoint; a restart with the same versions rebuilds nothing.
    for (let id = 51; id <= 60; id += 1) await append(id);
    await caughtUp(second, lastAppended);
    await second.stop();
    const settled = await tableOids();
    const third = new ProjectorService(options(bumped('groups')));
    await third.start();
    expect(await tableOids()).toEqual(settled);
    await third.stop();
    expect((await readModelDigest(fixture.db)).groups).toMatch(/^60:/);
  });

  it('rebuilds one projection on demand under a live projector, which carries on from the swapped checkpoint', async () => {
    const service = new ProjectorService(options(projections));
    await service.start();
    const chatTable = (await tableOids()).get('chat_messages');
    const result = await rebuildReadModels(options(projections), ['groups']);
    expect(result.rebuilt).toEqual(['groups']);
    expect(result.setBased).toEqual(['groups']);
    expect((await tableOids()).get('chat_messages')).toBe(chatTable);
    for (let id = 61; id <= 70; id += 1) await append(id);
    await caughtUp(service, lastAppended);
    await service.stop();
    const fresh = await buildFreshReadModels(options(projections));
    expect(await readModelDigest(fixture.db)).toEqual(await readModelDigest(fixture.db, fresh.schema));
    await sql`drop schema ${sql.id(fresh.schema)} cascade`.execute(fixture.db);
    await expect(rebuildReadModels(options(projections), ['no_such'])).rejects.toThrow('no projection named no_such');
  });

  it('keeps the unchanged projections following the store while a changed one rebuilds', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const rebuilding = new Promise<void>((resolve) => (entered = resolve));
    // Records the positions it sees; version 2 holds its rebuild until the test lets it go (outside any
    // transaction: an open write transaction would hold back every reader of the store, the runners too).
    const seen = (version: number): Projection => ({
      name: 'seen',
      version,
      handles: new Set(['GroupCreated']),
      createTables: async (db, schema) => {
        if (version === 2) {
          entered();
          await gate;
        }
        await sql`create table ${sql.id(schema, 'seen_positions')} (position text primary key)`.execute(db);
      },
      apply: async (db, schema, events) => {
        await sql`insert into ${sql.id(schema, 'seen_positions')} select unnest(${events.map((event) => event.position)}::text[]) on conflict do nothing`.execute(
          db,
        );
      },
    });
    const first = new ProjectorService(options([...projections, seen(1)]));
    await first.start();
    await append(71);
    await caughtUp(first, lastAppended);
    await first.stop();

    const second = new ProjectorService(options([...projections, seen(2)]));
    const starting = second.start();
    await rebuilding;
    await append(72);
    // The rebuild is held inside `seen`, yet groups (and every other unchanged projection) moves on.
    const groupsAt = async () => (await readCheckpoints(fixture.db)).get('groups');
    expect(await eventually(groupsAt, (position) => position === lastAppended)).toBe(lastAppended);
    expect((await readCheckpoints(fixture.db)).get('seen')).not.toBe(lastAppended);
    release();
    await starting;
    await caughtUp(second, lastAppended);
    await second.stop();
    const rows = await sql<{ count: number }>`select count(*)::int as count from read_model.seen_positions`.execute(fixture.db);
    expect(rows.rows[0]!.count).toBeGreaterThanOrEqual(72);
  });
});
