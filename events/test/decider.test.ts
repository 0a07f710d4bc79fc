import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventIdFor, handleCommand, type Decider } from '../src/decider';
import { ConflictError } from '../src/errors';
import { EventRegistry, defineEvent, type EventOf } from '../src/registry';
import { createPostgresStore, type StoreFixture } from './postgres-store.fixture';

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
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => handleCommand(fixture.store, registry, stream, counter, { by: 1, max: 5 }, context(), { maxAttempts: 20 })));
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

  it('refuses events that do not match their schema', async () => {
    const bad: Decider<null, CounterEvent, number> = { ...counter, decide: () => [{ type: 'CounterIncremented', data: { by: 1.5 } }] };
    await expect(handleCommand(fixture.store, registry, `counter-${randomUUID()}`, bad, null, context())).rejects.toThrow();
  });
});
