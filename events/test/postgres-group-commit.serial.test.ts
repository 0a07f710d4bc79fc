import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../src/errors';
import type { AppendResult, ExpectedVersion, NewEvent } from '../src/event-store';
import { decodePosition } from '../src/position';
import { PostgresEventStore } from '../src/postgres/postgres-event-store';
import { createPostgresStore, type StoreFixture } from '../../test-support/test-event-store';

const newEvent = (data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type: 'Thing', data, metadata: { time: '2026-01-01T00:00:00.000Z' } });
const stream = () => `gc-${randomUUID()}`;
const transactionOf = (result: AppendResult) => decodePosition(result.position).major;

interface Planned {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
  conflicts: boolean;
}

describe('PostgreSQL group commit', () => {
  let fixture: StoreFixture;
  /** One batch out at a time, no timer, no size limit: what queues behind it goes as one batch. */
  let store: PostgresEventStore;
  beforeAll(async () => {
    fixture = await createPostgresStore();
    store = new PostgresEventStore({ connectionString: fixture.database.url, groupCommit: { maxInFlight: 1, maxWaitMs: 60_000, maxBatchEvents: 1000 } });
  });
  afterAll(async () => {
    await store?.close();
    await fixture?.close();
  });

  /** Runs `submit` while a batch is held in flight (an append waiting on another transaction's lock), so all it submits queues. */
  async function asOneBatch<T>(submit: () => T): Promise<T> {
    const blocked = stream();
    const client = await store.pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into streams (stream_id, version) values ($1, 0)', [blocked]);
      const blocker = store.append(blocked, [newEvent()], 'any');
      await waitForLockWait(blocked);
      const submitted = submit();
      await client.query('rollback');
      await blocker;
      return submitted;
    } finally {
      client.release();
    }
  }

  async function waitForLockWait(streamId: string) {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = await fixture.store.pool.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query like '%streams%'`,
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no append waited on ${streamId}`);
  }

  it('keeps every append its own outcome: 100 in one batch, 10 conflicting, the 90 land in order', async () => {
    // Streams that exist at version 2 before the batch.
    const existing = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const id = stream();
        await fixture.store.append(id, [newEvent(), newEvent()], 'no_stream');
        return id;
      }),
    );
    const plan: Planned[] = [];
    for (let i = 0; i < 100; i += 1) {
      const conflicts = i % 10 === 3;
      const onExisting = existing[Math.floor(i / 2.5)]!;
      const kinds: Array<[string, ExpectedVersion]> = conflicts
        ? [
            [onExisting, 'no_stream'],
            [onExisting, 1],
            [stream(), 'exists'],
            [onExisting, 5],
          ].map(([id, expected]) => [id as string, expected as ExpectedVersion])
        : [
            [stream(), 'no_stream'],
            [onExisting, 2],
            [stream(), 'any'],
            [onExisting, 'exists'],
            [stream(), 0],
            [onExisting, 'any'],
          ];
      const [streamId, expected] = kinds[(conflicts ? Math.floor(i / 10) : i) % kinds.length]!;
      if (plan.some((planned) => planned.streamId === streamId)) {
        plan.push({ streamId: stream(), events: [newEvent({ i })], expected: conflicts ? 'exists' : 'no_stream', conflicts });
      } else {
        plan.push({ streamId, events: [newEvent({ i }), ...(i % 7 === 0 ? [newEvent({ i, second: true })] : [])], expected, conflicts });
      }
    }
    const outcomes = await Promise.allSettled(await asOneBatch(() => plan.map((planned) => store.append(planned.streamId, planned.events, planned.expected))));

    const failed = plan.filter((_, index) => outcomes[index]!.status === 'rejected');
    expect(failed).toEqual(plan.filter((planned) => planned.conflicts));
    expect(failed).toHaveLength(10);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);

    const landed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(landed).toHaveLength(90);
    // One batch: one transaction, so readers see all 90 at once; positions follow the order of submission.
    expect(new Set(landed.map(transactionOf)).size).toBe(1);
    expect([...landed.map((result) => result.position)].sort()).toEqual(landed.map((result) => result.position));
    for (const [index, planned] of plan.entries()) {
      const read = await store.readStream(planned.streamId);
      const outcome = outcomes[index]!;
      if (outcome.status === 'rejected') {
        expect(read.events.some((event) => planned.events.some((mine) => mine.id === event.id))).toBe(false);
        continue;
      }
      const mine = read.events.slice(-planned.events.length);
      expect(mine.map((event) => event.id)).toEqual(planned.events.map((event) => event.id));
      expect(outcome.value).toEqual({ nextVersion: read.version, position: mine[mine.length - 1]!.position });
      expect(mine[0]!.data).toEqual(planned.events[0]!.data);
      expect(mine[0]!.metadata).toEqual(planned.events[0]!.metadata);
    }
  });

  it('settles idempotent retries inside a batch as the original appends, without duplicates', async () => {
    const originals = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const streamId = stream();
        const events = [newEvent(), newEvent()];
        return { streamId, events, result: await fixture.store.append(streamId, events, 'no_stream') };
      }),
    );
    const fresh = stream();
    const [partial, ...rest] = await Promise.all(
      await asOneBatch(() =>
        [
          store.append(originals[0]!.streamId, [originals[0]!.events[1]!, newEvent()], 'any'), // a partial duplicate: a conflict
          store.append(originals[1]!.streamId, originals[1]!.events, 'no_stream'),
          store.append(originals[2]!.streamId, originals[2]!.events, 'any'),
          store.append(originals[3]!.streamId, originals[3]!.events, 0),
          store.append(fresh, [newEvent()], 'no_stream'),
        ].map((promise) =>
          promise.then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          ),
        ),
      ),
    );
    expect((partial as { error: unknown }).error).toBeInstanceOf(WrongExpectedVersionError);
    expect(rest.map((outcome) => (outcome as { value: AppendResult }).value)).toEqual([
      originals[1]!.result,
      originals[2]!.result,
      originals[3]!.result,
      { nextVersion: 1, position: (await store.readStream(fresh)).events[0]!.position },
    ]);
    for (const original of originals) expect((await store.readStream(original.streamId)).version).toBe(2);
  });

  it('lets the rest of a batch land when one append carries a value the database refuses', async () => {
    const [bad, good] = await Promise.all(
      await asOneBatch(() =>
        [store.append(stream(), [newEvent({ text: 'nul \u0000 inside' })], 'no_stream'), store.append(stream(), [newEvent()], 'no_stream')].map((promise) =>
          promise.then(
            () => 'landed',
            () => 'failed',
          ),
        ),
      ),
    );
    expect([bad, good]).toEqual(['failed', 'landed']);
  });

  it('does not hold a batch up for a stream another transaction has locked', async () => {
    const lockedStream = stream();
    await fixture.store.append(lockedStream, [newEvent()], 'no_stream');
    const holder = await fixture.store.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from streams where stream_id = $1 for update', [lockedStream]);
      const [locked, free] = await asOneBatch(() => [store.append(lockedStream, [newEvent()], 1), store.append(stream(), [newEvent()], 'no_stream')]);
      const tooLate = new Promise((resolve) => setTimeout(() => resolve('held up'), 5_000));
      await expect(Promise.race([free, tooLate])).resolves.toMatchObject({ nextVersion: 1 });
      await holder.query('commit');
      await expect(locked).resolves.toMatchObject({ nextVersion: 2 });
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  });

  it("writes one writer's appends each on its own, as before", async () => {
    const id = stream();
    const results: AppendResult[] = [];
    for (let version = 0; version < 5; version += 1) results.push(await store.append(id, [newEvent()], version === 0 ? 'no_stream' : version));
    expect(results.map((result) => result.nextVersion)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(results.map(transactionOf)).size).toBe(5);
    await expect(store.append(id, [newEvent()], 3)).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  it('finishes queued appends before it closes', async () => {
    const closing = new PostgresEventStore({ connectionString: fixture.database.url, poolSize: 2 });
    const appends = Array.from({ length: 50 }, () => closing.append(stream(), [newEvent()], 'no_stream'));
    await closing.close();
    expect((await Promise.allSettled(appends)).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  });
});
