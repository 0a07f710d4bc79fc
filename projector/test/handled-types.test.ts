import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_SCHEMA, readCheckpoints } from '@civitas/service-kit/read-models';
import { ProjectionRunner, createReadSchema, projections, type Projection } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';
import { noteWritten } from './parking-fixture';

/** What each call of a projection was handed: the types of its events. */
function recording(name: string, handles: string[]): Projection & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    name,
    version: 1,
    handles: new Set(handles),
    calls,
    createTables: async () => undefined,
    apply: async (_db, _schema, events) => {
      calls.push(events.map((event) => event.type));
    },
  };
}

describe('projections declare the event types they handle', () => {
  let fixture: ProjectorFixture;
  let abort: AbortController;
  let running: Promise<void> | null = null;
  beforeEach(async () => {
    fixture = await createProjectorFixture();
    abort = new AbortController();
  });
  afterEach(async () => {
    abort.abort();
    await running;
    await fixture.close();
  });

  it('hands a projection only its types, and does not call it for a batch with none of them; its checkpoint moves all the same', async () => {
    const notes = recording('noted', ['NoteWritten']);
    const groups = recording('grouped', ['GroupCreated']);
    const all = [...projections, notes, groups];
    await fixture.store.append('group-1', [groupCreated(1)], 'no_stream');
    const { position: onlyGroups } = await fixture.store.append('group-2', [groupCreated(2)], 'no_stream');
    await createReadSchema(fixture.db, READ_SCHEMA, all);
    const runner = new ProjectionRunner({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections: all, batchSize: 50 });
    running = runner.run(abort.signal);
    const reached = async (position: string) =>
      eventually(
        () => readCheckpoints(fixture.db),
        (checkpoints) => [...checkpoints.values()].every((at) => at === position),
      );

    await reached(onlyGroups);
    expect(notes.calls).toEqual([]);
    expect(groups.calls.flat()).toEqual(['GroupCreated', 'GroupCreated']);

    await fixture.store.append('notes-1', [noteWritten(1, 'a note')], 'no_stream');
    const { position: last } = await fixture.store.append('group-3', [groupCreated(3)], 'no_stream');
    await reached(last);
    expect(notes.calls.flat()).toEqual(['NoteWritten']);
    expect(groups.calls.flat()).toEqual(['GroupCreated', 'GroupCreated', 'GroupCreated']);
  });

  it('declares, for every projection of decoded events, at least one type the registry knows', () => {
    for (const projection of projections) {
      if (projection.input === 'stored') continue;
      expect({ name: projection.name, handles: projection.handles.size > 0 }).toEqual({ name: projection.name, handles: true });
      for (const type of projection.handles)
        expect({ name: projection.name, type, known: fixture.registry.has(type) }).toEqual({ name: projection.name, type, known: true });
    }
  });
});
