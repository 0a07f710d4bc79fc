import { loadConfig } from '@civitas/service-kit/config';

/** Sizes and durations of one bench run; every value comes from the environment, bounded. */
export interface BenchConfig {
  /** DATABASE_URL of a server to create the scratch database on; unset: embedded PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Events generated for the catch-up and rebuild figures. */
  events: number;
  /** Measured seconds of each throughput figure (after its warm-up). */
  seconds: number;
  warmupSeconds: number;
  /** Measured seconds of the lag figure and its steady append rate. */
  lagSeconds: number;
  lagRate: number;
  readBatch: number;
  /** Measured seconds of each side (platform, CRUD baseline) of the HTTP votes figure. */
  voteSeconds: number;
  /** Measured seconds of the tally staleness figure on the platform (the baseline gets up to 5). */
  stalenessSeconds: number;
  /** Measured seconds of each side (platform, CRUD baseline; two halves each) of the 200-member load test. */
  loadSeconds: number;
  /** Lighthouse audits of each page per side (the median is reported). */
  lighthouseRuns: number;
  /** Members in the notifications bench's national group (generated voters) and members its digest mails. */
  notificationMembers: number;
  /** Opinions in the search bench's index. */
  searchOpinions: number;
  /** The benches to run (BENCH_ONLY, comma-separated); all by default. */
  only: ReadonlySet<BenchName>;
  /** Whole-run limit: past it the bench drops its database and exits non-zero. */
  timeoutSeconds: number;
}

export const BENCH_NAMES = [
  'appends',
  'merkle',
  'catch-up',
  'rebuild',
  'lag',
  'delegation',
  'election-methods',
  'votes',
  'live',
  'audit-export',
  'load',
  'lighthouse',
  'notifications',
  'search',
] as const;
export type BenchName = (typeof BENCH_NAMES)[number];

function benchNames(raw: string | undefined): ReadonlySet<BenchName> {
  if (raw === undefined || raw.trim() === '') return new Set(BENCH_NAMES);
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(BENCH_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY names unknown benches (${unknown.join(', ')}); choose from ${BENCH_NAMES.join(', ')}`);
  return new Set(names as BenchName[]);
}

function bounded(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got ${raw}`);
  const clamped = Math.min(max, Math.max(min, value));
  if (clamped !== value) process.stderr.write(`bench: ${name}=${raw} out of [${min}, ${max}], using ${clamped}\n`);
  return clamped;
}

export function loadBenchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const platform = loadConfig(env);
  const only = benchNames(env.BENCH_ONLY);
  const loadSeconds = bounded(env, 'BENCH_LOAD_SECONDS', 60, 10, 300);
  // The load test's four halves and its 200 registrations come on top of the other benches' time.
  const loadAllowance = only.has('load') ? 2 * loadSeconds + 180 : 0;
  const lighthouseRuns = Math.round(bounded(env, 'BENCH_LIGHTHOUSE_RUNS', 3, 1, 9));
  // A build, then two pages × two sides × the runs, up to a minute each on a busy 2-core machine.
  const lighthouseAllowance = only.has('lighthouse') ? 4 * lighthouseRuns * 60 + 120 : 0;
  const notificationMembers = Math.round(bounded(env, 'BENCH_NOTIFICATION_MEMBERS', 100_000, 1000, 1_000_000));
  const searchOpinions = Math.round(bounded(env, 'BENCH_SEARCH_OPINIONS', 1_000_000, 10_000, 5_000_000));
  // Registrations (argon2), two platform starts, generating the members; writing and indexing the opinions.
  const notificationsAllowance = only.has('notifications') ? 300 + Math.ceil(notificationMembers / 500) : 0;
  const searchAllowance = only.has('search') ? 120 + Math.ceil(searchOpinions / 4000) : 0;
  // Generating 330k events and twelve counts of a 100k-ballot election.
  const electionsAllowance = only.has('election-methods') ? 120 : 0;
  return {
    databaseUrl: platform.DATABASE_URL,
    dataDir: platform.DATA_DIR,
    events: Math.round(bounded(env, 'BENCH_EVENTS', 1_000_000, 10_000, 10_000_000)),
    seconds: bounded(env, 'BENCH_SECONDS', 5, 1, 30),
    warmupSeconds: bounded(env, 'BENCH_WARMUP_SECONDS', 1.5, 0, 10),
    lagSeconds: bounded(env, 'BENCH_LAG_SECONDS', 10, 2, 60),
    lagRate: Math.round(bounded(env, 'BENCH_LAG_RATE', 1000, 10, 5000)),
    readBatch: Math.round(bounded(env, 'BENCH_READ_BATCH', 1000, 100, 10_000)),
    voteSeconds: bounded(env, 'BENCH_VOTE_SECONDS', 10, 2, 60),
    stalenessSeconds: bounded(env, 'BENCH_STALENESS_SECONDS', 10, 2, 60),
    loadSeconds,
    lighthouseRuns,
    notificationMembers,
    searchOpinions,
    only,
    timeoutSeconds: bounded(
      env,
      'BENCH_TIMEOUT_SECONDS',
      540 + loadAllowance + lighthouseAllowance + notificationsAllowance + searchAllowance + electionsAllowance,
      30,
      3600,
    ),
  };
}
