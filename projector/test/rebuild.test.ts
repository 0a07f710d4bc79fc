import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { READ_MODELS_CHANNEL, readCheckpoints, schemaExists } from '@civitas/service-kit/read-models';
import { ProjectorService, buildFreshReadModels, projections, readModelDigest, rebuildReadModels } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

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
  // Waits for the last append's own position: headPosition() trails it while a projector transaction is open.
  const waitForHead = async (service: ProjectorService) => {
    expect(await eventually(async () => service.runner.positions.get('groups'), (position) => position === lastAppended)).toBe(lastAppended);
  };

  it('creates the read models on first start, rebuilds byte-identical ones and swaps them in under a live projector', async () => {
    const service = new ProjectorService({ connectionString: fixture.database.url, store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
    await service.start();
    expect(await schemaExists(fixture.db, 'read_model')).toBe(true);
    for (let id = 1; id <= 300; id += 1) await append(id);
    await waitForHead(service);
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
    await waitForHead(service);
    const after = await readModelDigest(fixture.db);
    expect(after.groups).toMatch(/^320:/);
    expect((await readCheckpoints(fixture.db)).get('groups')).toBe(lastAppended);
    await service.stop();
    const leftovers = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 'read_model%'`.execute(fixture.db);
    expect(leftovers.rows.map((row) => row.nspname)).toEqual(['read_model']);
  });
});
