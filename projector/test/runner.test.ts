import { START_POSITION } from '@civitas/events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_MODELS_CHANNEL, READ_SCHEMA, readCheckpoints, type ChangeNotice } from '@civitas/service-kit/read-models';
import { createReadSchema, projections, ProjectionRunner } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';

describe('ProjectionRunner', () => {
  let fixture: ProjectorFixture;
  beforeEach(async () => {
    fixture = await createProjectorFixture();
    await createReadSchema(fixture.db, READ_SCHEMA, projections);
  });
  afterEach(async () => fixture.close());

  const runner = () => new ProjectionRunner({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections, batchSize: 3 });
  const append = async (id: number) => (await fixture.store.append(`group-${id}`, [groupCreated(id)], 'no_stream')).position;
  /** Catches up until the runner has reached `position` (visibility may lag behind other transactions). */
  const catchUpTo = async (projector: ProjectionRunner, position: string) => {
    let events = 0;
    await eventually(
      async () => ((events += await projector.catchUp()), projector.positions.get('groups')),
      (reached) => reached === position,
    );
    return events;
  };
  const groupNames = async () => (await sql<{ name: string }>`select name from read_model.groups order by id`.execute(fixture.db)).rows.map((row) => row.name);

  it('projects events in batches and moves the checkpoint to the last position', async () => {
    let last = '';
    for (let id = 1; id <= 7; id += 1) last = await append(id);
    const projector = runner();
    await projector.loadCheckpoints();
    expect(await catchUpTo(projector, last)).toBe(7);
    expect(await groupNames()).toEqual(['Group 1', 'Group 2', 'Group 3', 'Group 4', 'Group 5', 'Group 6', 'Group 7']);
    expect((await readCheckpoints(fixture.db)).get('groups')).toBe(last);
  });

  it('applies a batch exactly once even when two runners deliver it', async () => {
    await append(1);
    const first = runner();
    const stale = runner();
    await first.loadCheckpoints();
    await stale.loadCheckpoints();
    const batch = await eventually(
      () => fixture.store.readAll(START_POSITION),
      (events) => events.length === 1,
    );
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
    const position = await append(5);
    const projector = runner();
    await projector.loadCheckpoints();
    await catchUpTo(projector, position);
    await eventually(
      async () => notices.length,
      (count) => count > 0,
      2000,
    );
    await listener.end();
    expect(notices).toEqual([{ position, projections: projections.map((projection) => projection.name), changes: { groups: [5] } }]);
  });

  it('skips an event it cannot decode instead of stalling', async () => {
    await fixture.store.append(
      'group-1',
      [{ id: crypto.randomUUID(), type: 'GroupCreated', data: { groupId: 'not a number' }, metadata: { schemaVersion: 1 } }],
      'no_stream',
    );
    const last = await append(2);
    const projector = runner();
    await projector.loadCheckpoints();
    await catchUpTo(projector, last);
    expect(await groupNames()).toEqual(['Group 2']);
  });

  it('follows live appends until stopped', async () => {
    const projector = runner();
    const abort = new AbortController();
    const committed: string[] = [];
    projector.on('committed', ({ position }) => committed.push(position));
    const running = projector.run(abort.signal);
    let head = '';
    // The append's own position: headPosition() trails it while the runner's transaction is open.
    for (let id = 10; id < 20; id += 1) head = await append(id);
    await eventually(
      async () => committed.at(-1),
      (position) => position === head,
    );
    abort.abort();
    await running;
    expect(await groupNames()).toHaveLength(10);
    expect(committed.at(-1)).toBe(head);
  });
});
