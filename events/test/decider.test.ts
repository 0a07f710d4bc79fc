import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BoundedSnapshotCache, eventIdFor, handleCommand, type Decider } from '../src/decider';
import { ConflictError } from '../src/errors';
import { EventRegistry, defineEvent, type EventOf } from '../src/registry';
import { createPostgresStore, type StoreFixture } from '../../test-support/test-event-store';

const CounterIncremented = defineEvent('CounterIncremented', z.object({ by: z.number().int() }));
type CounterEvent = EventOf<typeof CounterIncremented>;
const counter: Decider<{ by: number; max: number }, CounterEvent, number> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (total + command.by > command.max) throw new ConflictError('limit reached');
    return [{ type: 'CounterIncremented', data: { by: command.by } }];
  },
};
const registry = new EventRegistry().register(CounterIncremented);
const context = () => ({ commandId: randomUUID(), actorId: 'tester', time: '2026-11-22T00:00:00.000Z' });

describe('handleCommand', () => {
  let fixture: StoreFixture;
  beforeAll(async () => {
    fixture = await createPostgresStore();
  });
  afterAll(async () => fixture.close());

  it('decides on fresh state after a version conflict, so concurrent commands keep the invariant', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => handleCommand(fixture.store, registry, stream, counter, { by: 1, max: 5 }, context(), { maxAttempts: 20 })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const read = await fixture.store.readStream(stream);
    expect(read.version).toBe(5);
    expect(read.events[0]!.metadata).toMatchObject({ actorId: 'tester', schemaVersion: 1, time: '2026-11-22T00:00:00.000Z' });
  });

  it('makes a retried command idempotent through deterministic event ids', async () => {
    const stream = `counter-${randomUUID()}`;
    const same = context();
    const first = await handleCommand(fixture.store, registry, stream, counter, { by: 2, max: 100 }, same);
    const events = (await fixture.store.readStream(stream)).events;
    expect(events.map((event) => event.id)).toEqual([eventIdFor(same.commandId, 0)]);
    // A client retrying after a lost answer: the append of the same ids succeeds without duplicating.
    await fixture.store.append(stream, [{ id: eventIdFor(same.commandId, 0), type: 'CounterIncremented', data: { by: 2 } }], 0).catch(() => undefined);
    expect((await fixture.store.readStream(stream)).version).toBe(1);
    expect(first.position).toBe(events[0]!.position);
  });

  it('applies a command id once: repeats, even concurrent ones, answer the first result', async () => {
    const stream = `counter-${randomUUID()}`;
    const same = context();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => handleCommand(fixture.store, registry, stream, counter, { by: 3, max: 100 }, same, { maxAttempts: 50 })),
    );
    const read = await fixture.store.readStream(stream);
    expect(read.version).toBe(1);
    // Those that raced the first append were absorbed by the store's idempotent append of the same event ids.
    expect(results.some((result) => result.replayed)).toBe(true);
    expect(new Set(results.map((result) => result.position))).toEqual(new Set([read.events[0]!.position]));
    expect(results.every((result) => result.state === 3)).toBe(true);
  });

  it('skips reading a stream it wrote last, and reads it again when another writer moved it on', async () => {
    const stream = `counter-${randomUUID()}`;
    const snapshots = new BoundedSnapshotCache();
    let reads = 0;
    const counting = Object.create(fixture.store, { readStream: { value: (id: string) => ((reads += 1), fixture.store.readStream(id)) } });
    await handleCommand(counting, registry, stream, counter, { by: 1, max: 100 }, context(), { snapshots });
    await handleCommand(counting, registry, stream, counter, { by: 1, max: 100 }, context(), { snapshots });
    expect(reads).toBe(1);
    // Someone else appends: the snapshot's expected version fails, the stream is read afresh.
    await handleCommand(fixture.store, registry, stream, counter, { by: 5, max: 100 }, context());
    const third = await handleCommand(counting, registry, stream, counter, { by: 1, max: 100 }, context(), { snapshots });
    expect(third.state).toBe(8);
    expect(reads).toBe(2);
    // A refusal is only given on state read from the store: a stale snapshot is checked first.
    await handleCommand(fixture.store, registry, stream, counter, { by: -8, max: 100 }, context());
    const allowed = await handleCommand(counting, registry, stream, counter, { by: 95, max: 100 }, context(), { snapshots });
    expect(allowed.state).toBe(95);
    expect(reads).toBe(3);
  });

  it('refuses events that do not match their schema', async () => {
    const bad: Decider<null, CounterEvent, number> = { ...counter, decide: () => [{ type: 'CounterIncremented', data: { by: 1.5 } }] };
    await expect(handleCommand(fixture.store, registry, `counter-${randomUUID()}`, bad, null, context())).rejects.toThrow();
  });
});
