import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupCommitOptions, type Queued, type Writers } from './group-commit';

type Entry = Queued<string, string>;

/** Writers whose batches (and lone writes, as batches of one) stay out until the test lets them return. */
function heldWriter() {
  const batches: Array<{ items: string[]; release(): void }> = [];
  const write: Writers<string, string> = {
    batch: (batch: readonly Entry[]) =>
      new Promise<void>((done) => {
        batches.push({
          items: batch.map((entry) => entry.item),
          release() {
            for (const entry of batch) entry.resolve(`ok ${entry.item}`);
            done();
          },
        });
      }),
    alone: (item) => new Promise<string>((done) => batches.push({ items: [item], release: () => done(`ok ${item}`) })),
  };
  return { batches, write };
}

const options = (overrides: Partial<GroupCommitOptions> = {}): GroupCommitOptions => ({
  maxInFlight: 1,
  maxWaitMs: 60_000,
  maxBatchEvents: 1000,
  maxInFlightHard: 4,
  ...overrides,
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes work at once, alone, when nothing is queued or in flight', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options());
    const done = commits.submit('a', 1, 'a1');
    expect(batches.map((batch) => batch.items)).toEqual([['a1']]); // no timer, no turn of the loop
    batches[0]!.release();
    await expect(done).resolves.toBe('ok a1');
  });

  it('gathers what arrives while a batch is out into the next one, in order', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options());
    const results = ['a1', 'b1', 'c1', 'd1'].map((item) => commits.submit(item[0]!, 1, item));
    expect(batches.map((batch) => batch.items)).toEqual([['a1']]);
    batches[0]!.release();
    await turn();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([['a1'], ['b1', 'c1', 'd1']]);
    batches[1]!.release();
    await expect(Promise.all(results)).resolves.toEqual(['ok a1', 'ok b1', 'ok c1', 'ok d1']);
  });

  it('never has one key twice in flight, and keeps the order of work on one key', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options({ maxInFlight: 3 }));
    void commits.submit('a', 1, 'a1');
    void commits.submit('a', 1, 'a2');
    void commits.submit('b', 1, 'b1');
    void commits.submit('a', 1, 'a3');
    // a1 went at once; b1 could open a second batch; a2 and a3 wait for a1.
    expect(batches.map((batch) => batch.items)).toEqual([['a1'], ['b1']]);
    batches[0]!.release();
    await turn();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([['a1'], ['b1'], ['a2']]);
    batches[2]!.release();
    await turn();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([['a1'], ['b1'], ['a2'], ['a3']]);
  });

  it('bounds a batch by its events', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options({ maxBatchEvents: 5 }));
    void commits.submit('x', 1, 'x');
    for (const item of ['a', 'b']) void commits.submit(item, 2, item);
    batches[0]!.release();
    await turn();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([['x'], ['a', 'b']]);
    void commits.submit('c', 2, 'c');
    void commits.submit('d', 2, 'd');
    expect(batches).toHaveLength(2); // 4 events queued: not yet a full batch
    void commits.submit('e', 2, 'e');
    expect(batches.map((batch) => batch.items)).toEqual([['x'], ['a', 'b'], ['c', 'd']]);
  });

  it('sends a full batch at once on another connection instead of waiting', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options({ maxBatchEvents: 4 }));
    for (const item of ['x', 'a', 'b', 'c', 'd', 'e']) void commits.submit(item, 1, item);
    expect(batches.map((batch) => batch.items)).toEqual([['x'], ['a', 'b', 'c', 'd']]); // e waits
  });

  it('writes work as large as a batch at once and alone, unless work on its key is queued', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options({ maxBatchEvents: 4 }));
    void commits.submit('x', 1, 'x');
    void commits.submit('a', 1, 'a1');
    void commits.submit('b', 4, 'big b');
    expect(batches.map((batch) => batch.items)).toEqual([['x'], ['big b']]);
    void commits.submit('a', 4, 'big a'); // a full batch's worth queued: a1 goes, big a waits behind it
    expect(batches.map((batch) => batch.items)).toEqual([['x'], ['big b'], ['a1']]);
  });

  it('opens another batch when work has waited too long behind a slow one', async () => {
    const { batches, write } = heldWriter();
    const commits = new GroupCommit(write, options({ maxWaitMs: 5 }));
    void commits.submit('slow', 1, 'slow');
    void commits.submit('b', 1, 'b1');
    expect(batches).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(batches.map((batch) => batch.items)).toEqual([['slow'], ['b1']]);
  });

  it('frees the batch when its writer returns, and an entry left to settle later keeps only its key', async () => {
    const written: string[][] = [];
    let settleLater: (() => void) | null = null;
    const commits = new GroupCommit<string, string>(
      {
        async batch(batch) {
          written.push(batch.map((entry) => entry.item));
          for (const entry of batch) {
            if (entry.item === 'b1') settleLater = () => entry.resolve('late b1');
            else entry.resolve(`ok ${entry.item}`);
          }
        },
        async alone(item) {
          written.push([item]);
          return `ok ${item}`;
        },
      },
      options(),
    );
    const first = [commits.submit('a', 1, 'a1'), commits.submit('b', 1, 'b1')];
    await expect(first[0]).resolves.toBe('ok a1');
    await turn();
    await turn();
    const b2 = commits.submit('b', 1, 'b2');
    const c1 = commits.submit('c', 1, 'c1');
    await expect(c1).resolves.toBe('ok c1');
    expect(written).toEqual([['a1'], ['b1'], ['c1']]); // b2 waits for b1, c1 does not
    settleLater!();
    await expect(first[1]).resolves.toBe('late b1');
    await expect(b2).resolves.toBe('ok b2');
    await expect(commits.drained()).resolves.toBeUndefined();
  });

  it('settles every entry of a batch whose writer throws, and drains', async () => {
    const lost = async (): Promise<never> => {
      throw new Error('lost');
    };
    const commits = new GroupCommit<string, string>({ batch: lost, alone: lost }, options());
    const results = await Promise.allSettled([commits.submit('a', 1, 'a'), commits.submit('b', 1, 'b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(commits.drained()).resolves.toBeUndefined();
  });
});
