import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEAF_FORMAT, canonicalLeafText, eventLeafHash, hashLeafText, jcsCanonicalJson, type LeafEvent } from './merkle';

// Issue #40 item 5: leaves of format 3 are exactly RFC 8785 (JCS), as an independent implementation
// writes them (canonicalize, by the RFC's author); older leaves keep the bytes they were hashed with.
const event = (leafFormat: number | undefined, data: unknown): LeafEvent => ({
  stream: 'group-7',
  version: 3,
  position: '0000000000000010-0000000000000001',
  type: 'GroupCreated',
  data,
  metadata: { time: '2026-12-02T10:00:00.000Z', schemaVersion: 1, ...(leafFormat === undefined ? {} : { leafFormat }) },
});
/** Keys that look like numbers, as a record keyed by counts or years would have them. */
const numberLike = { b: 1, '10': 'ten', a: [{ '2': true, '1': null, z: -0 }], '9': 'nine', '1': 1.5e-7, '01': 'not an index', é: 'é' };
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('RFC 8785 leaves (format 3)', () => {
  it('writes every leaf the command side appends now in format 3', () => {
    expect(LEAF_FORMAT).toBe(3);
  });

  it('writes a format-3 leaf with number-like keys byte for byte as canonicalize does', () => {
    const leaf = event(3, numberLike);
    expect(canonicalLeafText(leaf)).toBe(canonicalize(plain(leaf)));
    expect(eventLeafHash(leaf)).toEqual(hashLeafText(canonicalize(plain(leaf))!));
    expect(canonicalLeafText(leaf)).toContain('"data":{"01":"not an index","1":1.5e-7,"10":"ten","9":"nine","a":[{"1":null,"2":true,"z":0}],"b":1,"é":"é"}');
  });

  it('keeps the first encoding for leaves of formats 1 and 2 (array-index keys first), so their hashes do not change', () => {
    for (const format of [undefined, 2]) {
      const text = canonicalLeafText(event(format, numberLike));
      expect(text).toContain('"data":{"1":1.5e-7,"9":"nine","10":"ten","01":"not an index","a":[{"1":null,"2":true,"z":0}],"b":1,"é":"é"}');
      expect(text).not.toBe(canonicalize(plain(event(format, numberLike))));
    }
  });

  it('agrees with canonicalize on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jcsCanonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a lone surrogate, which RFC 8785 cannot write', () => {
    expect(() => canonicalLeafText(event(3, { text: 'a\ud800b' }))).toThrow('RFC 8785 canonical JSON has no lone surrogates');
    expect(canonicalLeafText(event(3, { text: 'a\ud83d\ude00b' }))).toContain('"text":"a\ud83d\ude00b"');
  });
});
