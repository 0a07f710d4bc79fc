import type { Position } from '../position';
import type { RecordedEvent } from '../event-store';

/**
 * The store's newest events as this process last read them, so that several readers following
 * the store (the projector's lanes) read each event from PostgreSQL once: a following reader
 * costs appends on the same server about a tenth of their throughput (README, the Merkle bench).
 *
 * It holds one contiguous run: every final event after `from` up to the last one held, in order,
 * as a read of everything after `from` returned them (final events never change and nothing
 * lands before the snapshot horizon later, so a later read of that range gives the same).
 * Reads at its end extend it; a read past its end replaces it; older reads leave it alone.
 */
export class RecentEvents {
  private from: Position | null = null;
  private events: RecordedEvent[] = [];

  constructor(private readonly capacity: number) {}

  /** The held events after `fromExclusive`, at most `limit`; null when the run does not reach back to it or holds nothing after it. */
  after(fromExclusive: Position, limit: number): RecordedEvent[] | null {
    const last = this.events[this.events.length - 1];
    if (this.from === null || last === undefined || fromExclusive < this.from || fromExclusive >= last.position) return null;
    const start = this.firstAfter(fromExclusive);
    return this.events.slice(start, start + limit);
  }

  /** Remembers what a read of everything after `fromExclusive` returned. */
  record(fromExclusive: Position, read: readonly RecordedEvent[]): void {
    if (read.length === 0 || this.capacity === 0) return;
    const last = this.events[this.events.length - 1];
    if (this.from !== null && last !== undefined && fromExclusive >= this.from && fromExclusive <= last.position) {
      const newer = read.filter((event) => event.position > last.position);
      if (newer.length === 0) return;
      this.events.push(...newer);
    } else if (last === undefined || fromExclusive > last.position) {
      this.from = fromExclusive;
      this.events = [...read];
    } else {
      return; // an older stretch: the run keeps the store's newest events
    }
    // Trimmed to capacity once it holds twice that: a copy per trim, not per read.
    const excess = this.events.length - this.capacity;
    if (this.events.length > 2 * this.capacity) {
      this.from = this.events[excess - 1]!.position;
      this.events = this.events.slice(excess);
    }
  }

  private firstAfter(position: Position): number {
    let [low, high] = [0, this.events.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
