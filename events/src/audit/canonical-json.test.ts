import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalLeafText, eventLeafHash, type LeafEvent } from './merkle';
import { blindLeafEvent, leafIdBlinder, storedEventLeafHash, storedLeafEvent, type Blind } from './leaf-view';

// The references: canonical JSON, blinding and the leaf hash as every leaf recorded so far was made
// (a sorting replacer over JSON.stringify; a blinded copy, then serialized). The one-walk code must equal them.

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const sortingReplacer = (_key: string, current: unknown) => {
  if (!isPlainObject(current)) return current;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(current).sort()) sorted[key] = current[key];
  return sorted;
};
const referenceCanonicalJson = (value: unknown): string => JSON.stringify(value, sortingReplacer) ?? 'null';

const REFERENCE_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const referenceTopicOf = (data: unknown) => {
  const topicId = (data as { topicId?: unknown } | null)?.topicId;
  return typeof topicId === 'string' ? topicId : null;
};

function referenceMapStrings(input: unknown, change: (text: string) => string): unknown {
  const value = typeof (input as { toJSON?: unknown } | null)?.toJSON === 'function' ? (input as { toJSON: () => unknown }).toJSON() : input;
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => referenceMapStrings(item, change));
  if (typeof value === 'object' && value !== null) {
    const mapped: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) mapped[key] = referenceMapStrings(item, change);
    return mapped;
  }
  return value;
}

function referenceBlindLeafEvent(event: LeafEvent, blind: Blind): LeafEvent {
  const topicId = referenceTopicOf(event.data);
  const scope = topicId ? `topic:${topicId}` : `event:${event.position}`;
  const cache = new Map<string, string>();
  const blinded = (id: string) => {
    let value = cache.get(id);
    if (value === undefined) cache.set(id, (value = blind(scope, id)));
    return value;
  };
  const change = (text: string) => text.replace(REFERENCE_UUID, (id) => (id === topicId ? id : blinded(id)));
  return {
    ...event,
    stream: change(event.stream),
    data: referenceMapStrings(event.data ?? null, change),
    metadata: referenceMapStrings(event.metadata ?? {}, change),
  };
}

const referenceLeafText = ({ stream, version, position, type, data, metadata }: LeafEvent) =>
  referenceCanonicalJson({ stream, version, position, type, data: data ?? null, metadata: metadata ?? {} });
const referenceLeafHash = (event: LeafEvent) =>
  createHash('sha256')
    .update(Buffer.from([0x00]))
    .update(Buffer.from(referenceLeafText(event), 'utf8'))
    .digest();

// Values: JSON and what JSON.stringify treats specially, strings with ids, escapes, non-BMP and lone surrogates.

const uuid = fc.oneof(
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
);
const awkwardChar = fc.oneof(
  fc.constantFrom('"', '\\', '/', '\n', '\t', '\b', '\f', '\u0000', '\u001f', '\u007f', '\u2028', 'é', '😀', '-', 'a', 'F', '0', '9', ' '),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.oneof(
  fc.string({ unit: awkwardChar, maxLength: 40 }),
  uuid,
  // An id among other text, ids side by side, and near misses on either side of the id's length.
  fc
    .tuple(fc.string({ unit: awkwardChar, maxLength: 8 }), uuid, fc.string({ unit: awkwardChar, maxLength: 8 }), fc.option(uuid, { nil: '' }))
    .map((parts) => parts.join('')),
  uuid.map((id) => `${id.slice(0, 35)}g`),
  uuid.map((id) => id.slice(1)),
  uuid.map((id) => `${id}a`),
  fc.string({ unit: fc.constantFrom('0', 'a', 'F', '-'), minLength: 30, maxLength: 80 }),
);
const key = fc.oneof(
  fc.string({ unit: awkwardChar, maxLength: 6 }),
  fc.constantFrom(
    '0',
    '1',
    '2',
    '10',
    '01',
    '-1',
    '1.5',
    '1e3',
    '4294967294',
    '4294967295',
    '9007199254740993',
    '__proto__',
    'toJSON',
    'constructor',
    'a',
    'B',
    'b',
    'aa',
    '',
  ),
  uuid,
);
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e21, 5e-324));
const jsonish = fc.oneof(text, number, fc.constantFrom(undefined, null, true, false), fc.date({ noInvalidDate: false }));

/** Values an event can hold, read from jsonb or made by the command side: JSON, undefined members, Dates, sparse arrays. */
const { eventValue } = fc.letrec<{ eventValue: unknown }>((tie) => ({
  eventValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonish,
    fc.array(tie('eventValue'), { maxLength: 5 }),
    fc.sparseArray(tie('eventValue'), { maxLength: 5 }),
    fc.dictionary(key, tie('eventValue'), { maxKeys: 6 }),
  ),
}));

/** And what else JSON.stringify defines an outcome for: functions, symbols, toJSON of every kind. */
const { anyValue } = fc.letrec<{ anyValue: unknown }>((tie) => ({
  anyValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonish,
    fc.constantFrom(() => 'a function', Symbol('a symbol'), { toJSON: (forKey: string) => `toJSON of ${forKey}` }),
    tie('anyValue').map((inner) => ({ toJSON: () => inner })),
    fc.array(tie('anyValue'), { maxLength: 5 }),
    fc.sparseArray(tie('anyValue'), { maxLength: 5 }),
    fc.dictionary(key, tie('anyValue'), { maxKeys: 6 }),
  ),
}));

const blindWithHash =
  (calls?: string[]): Blind =>
  (scope, id) => {
    calls?.push(`${scope}\n${id}`);
    return `~${createHash('sha256').update(`${scope}\n${id}`).digest('hex').slice(0, 32)}`;
  };

const eventData = fc.oneof(
  eventValue,
  // A topic's event: its id stays wherever it appears.
  fc.tuple(uuid, fc.dictionary(key, eventValue, { maxKeys: 4 })).map(([topicId, rest]) => ({ ...rest, topicId, again: topicId, within: `topic ${topicId}!` })),
  fc.record({ topicId: fc.oneof(fc.integer(), fc.constant(null)), ownerId: uuid }),
);
const leafEvent: fc.Arbitrary<LeafEvent> = fc.record({
  stream: text,
  version: fc.integer({ min: 1 }),
  position: fc.string({ unit: fc.constantFrom('0', '1', '9'), minLength: 1, maxLength: 20 }),
  type: fc.constantFrom('VoteCast', 'GroupCreated'),
  data: eventData,
  // Metadata is an object (EventMetadata) or absent, as the store's types and its jsonb column hold it.
  metadata: fc.oneof(
    fc.constant(undefined),
    fc.dictionary(key, eventValue, { maxKeys: 6 }),
    fc.record({ actorId: uuid, commandId: uuid, correlationId: uuid, time: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) }),
  ),
});

describe('canonicalJson', () => {
  it('equals JSON.stringify with a key-sorting replacer for JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });

  it('equals it for everything JSON.stringify defines: undefined, functions, symbols, toJSON, Dates, sparse arrays, escapes, lone surrogates', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('orders array-index keys numerically ahead of the others, and drops __proto__, as the first canonicalJson did', () => {
    const value = JSON.parse('{"b":1,"10":2,"2":3,"01":4,"4294967295":5,"4294967294":6,"__proto__":{"x":7},"a":[{"z":1,"y":2}]}') as unknown;
    const expected = '{"2":3,"10":2,"4294967294":6,"01":4,"4294967295":5,"a":[{"y":2,"z":1}],"b":1}';
    expect(referenceCanonicalJson(value)).toBe(expected);
    expect(canonicalJson(value)).toBe(expected);
  });

  it('passes toJSON its key, escapes as JSON.stringify does and writes null where JSON has no value', () => {
    const value = {
      member: { toJSON: (forKey: string) => forKey },
      list: [{ toJSON: (forKey: string) => forKey }, undefined, () => 1, NaN],
      text: '"\\\n\u2028\ud800😀',
      date: new Date(0),
      none: undefined,
    };
    expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(-0)).toBe('0');
  });

  it('throws on a BigInt, as JSON.stringify does', () => {
    expect(() => canonicalJson({ big: 1n })).toThrow(TypeError);
  });
});

describe('blinding and serializing a leaf in one walk', () => {
  it('gives the text and the hash of the blinded copy the leaf used to be made from', () => {
    fc.assert(
      fc.property(leafEvent, (event) => {
        const blind = blindWithHash();
        const expected = referenceLeafText(referenceBlindLeafEvent(event, blind));
        expect(canonicalLeafText(event, leafIdBlinder(event, blind))).toBe(expected);

        const stored = {
          streamId: event.stream,
          streamPosition: event.version,
          position: event.position,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        };
        const leafHash = referenceLeafHash(referenceBlindLeafEvent(event, blind));
        expect(storedEventLeafHash(stored, blind)).toEqual(leafHash);

        // What an export publishes hashes to that leaf too, in the verifier's way and the reference's.
        const published = storedLeafEvent(stored, blind);
        expect(published).toEqual(blindLeafEvent(event, blind));
        expect(canonicalJson(published)).toBe(expected);
        expect(eventLeafHash(published)).toEqual(leafHash);
        expect(referenceLeafText(published)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('blinds each id it writes once per event, in the event\u2019s scope, and the topic\u2019s own id never', () => {
    fc.assert(
      fc.property(leafEvent, (event) => {
        const [calls, referenceCalls] = [[] as string[], [] as string[]];
        canonicalLeafText(event, leafIdBlinder(event, blindWithHash(calls)));
        const expected = referenceLeafText(referenceBlindLeafEvent(event, blindWithHash(referenceCalls)));
        expect(new Set(calls).size).toBe(calls.length);
        expect(new Set(referenceCalls)).toEqual(new Set([...referenceCalls, ...calls]));
        // The reference also blinded ids under a '__proto__' key, which the leaf never held: only those may be missing.
        const written = referenceCalls.filter((call) => expected.includes(blindWithHash()(...(call.split('\n') as [string, string]))));
        expect(new Set(calls)).toEqual(new Set([...calls, ...written]));
      }),
      { numRuns: 300 },
    );
  });

  it('hashes without blinding exactly as the reference does', () => {
    fc.assert(
      fc.property(leafEvent, (event) => {
        expect(canonicalLeafText(event)).toBe(referenceLeafText(event));
        expect(eventLeafHash(event)).toEqual(referenceLeafHash(event));
      }),
      { numRuns: 500 },
    );
  });
});
