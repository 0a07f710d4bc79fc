import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import pg from 'pg';
import { SEARCH_CANDIDATES } from '../query-api/src/search/search.routes';
import { prefixQuery, searchTerms } from '../query-api/src/search/search-text';
import { registerMember } from '../test-support/members';
import { startBenchPlatform } from './lib/bench-platform';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu } from './lib/cpu';
import { quiesce, type BenchDatabase } from './lib/database';
import { send } from './lib/http-request';
import { summarise } from './lib/latency';
import { now } from './lib/measure';
import { emit, progress } from './lib/report';
import { SEARCH_SEED, SEARCH_TOPICS, SEARCH_WRITERS, fillSearchDocuments } from './lib/search-documents';
import { ARABIC_WORDS, ENGLISH_WORDS } from './lib/search-words';
import { seeded } from './lib/seeded-random';

const PAIRS_PER_CASE = 6;
const ROUNDS = 20;
const TARGET_P99_MS = 50;

const documents = `${READ_SCHEMA}.search_documents`;

/** The opinions section's match and rank as the route runs it (SEARCH_CANDIDATES, then the best 5), alone: no visibility, no joins. */
const BARE_MATCH_SQL = `with matched as (
    select d.id, ts_rank_cd(d.document, q.query) as rank
    from ${documents} d cross join to_tsquery('simple', $1) as q(query)
    where d.kind = 'opinion' and d.document @@ q.query
    limit ${SEARCH_CANDIDATES})
  select id from matched order by rank desc, id limit 5`;

interface SearchCase {
  name: string;
  queries: string[];
}

/** Two-word queries of each kind, picked by rank from the vocabulary the texts were drawn from. */
function searchCases(): SearchCase[] {
  const random = seeded(SEARCH_SEED + 1);
  const pick = (words: readonly string[], from: number, to: number, minLength: number) => {
    const eligible = words.slice(from, to).filter((word) => [...word].length >= minLength);
    return eligible[Math.floor(random() * eligible.length)]!;
  };
  const pairs = (first: () => string, second: () => string) => Array.from({ length: PAIRS_PER_CASE }, () => `${first()} ${second()}`);
  const common = () => pick(ENGLISH_WORDS, 0, 40, 3);
  const rare = () => pick(ENGLISH_WORDS, 1500, ENGLISH_WORDS.length, 4);
  const arabic = () => pick(ARABIC_WORDS, 20, 400, 3);
  // A word typed halfway: the first four letters of a middling word.
  const partial = () => pick(ENGLISH_WORDS, 40, 400, 7).slice(0, 4);
  return [
    { name: 'rare + rare', queries: pairs(rare, rare) },
    { name: 'common + rare', queries: pairs(common, rare) },
    { name: 'common + common', queries: pairs(common, common) },
    { name: 'Arabic pair', queries: pairs(arabic, arabic) },
    { name: 'word + prefix', queries: pairs(common, partial) },
  ];
}

/**
 * Search over a million opinions (issue #33): `GET /api/search?q=<two words>` over HTTP as a
 * signed-in member for five kinds of query, beside the opinions section's bare SQL match over a
 * plain connection in the same run, the two alternating query by query.
 */
export async function benchSearch(database: BenchDatabase, config: BenchConfig): Promise<void> {
  const bench = await startBenchPlatform(database, 'search', SEARCH_WRITERS);
  const { platform, pool } = bench;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bare = new pg.Client({ connectionString: bench.database.url, application_name: 'civitas-bench-search' });
  try {
    const { client } = await registerMember(platform.url, { email: `bench.search.${randomUUID()}@example.org` });
    const cookie = client.cookieHeader;
    await fillSearchDocuments(pool, config.searchOpinions);
    await bare.connect();
    await quiesce(pool);

    const cases = searchCases();
    const viaHttp = async (query: string) => {
      const answer = await send(agent, platform.url, 'GET', `/api/search?q=${encodeURIComponent(query)}`, cookie);
      if (answer.status !== 200) throw new Error(`search: GET /api/search?q=${query} answered ${answer.status} ${answer.body.slice(0, 200)}`);
      return (JSON.parse(answer.body) as { opinions: unknown[] }).opinions.length;
    };
    const viaSql = async (query: string) => (await bare.query(BARE_MATCH_SQL, [prefixQuery(searchTerms(query))])).rows.length;
    for (const searchCase of cases) {
      const found: string[] = [];
      for (const query of searchCase.queries) {
        const matches = await bare.query<{ count: number }>(
          `select count(*)::int as count from ${documents} where kind = 'opinion' and document @@ to_tsquery('simple', $1)`,
          [prefixQuery(searchTerms(query))],
        );
        // Warm both paths once (plans, caches) before the measured rounds.
        const shown = await viaHttp(query);
        if (shown !== (await viaSql(query))) throw new Error(`search: "${query}" shows ${shown} opinions over HTTP but the bare match finds another number`);
        found.push(`"${query}" ${matches.rows[0]!.count}`);
      }
      progress(`search: ${searchCase.name}: opinions matching ${found.join(', ')}`);
    }

    const timings = new Map(cases.map((searchCase) => [searchCase.name, { http: [] as number[], sql: [] as number[] }]));
    const { cpu } = await withCpu(pool, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const searchCase of cases) {
          const into = timings.get(searchCase.name)!;
          for (const query of searchCase.queries) {
            // The sides take turns going first, so neither always finds the pages the other just read.
            const sides = round % 2 === 0 ? (['http', 'sql'] as const) : (['sql', 'http'] as const);
            for (const side of sides) {
              const startedAt = now();
              await (side === 'http' ? viaHttp(query) : viaSql(query));
              into[side].push(now() - startedAt);
            }
          }
        }
      }
    });
    progress(`search: ${ROUNDS} rounds of ${cases.length * PAIRS_PER_CASE} queries a side ${cpuNote(cpu, 'search over HTTP')}`);

    const all = { http: [] as number[], sql: [] as number[] };
    const report = (name: string, timing: { http: number[]; sql: number[] }) => {
      const [viaRoute, viaBare] = [summarise(timing.http), summarise(timing.sql)];
      progress(
        `search (${name}): GET /api/search p50 ${viaRoute.p50.toFixed(2)} ms p99 ${viaRoute.p99.toFixed(2)} ms over ${viaRoute.count}; ` +
          `bare SQL p50 ${viaBare.p50.toFixed(2)} ms p99 ${viaBare.p99.toFixed(2)} ms`,
      );
      for (const p of ['p50', 'p99'] as const) {
        emit({
          figure: `search ${p}, ${name}: GET /api/search?q=<two words> over HTTP as a member, ${config.searchOpinions} opinions in ${SEARCH_TOPICS} topics (baseline: the opinions section's bare SQL match and rank over a plain connection)`,
          value: viaRoute[p],
          unit: 'ms',
          baseline: viaBare[p],
          target: `p99 <= ${TARGET_P99_MS} ms`,
          meets: viaRoute[p] <= TARGET_P99_MS,
        });
      }
    };
    for (const searchCase of cases) {
      const timing = timings.get(searchCase.name)!;
      all.http.push(...timing.http);
      all.sql.push(...timing.sql);
      report(searchCase.name, timing);
    }
    report('every kind together', all);
  } finally {
    agent.destroy();
    await bare.end().catch(() => undefined);
    await bench.close();
  }
}
