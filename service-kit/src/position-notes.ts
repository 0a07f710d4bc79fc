/**
 * Coalesces session-position writes: every command notes one, so under load they would cost a
 * round trip and a row write each. Notes that arrive while a write is in flight wait for it and
 * go together in the next one (a group commit, with no timer: an idle note is written at once).
 * A caller's promise settles only once its note is committed, so read-your-writes holds.
 */
export class PositionNotes {
  private pending = new Map<string, string>();
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  /** `write` stores the highest position per session id; positions compare as plain strings. */
  constructor(private readonly write: (notes: ReadonlyMap<string, string>) => Promise<void>) {}

  note(sid: string, position: string): Promise<void> {
    const known = this.pending.get(sid);
    if (known === undefined || known < position) this.pending.set(sid, position);
    const settled = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.writing) void this.flush();
    return settled;
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.pending.size > 0) {
      const batch = this.pending;
      const waiters = this.waiters;
      this.pending = new Map();
      this.waiters = [];
      try {
        await this.write(batch);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.writing = false;
  }
}
