import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blindWith, topicScope } from './leaf-view';

const keyedHash = (value: string) => createHash('sha256').update(`key\n${value}`).digest('hex');
const counting = () => {
  const counts = new Map<string, number>();
  const hash = (value: string) => {
    counts.set(value, (counts.get(value) ?? 0) + 1);
    return keyedHash(value);
  };
  return { counts, hash };
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const topic = topicScope('c2a1e3f4-0000-4000-8000-000000000001');

describe('what a leaf blinder remembers', () => {
  it('answers every (scope, id) as the keyed hash does, whatever it remembers', () => {
    const scopes = fc.constantFrom(topic, topicScope('c2a1e3f4-0000-4000-8000-000000000002'), 'event:0001', 'event:0002');
    fc.assert(
      fc.property(fc.array(fc.tuple(scopes, fc.integer({ min: 0, max: 30 })), { maxLength: 200 }), (calls) => {
        const blind = blindWith(keyedHash);
        for (const [scope, n] of calls) expect(blind(scope, id(n))).toBe(`~${keyedHash(`${scope}\n${id(n)}`).slice(0, 32)}`);
      }),
    );
  });

  it('keeps a topic id it keeps using, however many others pass through', () => {
    const { counts, hash } = counting();
    const blind = blindWith(hash);
    for (let n = 1; n <= 60_000; n++) {
      blind(topic, id(n));
      if (n % 5_000 === 0) blind(topic, id(0));
    }
    expect(counts.get(`${topic}\n${id(0)}`)).toBe(1);
  });

  it('forgets one unused while twice its generation of others were blinded (it is bounded), and blinds it the same again', () => {
    const { counts, hash } = counting();
    const blind = blindWith(hash);
    const first = blind(topic, id(0));
    for (let n = 1; n <= 19_999; n++) blind(topic, id(n));
    blind(topic, id(0));
    expect(counts.get(`${topic}\n${id(0)}`)).toBe(1);
    for (let n = 20_000; n <= 40_001; n++) blind(topic, id(n));
    expect(blind(topic, id(0))).toBe(first);
    expect(counts.get(`${topic}\n${id(0)}`)).toBe(2);
  });
});
