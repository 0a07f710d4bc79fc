import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Decider } from '../decider';
import { defineEvent, type EventOf } from '../registry';
import { deciderSpec } from './decider-spec';

const NoteWritten = defineEvent('NoteWritten', z.object({ title: z.string(), body: z.string() }));
type NoteEvent = EventOf<typeof NoteWritten>;
const notes: Decider<{ title: string; body: string }, NoteEvent, null> = {
  initialState: () => null,
  evolve: (state) => state,
  // Written body first: the expected events below name title first.
  decide: (command) => [{ type: NoteWritten.type, data: { body: command.body, title: command.title } }],
};

describe('deciderSpec', () => {
  it('compares events deeply, so key order does not matter', () => {
    expect(() =>
      deciderSpec(notes)
        .given([])
        .when({ title: 'a', body: 'b' })
        .then([{ type: 'NoteWritten', data: { title: 'a', body: 'b' } }]),
    ).not.toThrow();
  });

  it('still fails on a different value', () => {
    expect(() =>
      deciderSpec(notes)
        .given([])
        .when({ title: 'a', body: 'b' })
        .then([{ type: 'NoteWritten', data: { title: 'a', body: 'c' } }]),
    ).toThrow(/expected events/);
  });
});
