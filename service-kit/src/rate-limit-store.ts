import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import { sha256 } from './tokens';

/** The table the migration below creates: keys are hashes. */
export interface RateLimitTables {
  rate_limit_counters: { key: string; hits: number; window_ends: Date };
}

export const rateLimitMigrations: Record<string, Migration> = {
  '2026_11_24_001_rate_limit_counters': {
    async up(db: Kysely<unknown>) {
      // Keys are hashed: the table holds no addresses or e-mails, only counts and window ends.
      await sql`create table rate_limit_counters (key text primary key, hits integer not null, window_ends timestamptz not null)`.execute(db);
      await sql`create index rate_limit_counters_window_ends on rate_limit_counters (window_ends)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table rate_limit_counters`.execute(db);
    },
  },
};

interface RateLimitCount {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Fixed-window hit counters in PostgreSQL, so every instance of a service counts together
 * and a restart forgets nothing. One atomic upsert per hit; the database's clock decides
 * the windows, so instances with drifting clocks still agree.
 */
export class RateLimitCounters {
  // Raw SQL only: any Kysely (a transaction too) runs it, whatever tables it types.
  constructor(private readonly db: QueryExecutorProvider) {}

  async hit(key: string, windowMs: number): Promise<RateLimitCount> {
    const { rows } = await sql<{ hits: number; ttl_ms: string }>`
      insert into rate_limit_counters as counter (key, hits, window_ends)
      values (${sha256(key)}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when counter.window_ends <= now() then 1 else counter.hits + 1 end,
        window_ends = case when counter.window_ends <= now() then excluded.window_ends else counter.window_ends end
      returning hits, ceil(extract(epoch from window_ends - now()) * 1000)::bigint as ttl_ms`.execute(this.db);
    return { current: rows[0]!.hits, ttl: Math.max(0, Number(rows[0]!.ttl_ms)) };
  }

  /** The count without adding a hit (0 once the window is over). */
  async read(key: string): Promise<RateLimitCount> {
    const { rows } = await sql<{ hits: number; ttl_ms: string }>`
      select hits, ceil(extract(epoch from window_ends - now()) * 1000)::bigint as ttl_ms
      from rate_limit_counters where key = ${sha256(key)} and window_ends > now()`.execute(this.db);
    return rows[0] ? { current: rows[0].hits, ttl: Number(rows[0].ttl_ms) } : { current: 0, ttl: 0 };
  }

  /** Drops counters whose window is over; returns how many. */
  async sweep(): Promise<number> {
    const result = await sql`delete from rate_limit_counters where window_ends <= now()`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * A store class for @fastify/rate-limit (its `store` option): the plugin constructs it
   * and asks it for a child per limiter; all of them share these counters.
   */
  storeClass() {
    type Callback = (error: Error | null, result?: RateLimitCount) => void;
    const answer = (counting: Promise<RateLimitCount>, callback: Callback) =>
      void counting.then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    const hit = (key: string, windowMs: number) => this.hit(key, windowMs);
    const read = (key: string) => this.read(key);
    return class PostgresRateLimitStore {
      constructor(_options?: unknown) {}
      incr(key: string, callback: Callback, timeWindow: number): void {
        answer(hit(key, timeWindow), callback);
      }
      read(key: string, callback: Callback): void {
        answer(read(key), callback);
      }
      child(): PostgresRateLimitStore {
        return this;
      }
    };
  }
}
