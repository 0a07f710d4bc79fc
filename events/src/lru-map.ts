/** A Map that keeps the most recently used entries, up to a bound: the oldest goes first. */
export class LruMap<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(private readonly maxEntries: number) {}

  get(key: Key): Value | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Most recently used last, so the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }
}
