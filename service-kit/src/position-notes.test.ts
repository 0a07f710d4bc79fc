import { describe, expect, it } from 'vitest';
import { PositionNotes } from './position-notes';

function deferredWrites() {
  const writes: Array<{ notes: Map<string, string>; finish: (error?: Error) => void }> = [];
  const notes = new PositionNotes(
    (batch) =>
      new Promise<void>((resolve, reject) => {
        writes.push({ notes: new Map(batch), finish: (error) => (error ? reject(error) : resolve()) });
      }),
  );
  return { notes, writes };
}

const settledState = async (promise: Promise<void>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('PositionNotes', () => {
  it('writes an idle note at once and settles it only when the write is done', async () => {
    const { notes, writes } = deferredWrites();
    const noted = notes.note('s1', '01');
    expect(writes).toHaveLength(1);
    expect(await settledState(noted)).toBe('pending');
    writes[0]!.finish();
    expect(await settledState(noted)).toBe('resolved');
  });

  it('gathers the notes made during a write into one next write, keeping the highest per session', async () => {
    const { notes, writes } = deferredWrites();
    const first = notes.note('s1', '01');
    const later = [notes.note('s1', '03'), notes.note('s2', '02'), notes.note('s1', '02')];
    expect(writes).toHaveLength(1);
    writes[0]!.finish();
    await settledState(first);
    expect(writes).toHaveLength(2);
    expect(Object.fromEntries(writes[1]!.notes)).toEqual({ s1: '03', s2: '02' });
    expect(await Promise.all(later.map(settledState))).toEqual(['pending', 'pending', 'pending']);
    writes[1]!.finish();
    expect(await Promise.all(later.map(settledState))).toEqual(['resolved', 'resolved', 'resolved']);
  });

  it('rejects the notes of a failed write and goes on with the next ones', async () => {
    const { notes, writes } = deferredWrites();
    const failed = notes.note('s1', '01');
    const next = notes.note('s2', '02');
    writes[0]!.finish(new Error('database gone'));
    expect(await settledState(failed)).toBe('rejected');
    writes[1]!.finish();
    expect(await settledState(next)).toBe('resolved');
    notes.note('s3', '03');
    expect(writes).toHaveLength(3);
  });
});
