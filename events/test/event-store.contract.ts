import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../src/errors';
import type { EventStore, NewEvent, RecordedEvent } from '../src/event-store';
import type { Position } from '../src/position';
import { eventually } from '../../test-support/eventually';

export interface ContractFixture {
  store: EventStore;
  /** Appends inside a transaction left open until `commit` (adapters with transactions only). */
  holdOpenAppend?: (streamId: string, events: NewEvent[]) => Promise<{ commit(): Promise<void> }>;
  close(): Promise<void>;
}

const newEvent = (type = 'Thing', data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type, data, metadata: { time: '2026-01-01T00:00:00.000Z' } });
const stream = () => `test-${randomUUID()}`;

async function collect(store: EventStore, from: Position, until: (events: RecordedEvent[]) => boolean, timeoutMs = 20_000) {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for await (const batch of store.subscribeAll(from, { signal: controller.signal, batchSize: 500 })) {
      seen.push(...batch);
      if (until(seen)) break;
    }
  } finally {
    clearTimeout(timer);
  }
  return seen;
}

/** The behaviour every EventStore adapter must show; run against each reachable one. */
export function eventStoreContract(name: string, createFixture: () => Promise<ContractFixture>) {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterAll(async () => fixture?.close());

    it('appends to a new stream with no_stream and reads it back in order', async () => {
      const id = stream();
      const events = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })];
      const result = await store.append(id, events, 'no_stream');
      expect(result.nextVersion).toBe(2);
      const read = await store.readStream(id);
      expect(read.version).toBe(2);
      expect(read.events.map((event) => [event.id, event.type, event.streamPosition])).toEqual([
        [events[0]!.id, 'A', 1],
        [events[1]!.id, 'B', 2],
      ]);
      expect(read.events[1]!.position).toBe(result.position);
      expect(read.events[0]!.data).toEqual({ n: 1 });
      expect(read.events[0]!.metadata.time).toBe('2026-01-01T00:00:00.000Z');
    });

    it('reads a missing stream as version 0 with no events', async () => {
      expect(await store.readStream(stream())).toEqual({ version: 0, events: [] });
    });

    it('refuses no_stream on an existing stream and exists on a missing one', async () => {
      const id = stream();
      await store.append(id, [newEvent()], 'no_stream');
      await expect(store.append(id, [newEvent()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(stream(), [newEvent()], 'exists')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [newEvent()], 'exists')).resolves.toMatchObject({ nextVersion: 2 });
    });

    it('checks an exact expected version and accepts any', async () => {
      const id = stream();
      await store.append(id, [newEvent(), newEvent()], 'no_stream');
      await expect(store.append(id, [newEvent()], 1)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [newEvent()], 3)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [newEvent()], 2)).resolves.toMatchObject({ nextVersion: 3 });
      await expect(store.append(id, [newEvent()], 'any')).resolves.toMatchObject({ nextVersion: 4 });
      await expect(store.append(stream(), [newEvent()], 'any')).resolves.toMatchObject({ nextVersion: 1 });
      expect((await store.readStream(id)).version).toBe(4);
    });

    it('treats a retry of the same event ids as a success without duplicates', async () => {
      const id = stream();
      const first = [newEvent(), newEvent()];
      const original = await store.append(id, first, 'no_stream');
      await expect(store.append(id, first, 'no_stream')).resolves.toEqual(original);
      const second = [newEvent()];
      const next = await store.append(id, second, 2);
      await expect(store.append(id, second, 2)).resolves.toEqual(next);
      await expect(store.append(id, second, 'any')).resolves.toEqual(next);
      expect((await store.readStream(id)).events).toHaveLength(3);
    });

    it('rejects a partial duplicate and a duplicate at another version', async () => {
      const id = stream();
      const [a, b] = [newEvent(), newEvent()];
      await store.append(id, [a!, b!], 'no_stream');
      await expect(store.append(id, [b!, newEvent()], 'any')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [b!, a!], 'any')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(id, [a!, b!], 1)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).events).toHaveLength(2);
    });

    it('lets exactly one of many concurrent appends at one version win', async () => {
      const id = stream();
      await store.append(id, [newEvent()], 'no_stream');
      const attempts = await Promise.allSettled(Array.from({ length: 25 }, () => store.append(id, [newEvent()], 1)));
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      for (const attempt of attempts.filter((a) => a.status === 'rejected')) {
        expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
      }
      const creators = await Promise.allSettled(Array.from({ length: 25 }, () => store.append(`${id}-new`, [newEvent()], 'no_stream')));
      expect(creators.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(id)).version).toBe(2);
    });

    it('keeps each append its own outcome among 100 at once, 10 of them conflicting', async () => {
      // Every tenth targets a stream that already exists, with 'no_stream' or a wrong version; the others create theirs.
      const plan = Array.from({ length: 100 }, (_, i) => ({ id: stream(), conflicts: i % 10 === 9 }));
      await Promise.all(plan.filter((planned) => planned.conflicts).map((planned) => store.append(planned.id, [newEvent('Before')], 'no_stream')));
      const expected = (i: number) => (!plan[i]!.conflicts ? 'no_stream' : i % 20 === 9 ? 'no_stream' : 5);
      const outcomes = await Promise.allSettled(plan.map((planned, i) => store.append(planned.id, [newEvent('Many', { i })], expected(i))));
      expect(outcomes.map((outcome) => outcome.status === 'rejected')).toEqual(plan.map((planned) => planned.conflicts));
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
      const read = await store.readStreams(plan.map((planned) => planned.id));
      expect(plan.map((planned) => read.get(planned.id)!.map((event) => event.type))).toEqual(plan.map((planned) => [planned.conflicts ? 'Before' : 'Many']));
    });

    it('reads all events in one total order, filtered by type on request', async () => {
      const from = await store.headPosition();
      const id = stream();
      await store.append(id, [newEvent('X'), newEvent('Y'), newEvent('X')], 'no_stream');
      const all = (
        await eventually(
          () => store.readAll(from),
          (events) => events.some((event) => event.streamId === id),
        )
      ).filter((event) => event.streamId === id);
      expect(all.map((event) => event.type)).toEqual(['X', 'Y', 'X']);
      expect([...all.map((e) => e.position)].sort()).toEqual(all.map((e) => e.position));
      expect((await store.readAll(from, { types: ['X'] })).filter((event) => event.streamId === id).map((event) => event.type)).toEqual(['X', 'X']);
      expect(await store.readAll(from, { batchSize: 2 })).toHaveLength(2);
      expect((await store.headPosition()) >= all[2]!.position).toBe(true);
    });

    it("reads a topic's events of the named types across streams, in total order", async () => {
      const topicId = randomUUID();
      const [first, second] = [stream(), stream()];
      const posted = newEvent('Posted', { topicId, n: 1 });
      await store.append(first, [posted, newEvent('Posted', { topicId: randomUUID(), n: 2 })], 'no_stream');
      const cast = newEvent('Cast', { topicId, n: 3 });
      await store.append(second, [newEvent('Unrelated', { topicId, n: 4 }), cast, newEvent('Cast', { n: 5 })], 'no_stream');
      const retracted = newEvent('Retracted', { topicId, n: 6 });
      await store.append(first, [retracted], 2);
      const read = await store.readTopicEvents(topicId, ['Posted', 'Cast', 'Retracted']);
      expect(read.map((event) => event.id)).toEqual([posted.id, cast.id, retracted.id]);
      expect([...read.map((event) => event.position)].sort()).toEqual(read.map((event) => event.position));
      expect(read[1]).toMatchObject({ streamId: second, streamPosition: 2, type: 'Cast', data: { topicId, n: 3 } });
      expect(await store.readTopicEvents(topicId, ['Cast'])).toHaveLength(1);
      expect(await store.readTopicEvents(randomUUID(), ['Posted', 'Cast'])).toEqual([]);
    });

    it("reads a group's delegation events across streams, in total order, and nothing else", async () => {
      const groupId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
      const assigned = newEvent('DelegationAssigned', { groupId, n: 1 });
      await store.append(
        stream(),
        [assigned, newEvent('DelegationAssigned', { groupId: groupId + 1, n: 2 }), newEvent('VoteCast', { groupId, n: 3 })],
        'no_stream',
      );
      const revoked = newEvent('DelegationRevoked', { groupId, n: 4 });
      await store.append(stream(), [revoked], 'no_stream');
      expect((await store.readDelegationEvents(groupId)).map((event) => event.id)).toEqual([assigned.id, revoked.id]);
    });

    it('reads the asked eligibility types across streams, in total order, and no other type', async () => {
      const [first, second] = [stream(), stream()];
      const registered = newEvent('UserRegistered', { n: 1 });
      const approved = newEvent('VerificationApproved', { n: 2 });
      // SubscriptionActivated is an eligibility type too, but not asked for; Thing is none.
      await store.append(first, [registered, newEvent('SubscriptionActivated', { n: 3 }), newEvent('Thing', { n: 4 })], 'no_stream');
      await store.append(second, [approved], 'no_stream');
      const removed = newEvent('VerificationRemoved', { n: 5 });
      await store.append(first, [removed], 3);
      const mine = (events: RecordedEvent[]) => events.filter((event) => event.streamId === first || event.streamId === second);
      const read = mine(await store.readEligibilityEvents(['UserRegistered', 'VerificationApproved', 'VerificationRemoved']));
      expect(read.map((event) => event.id)).toEqual([registered.id, approved.id, removed.id]);
      expect(read[1]).toMatchObject({ streamId: second, streamPosition: 1, type: 'VerificationApproved', data: { n: 2 } });
      expect(mine(await store.readEligibilityEvents(['SubscriptionActivated'])).map((event) => event.data)).toEqual([{ n: 3 }]);
      expect(mine(await store.readEligibilityEvents([]))).toEqual([]);
    });

    it("counts the accounts registered by a moment, by the command's time or else when recorded, each account once", async () => {
      const at = '2026-06-01T00:00:00.000Z';
      const registered = (userId: string, time?: string) => ({
        ...newEvent('UserRegistered', { userId }),
        metadata: time === undefined ? {} : { time },
      });
      const before = await store.countAccountsRegisteredBy(at);
      const [early, exact, late, twice] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await store.append(
        stream(),
        [registered(early, '2026-05-31T23:59:59.999Z'), registered(exact, at), registered(late, '2026-06-01T00:00:00.001Z')],
        'no_stream',
      );
      await store.append(stream(), [registered(twice, '2026-05-01T00:00:00.000Z'), registered(twice, '2026-05-02T00:00:00.000Z')], 'no_stream');
      // Without a command's time, the moment it was recorded counts: now, long after `at`, and before a moment to come.
      await store.append(stream(), [registered(randomUUID())], 'no_stream');
      expect((await store.countAccountsRegisteredBy(at)) - before).toBe(3);
      expect((await store.countAccountsRegisteredBy('2999-01-01T00:00:00.000Z')) - (await store.countAccountsRegisteredBy(at))).toBeGreaterThanOrEqual(2);
      expect(await store.countAccountsRegisteredBy('2000-01-01T00:00:00.000Z')).toBe(0);
    });

    it('reads several whole streams at once, each in stream order', async () => {
      const [first, second, empty] = [stream(), stream(), stream()];
      await store.append(first, [newEvent('A'), newEvent('B')], 'no_stream');
      await store.append(second, [newEvent('C')], 'no_stream');
      await store.append(first, [newEvent('D')], 2);
      const read = await store.readStreams([first, second, empty, first]);
      expect(read.get(first)!.map((event) => [event.type, event.streamPosition])).toEqual([
        ['A', 1],
        ['B', 2],
        ['D', 3],
      ]);
      expect(read.get(second)!.map((event) => event.type)).toEqual(['C']);
      expect(read.get(empty)).toEqual([]);
    });

    it("reads a topic's committed events at once, even behind an older open transaction", async (context) => {
      if (!fixture.holdOpenAppend) return context.skip();
      const topicId = randomUUID();
      const held = await fixture.holdOpenAppend(stream(), [newEvent('Early', { topicId })]);
      try {
        const late = newEvent('Late', { topicId });
        await store.append(stream(), [late], 'no_stream');
        // Closing a topic wants every vote that has committed; it keeps no checkpoint a late commit could pass.
        expect((await store.readTopicEvents(topicId, ['Early', 'Late'])).map((event) => event.id)).toEqual([late.id]);
      } finally {
        await held.commit();
      }
      expect((await store.readTopicEvents(topicId, ['Early', 'Late'])).map((event) => event.type)).toEqual(['Early', 'Late']);
    });

    it('knows the newest committed event even behind an older open transaction, which readers do not see yet', async (context) => {
      if (!fixture.holdOpenAppend) return context.skip();
      const held = await fixture.holdOpenAppend(stream(), [newEvent('Early')]);
      try {
        const { position } = await store.append(stream(), [newEvent('Late')], 'no_stream');
        expect(await store.lastCommittedPosition()).toBe(position);
        expect((await store.headPosition()) < position).toBe(true);
      } finally {
        await held.commit();
      }
    });

    it('never skips an event whose transaction commits after a later one', async (context) => {
      if (!fixture.holdOpenAppend) return context.skip();
      // Not the head readers see: another database's open transaction on the same server holds that
      // back (visibility is cluster-wide), and earlier tests' events would then come after it.
      const from = await store.lastCommittedPosition();
      const early = newEvent('Early');
      const held = await fixture.holdOpenAppend(stream(), [early]);
      const late = newEvent('Late');
      await store.append(stream(), [late], 'no_stream');
      // The later transaction has committed, but the earlier one is still open: nothing is final yet.
      expect(await store.readAll(from)).toEqual([]);
      await held.commit();
      const once = await eventually(
        () => store.readAll(from),
        (events) => events.length >= 2,
      );
      expect(once.map((event) => event.id)).toEqual([early.id, late.id]);
      expect((await store.readAll(from)).map((event) => event.position)).toEqual(once.map((event) => event.position));
    });

    it('starts a subscription strictly after the given position and resumes from a checkpoint', async () => {
      const id = stream();
      const appended = [newEvent('S', { i: 0 }), newEvent('S', { i: 1 }), newEvent('S', { i: 2 }), newEvent('S', { i: 3 })];
      for (const event of appended) await store.append(id, [event], 'any');
      const read = (await store.readStream(id)).events;
      const afterFirst = await collect(store, read[0]!.position, (seen) => seen.some((e) => e.id === appended[1]!.id));
      expect(afterFirst[0]!.id).toBe(appended[1]!.id);
      const checkpoint = afterFirst.find((e) => e.id === appended[1]!.id)!.position;
      const resumed = await collect(store, checkpoint, (seen) => seen.some((e) => e.id === appended[3]!.id));
      expect(resumed.filter((e) => e.streamId === id).map((e) => e.id)).toEqual([appended[2]!.id, appended[3]!.id]);
    });

    it('on request, gathers what is announced for a while after a short batch and delivers it in one batch', async () => {
      const gatherMs = 400;
      const from = await store.lastCommittedPosition();
      const first = newEvent('Gather');
      const later = Array.from({ length: 5 }, () => newEvent('Gather'));
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 20_000);
      const batches: Array<{ ids: string[]; at: number }> = [];
      const appendSpread = async (events: NewEvent[], everyMs: number) => {
        for (const event of events) {
          await store.append(stream(), [event], 'no_stream');
          await new Promise((resolve) => setTimeout(resolve, everyMs));
        }
      };
      let appending: Promise<void> = Promise.resolve();
      try {
        await store.append(stream(), [first], 'no_stream');
        for await (const batch of store.subscribeAll(from, { signal: controller.signal, batchSize: 500, gather: { afterBatchOf: 1, ms: gatherMs } })) {
          batches.push({ ids: batch.filter((event) => event.type === 'Gather').map((event) => event.id), at: performance.now() });
          // Spread over the pause, not awaited: a subscriber woken by each announcement would take them one by one.
          if (batches.length === 1) appending = appendSpread(later, 40);
          if (batches.flatMap((item) => item.ids).length >= 1 + later.length) break;
        }
      } finally {
        clearTimeout(timer);
        await appending;
      }
      expect(batches.map((item) => item.ids)).toEqual([[first.id], later.map((event) => event.id)]);
      expect(batches[1]!.at - batches[0]!.at).toBeGreaterThanOrEqual(gatherMs - 20);
    });

    it('does not gather after a batch smaller than asked: a quiet store is followed at once', async () => {
      const from = await store.headPosition();
      const [first, second] = [newEvent('Quiet'), newEvent('Quiet')];
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 20_000);
      const arrivals: number[] = [];
      let appendedAt = 0;
      try {
        await store.append(stream(), [first], 'no_stream');
        for await (const batch of store.subscribeAll(from, { signal: controller.signal, batchSize: 500, gather: { afterBatchOf: 2, ms: 5_000 } })) {
          if (!batch.some((event) => event.type === 'Quiet')) continue;
          arrivals.push(performance.now());
          if (arrivals.length === 2) break;
          appendedAt = performance.now();
          void store.append(stream(), [second], 'no_stream');
        }
      } finally {
        clearTimeout(timer);
      }
      expect(arrivals[1]! - appendedAt).toBeLessThan(2_000);
    });

    it('delivers every event exactly once to a live subscriber under 1,000 concurrent writers', async () => {
      const from = await store.headPosition();
      const ids = new Set<string>();
      const writers = Array.from({ length: 1000 }, () => newEvent('Load'));
      writers.forEach((event) => ids.add(event.id));
      const received = collect(store, from, (seen) => seen.filter((e) => e.type === 'Load').length >= writers.length, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 50)); // let the subscriber go live first
      await Promise.all(writers.map((event) => store.append(stream(), [event], 'no_stream')));
      const seen = (await received).filter((event) => event.type === 'Load');
      expect(seen).toHaveLength(1000);
      expect(new Set(seen.map((event) => event.id))).toEqual(ids);
      const positions = seen.map((event) => event.position);
      expect([...positions].sort()).toEqual(positions);
    });
  });
}
