import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blindWith, topicScope } from './leaf-view';

describe('leaf blinder', () => {
  const keyed = (seen: string[]) => (value: string) => {
    seen.push(value);
    return createHmac('sha256', 'test-key').update(value).digest('hex');
  };
  const member = '0b6f3c3e-5d2a-4f57-9a43-3c2b1f1d9e01';
  const other = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('hashes an id once per topic scope and answers the same blinded id after', () => {
    const seen: string[] = [];
    const blind = blindWith(keyed(seen));
    const topic = topicScope('c2a1e3f4-0000-4000-8000-000000000001');
    const first = blind(topic, member);
    expect(blind(topic, member)).toBe(first);
    expect(blind(topic, other)).not.toBe(first);
    expect(blind(topicScope('c2a1e3f4-0000-4000-8000-000000000002'), member)).not.toBe(first);
    expect(seen).toHaveLength(3);
    expect(first).toBe(`~${createHmac('sha256', 'test-key').update(`${topic}\n${member}`).digest('hex').slice(0, 32)}`);
  });

  it('hashes per-event scopes every time (they never recur)', () => {
    const seen: string[] = [];
    const blind = blindWith(keyed(seen));
    expect(blind('event:0001', member)).toBe(blind('event:0001', member));
    expect(seen).toHaveLength(2);
  });
});
