import { projectorIsUp } from '@civitas/service-kit/health';
import { sql } from 'kysely';
import { readCheckpoints } from '@civitas/service-kit/read-models';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProjectorService, projections, type Projection } from '../src/index';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProjectorService leadership', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  const service = () =>
    new ProjectorService({ connectionString: fixture.database.url, store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
  const groupCount = async () => Number((await sql<{ count: string }>`select count(*) from read_model.groups`.execute(fixture.db)).rows[0]!.count);
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 300 && !(await check()); tries += 1) await sleep(20);
    expect(await check()).toBe(true);
  };

  it('lets one projector lead, a second stand by and take over when the first stops', async () => {
    const first = service();
    await first.start();
    const second = service();
    const standingBy = second.start();
    await fixture.store.append('group-1', [groupCreated(1)], 'no_stream');
    await eventually(async () => (await groupCount()) === 1);
    await first.stop();
    await standingBy;
    await fixture.store.append('group-2', [groupCreated(2)], 'no_stream');
    await eventually(async () => (await groupCount()) === 2);
    expect(await projectorIsUp(fixture.db)()).toBe(true);
    await second.stop();
    expect(await projectorIsUp(fixture.db)()).toBe(false);
  });

  it('regains the lock and carries on after its lock connection is killed', async () => {
    const projector = service();
    await projector.start();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'civitas-projector' and datname = current_database()`.execute(
      fixture.db,
    );
    await fixture.store.append('group-3', [groupCreated(3)], 'no_stream');
    await eventually(async () => (await groupCount()) === 3 && (await projectorIsUp(fixture.db)()));
    await projector.stop();
  });
});

describe('ProjectorService lanes', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  it('runs each lane in its own transactions: a held lane does not hold back the others, and catches up after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: Projection = {
      name: 'held',
      version: 1,
      lane: { name: 'held' },
      handles: new Set(['GroupCreated']),
      createTables: async (db, schema) => {
        await sql`create table ${sql.id(schema, 'held_positions')} (position text primary key)`.execute(db);
      },
      apply: async (db, schema, events) => {
        await gate;
        await sql`insert into ${sql.id(schema, 'held_positions')} select unnest(${events.map((event) => event.position)}::text[])`.execute(db);
      },
    };
    const projector = new ProjectorService({
      connectionString: fixture.database.url,
      store: fixture.store,
      db: fixture.db,
      registry: fixture.registry,
      projections: [...projections, held],
    });
    await projector.start();
    const { position } = await fixture.store.append('group-10', [groupCreated(10)], 'no_stream');
    await vi.waitFor(() => expect(projector.positions.get('groups')).toBe(position), { timeout: 10_000 });
    expect((await readCheckpoints(fixture.db)).get('groups')).toBe(position);
    expect(projector.positions.get('held')).not.toBe(position);
    release();
    await vi.waitFor(() => expect(projector.positions.get('held')).toBe(position), { timeout: 10_000 });
    const rows = await sql<{ position: string }>`select position from read_model.held_positions`.execute(fixture.db);
    expect(rows.rows.map((row) => row.position)).toContain(position);
    await projector.stop();
  });
});
