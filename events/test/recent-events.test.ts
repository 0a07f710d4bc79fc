import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { createPostgresStore } from '../../test-support/test-event-store';
import type { RecordedEvent } from '../src/event-store';
import { START_POSITION, encodePosition } from '../src/position';
import { groupStream } from '../src/streams';
import { RecentEvents } from '../src/postgres/recent-events';

const eventAt = (index: number): RecordedEvent => ({
  id: `event-${index}`,
  type: 'GroupCreated',
  data: { index },
  metadata: {},
  streamId: `group-${index}`,
  streamPosition: 1,
  position: encodePosition(BigInt(index * 3 + 7), BigInt(index)),
  recordedAt: new Date(0),
});

/** What the store would answer: every event after `from`, at most `limit`. */
const storeRead = (log: readonly RecordedEvent[], from: string, limit: number) => log.filter((event) => event.position > from).slice(0, limit);

describe('RecentEvents: the newest events one reader read, for the others', () => {
  it('answers only what a read of the store would, whatever reads were recorded before', () => {
    const read = fc.record({ from: fc.integer({ min: -1, max: 59 }), limit: fc.integer({ min: 1, max: 25 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.tuple(read, read), { maxLength: 40 }), (capacity, steps) => {
        const log = Array.from({ length: 60 }, (_, index) => eventAt(index));
        const positionOf = (index: number) => (index < 0 ? START_POSITION : log[index]!.position);
        const recent = new RecentEvents(capacity);
        for (const [recorded, asked] of steps) {
          const from = positionOf(recorded.from);
          recent.record(from, storeRead(log, from, recorded.limit));
          const askedFrom = positionOf(asked.from);
          const held = recent.after(askedFrom, asked.limit);
          if (held === null) continue;
          // What it holds is a prefix of the store's answer: the caller reads the rest after it.
          const truth = storeRead(log, askedFrom, asked.limit);
          expect(held.length).toBeGreaterThan(0);
          expect(held).toEqual(truth.slice(0, held.length));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('serves a reader behind another from what the one ahead read, and keeps the newest when an older stretch is read', () => {
    const log = Array.from({ length: 30 }, (_, index) => eventAt(index));
    const recent = new RecentEvents(100);
    recent.record(START_POSITION, log.slice(0, 10));
    recent.record(log[9]!.position, log.slice(10, 20));
    expect(recent.after(log[4]!.position, 50)).toEqual(log.slice(5, 20));
    expect(recent.after(log[19]!.position, 50)).toBeNull();

    // A read past its end replaces it; a read of an older stretch leaves it.
    recent.record(log[24]!.position, log.slice(25, 30));
    expect(recent.after(log[4]!.position, 50)).toBeNull();
    recent.record(START_POSITION, log.slice(0, 5));
    expect(recent.after(log[24]!.position, 50)).toEqual(log.slice(25, 30));
  });

  it('keeps nothing at capacity 0 (a process with a single reader of the store)', () => {
    const log = Array.from({ length: 10 }, (_, index) => eventAt(index));
    const recent = new RecentEvents(0);
    recent.record(START_POSITION, log.slice(0, 5));
    recent.record(log[4]!.position, log.slice(5));
    expect(recent.after(START_POSITION, 10)).toBeNull();
    expect(recent.after(log[4]!.position, 10)).toBeNull();
  });

  it('holds at most twice its capacity, dropping the oldest', () => {
    const log = Array.from({ length: 100 }, (_, index) => eventAt(index));
    const recent = new RecentEvents(10);
    let from = START_POSITION;
    for (let start = 0; start < 100; start += 5) {
      recent.record(from, log.slice(start, start + 5));
      from = log[start + 4]!.position;
    }
    expect(recent.after(log[50]!.position, 100)).toBeNull();
    expect(recent.after(log[89]!.position, 100)).toEqual(log.slice(90));
  });
});

describe('PostgresEventStore.readAll with readers one behind another', () => {
  it('reads from PostgreSQL only the events no reader here has read, and answers the same', async () => {
    const fixture = await createPostgresStore();
    try {
      const { store } = fixture;
      for (let group = 1; group <= 30; group++)
        await store.append(groupStream(group), [{ id: crypto.randomUUID(), type: 'GroupCreated', data: { group } }], 'no_stream');
      // Appends become readable once every older transaction on the server has ended (other test files share it):
      // wait for all 30 with a read that goes to the server and is not kept.
      await eventually(
        () => store.readAll(START_POSITION, { batchSize: 100, types: ['GroupCreated'] }),
        (events) => events.length === 30,
      );
      const ahead = await store.readAll(START_POSITION, { batchSize: 20 });
      const query = vi.spyOn(store.pool, 'query');
      // Reads of events only: the store's own NOTIFY after the appends may go out meanwhile on a busy machine.
      const eventReads = () => query.mock.calls.filter(([config]) => String((config as { name?: string }).name).startsWith('civitas_read_all')).length;
      // A reader behind the first: all it asks for was read already.
      expect(await store.readAll(ahead[4]!.position, { batchSize: 10 })).toEqual(ahead.slice(5, 15));
      expect(eventReads()).toBe(0);
      // Asking past what was read, it reads only the rest from the server.
      const behind = await store.readAll(ahead[14]!.position, { batchSize: 100 });
      expect(eventReads()).toBe(1);
      expect(behind.map((event) => event.data)).toEqual(Array.from({ length: 15 }, (_, index) => ({ group: index + 16 })));
      // And the types-filtered reads of a rebuild always go to the server.
      expect(await store.readAll(START_POSITION, { batchSize: 5, types: ['GroupCreated'] })).toEqual(ahead.slice(0, 5));
      expect(eventReads()).toBe(2);
    } finally {
      await fixture.close();
    }
  });
});
