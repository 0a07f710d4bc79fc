import { projectorIsUp } from '@civitas/service-kit/health';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectorService, projections } from '../src/index';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProjectorService leadership', () => {
  let fixture: ProjectorFixture;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => fixture.close());

  const service = () => new ProjectorService({ connectionString: fixture.database.url, store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
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
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'civitas-projector' and datname = current_database()`.execute(fixture.db);
    await fixture.store.append('group-3', [groupCreated(3)], 'no_stream');
    await eventually(async () => (await groupCount()) === 3 && (await projectorIsUp(fixture.db)()));
    await projector.stop();
  });
});
