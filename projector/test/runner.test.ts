import { START_POSITION } from '@civitas/events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_MODELS_CHANNEL, READ_SCHEMA, createReadSchema, projections, readCheckpoints, ProjectionRunner, type ChangeNotice } from '../src/index';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

describe('ProjectionRunner', () => {
  let fixture: ProjectorFixture;
  beforeEach(async () => {
    fixture = await createProjectorFixture();
    await createReadSchema(fixture.db, READ_SCHEMA, projections);
  });
  afterEach(async () => fixture.close());

  const runner = () => new ProjectionRunner({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections, batchSize: 3 });
  const groupNames = async () => (await sql<{ name: string }>`select name from read_model.groups order by id`.execute(fixture.db)).rows.map((row) => row.name);

  it('projects events in batches and moves the checkpoint to the last position', async () => {
    for (let id = 1; id <= 7; id += 1) await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream');
    const projector = runner();
    await projector.loadCheckpoints();
    expect(await projector.catchUp()).toBe(7);
    expect(await groupNames()).toEqual(['Group 1', 'Group 2', 'Group 3', 'Group 4', 'Group 5', 'Group 6', 'Group 7']);
    expect((await readCheckpoints(fixture.db)).get('groups')).toBe(await fixture.store.headPosition());
  });

  it('applies a batch exactly once even when two runners deliver it', async () => {
    await fixture.store.append('group-1', [groupCreated(1)], 'no_stream');
    const first = runner();
    const stale = runner();
    await first.loadCheckpoints();
    await stale.loadCheckpoints();
    const batch = await fixture.store.readAll(START_POSITION);
    await first.applyBatch(batch);
    await expect(stale.applyBatch(batch)).rejects.toThrow();
    expect(await groupNames()).toEqual(['Group 1']);
  });

  it('publishes a change notice with ids and the position after the batch commits', async () => {
    const listener = new pg.Client({ connectionString: fixture.database.url });
    await listener.connect();
    await listener.query(`listen ${READ_MODELS_CHANNEL}`);
    const notices: ChangeNotice[] = [];
    listener.on('notification', (message) => notices.push(JSON.parse(message.payload!)));
    await fixture.store.append('group-5', [groupCreated(5)], 'no_stream');
    const projector = runner();
    await projector.loadCheckpoints();
    await projector.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listener.end();
    expect(notices).toEqual([{ position: await fixture.store.headPosition(), projections: ['groups', 'users'], changes: { groups: [5] } }]);
  });

  it('skips an event it cannot decode instead of stalling', async () => {
    await fixture.store.append('group-1', [{ id: crypto.randomUUID(), type: 'GroupCreated', data: { groupId: 'not a number' }, metadata: { schemaVersion: 1 } }], 'no_stream');
    await fixture.store.append('group-2', [groupCreated(2)], 'no_stream');
    const projector = runner();
    await projector.loadCheckpoints();
    await projector.catchUp();
    expect(await groupNames()).toEqual(['Group 2']);
    expect(projector.positions.get('groups')).toBe(await fixture.store.headPosition());
  });

  it('follows live appends until stopped', async () => {
    const projector = runner();
    const abort = new AbortController();
    const committed: string[] = [];
    projector.on('committed', ({ position }) => committed.push(position));
    const running = projector.run(abort.signal);
    for (let id = 10; id < 20; id += 1) await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream');
    const head = await fixture.store.headPosition();
    for (let tries = 0; tries < 100 && committed.at(-1) !== head; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await running;
    expect(await groupNames()).toHaveLength(10);
    expect(committed.at(-1)).toBe(head);
  });
});
