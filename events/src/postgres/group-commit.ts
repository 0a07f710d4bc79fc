export interface GroupCommitOptions {
  /** Batches written at once before new work waits to join the next one. */
  maxInFlight: number;
  /** Past this wait, work that could go opens one more batch (up to `maxInFlightHard`). */
  maxWaitMs: number;
  /** Events one batch gathers at most; as many queued open one more batch (up to `maxInFlightHard`). */
  maxBatchEvents: number;
  /** Batches at once, ever (the pool's size: more would only queue for a connection). */
  maxInFlightHard: number;
}

/** One unit of work: `key` is what two batches in flight must never share (a stream). */
export interface Queued<T, R> {
  item: T;
  key: string;
  size: number;
  queuedAt: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Writes a batch and settles every one of its entries, each with its own outcome. Its promise says
 * when the batch's connection is free; an entry it leaves to settle later keeps its key busy until then.
 */
export type BatchWriter<T, R> = (batch: ReadonlyArray<Queued<T, R>>) => Promise<void>;

export interface Writers<T, R> {
  batch: BatchWriter<T, R>;
  /** Writes one piece of work on its own: the path when nothing else is queued or in flight. */
  alone(item: T): Promise<R>;
}

/**
 * Gathers concurrent work into batches without ever waiting on purpose: work that arrives while
 * fewer than `maxInFlight` writes are out is written at once (alone, as before); only while the
 * writers are busy does it queue, and the next batch takes everything queued (up to
 * `maxBatchEvents`) when one comes back. A batch never holds a key another write in flight holds,
 * so writes of this process never wait on each other's locks (nor deadlock), and work on one key
 * keeps its order.
 */
export class GroupCommit<T, R> {
  private queue: Array<Queued<T, R>> = [];
  private inFlight = 0;
  private readonly busyKeys = new Set<string>();
  private idle: Array<() => void> = [];
  private pumpScheduled = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly writers: Writers<T, R>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(key: string, size: number, item: T): Promise<R> {
    if (this.mayGoAlone(key, size)) return this.writeAlone(key, item);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, key, size, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  /**
   * At once and alone: when nothing is queued or in flight, and for work as large as a batch (it has
   * nothing to gain from company), unless its key is busy or queued (work on one key keeps its order).
   */
  private mayGoAlone(key: string, size: number): boolean {
    if (this.busyKeys.has(key) || this.inFlight >= this.options.maxInFlightHard) return false;
    if (this.queue.length === 0) return this.inFlight < this.options.maxInFlight || size >= this.options.maxBatchEvents;
    return size >= this.options.maxBatchEvents && !this.queue.some((entry) => entry.key === key);
  }

  /**
   * Written at once with no queue entry, and released before its caller resumes, so one writer's
   * next append goes the same way (as fast as without batching). What arrives meanwhile queues.
   */
  private async writeAlone(key: string, item: T): Promise<R> {
    this.inFlight += 1;
    this.busyKeys.add(key);
    try {
      return await this.writers.alone(item);
    } finally {
      this.inFlight -= 1;
      this.busyKeys.delete(key);
      this.pump();
    }
  }

  /** Resolves once everything submitted so far has been written (before the pool closes). */
  drained(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlightHard) {
      if (this.inFlight >= this.options.maxInFlight && !this.waitedTooLong() && !this.fullBatchQueued()) break;
      const batch = this.take();
      if (batch.length === 0) break; // all that is queued waits for a key in flight
      void this.flush(batch);
    }
    this.armTimer();
    if (this.isIdle()) for (const resolve of this.idle.splice(0)) resolve();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.inFlight === 0 && this.busyKeys.size === 0;
  }

  private waitedTooLong(): boolean {
    const oldest = this.firstFree();
    return oldest !== undefined && performance.now() - oldest.queuedAt >= this.options.maxWaitMs;
  }

  /** A full batch gains nothing by waiting: it goes on a connection of its own. */
  private fullBatchQueued(): boolean {
    let events = 0;
    for (const entry of this.queue) if (!this.busyKeys.has(entry.key)) events += entry.size;
    return events >= this.options.maxBatchEvents;
  }

  private firstFree(): Queued<T, R> | undefined {
    return this.queue.find((entry) => !this.busyKeys.has(entry.key));
  }

  /** The queued work free to go, in order, one entry per key, up to the batch's size. */
  private take(): Array<Queued<T, R>> {
    const batch: Array<Queued<T, R>> = [];
    const rest: Array<Queued<T, R>> = [];
    const keys = new Set<string>();
    let events = 0;
    for (const entry of this.queue) {
      const fits = batch.length === 0 || events + entry.size <= this.options.maxBatchEvents;
      if (fits && !keys.has(entry.key) && !this.busyKeys.has(entry.key)) {
        batch.push(entry);
        keys.add(entry.key);
        events += entry.size;
      } else {
        rest.push(entry);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async flush(batch: ReadonlyArray<Queued<T, R>>): Promise<void> {
    this.inFlight += 1;
    for (const entry of batch) this.busyKeys.add(entry.key);
    const state = { writing: true };
    const entries = batch.map((entry) => this.freeingKey(entry, state));
    try {
      await this.writers.batch(entries);
    } catch (error) {
      for (const entry of entries) entry.reject(error);
    }
    state.writing = false;
    // Released only after the callers woken above have run: work they submit next then joins
    // one batch instead of one of them going alone ahead of the rest.
    setImmediate(() => {
      this.inFlight -= 1;
      this.pump();
    });
  }

  /** The entry as the writer sees it: settled once, and settling frees its key (it may outlive its batch). */
  private freeingKey(entry: Queued<T, R>, batch: { writing: boolean }): Queued<T, R> {
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      this.busyKeys.delete(entry.key);
      if (!batch.writing) this.schedulePump(); // settled after its batch: nothing else will look at the queue
      return true;
    };
    return {
      ...entry,
      resolve: (result) => settle() && entry.resolve(result),
      reject: (error) => settle() && entry.reject(error),
    };
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Bounds the wait: work still queued when the oldest free entry is due opens another batch. */
  private armTimer(): void {
    const oldest = this.inFlight < this.options.maxInFlightHard ? this.firstFree() : undefined;
    if (!oldest) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      return;
    }
    if (this.timer) return;
    const due = Math.max(0, oldest.queuedAt + this.options.maxWaitMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, due);
  }
}
