import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('evicts the least recently used entry past its bound, counting reads as use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
  });
});
