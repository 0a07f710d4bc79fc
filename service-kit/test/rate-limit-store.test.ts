import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createKysely, migrateToLatest } from '../src/database';
import { platformMigrations } from '../src/migrations';
import { RateLimitCounters } from '../src/rate-limit-store';

describe('rate limit counters in PostgreSQL', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createKysely>;
  let otherInstance: ReturnType<typeof createKysely>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url);
    otherInstance = createKysely(database.url);
    await migrateToLatest(db, platformMigrations);
  });
  afterAll(async () => {
    await Promise.all([db?.destroy(), otherInstance?.destroy()]);
    await database?.drop();
  });

  it('counts every hit once, however many instances hit at the same moment', async () => {
    const instances = [new RateLimitCounters(db), new RateLimitCounters(otherInstance)];
    const counts = await Promise.all(Array.from({ length: 40 }, (_, hit) => instances[hit % 2]!.hit('login:concurrent', 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, hit) => hit + 1));
    expect(counts.every((count) => count.ttl > 58_000 && count.ttl <= 60_000)).toBe(true);
    expect(await instances[1]!.read('login:concurrent')).toMatchObject({ current: 40 });
  });

  it('starts a new window once the old one is over, and sweeps ended windows', async () => {
    const counters = new RateLimitCounters(db);
    await counters.hit('short', 50);
    expect((await counters.hit('short', 50)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await counters.read('short')).toEqual({ current: 0, ttl: 0 });
    expect((await counters.hit('short', 50)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await counters.sweep()).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ count: string }>`select count(*) from rate_limit_counters where window_ends <= now()`.execute(db);
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('keeps no addresses or e-mails in the table', async () => {
    await new RateLimitCounters(db).hit('login-account-ip:ada@example.org:203.0.113.9', 60_000);
    const { rows } = await sql<{ key: string }>`select key from rate_limit_counters`.execute(db);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
  });

  it('serves @fastify/rate-limit: two apps on one database share one limit', async () => {
    const apps = await Promise.all(
      [db, otherInstance].map(async (connection) => {
        const app = Fastify();
        await app.register(rateLimit, { global: false, store: new RateLimitCounters(connection).storeClass() });
        const limit = app.createRateLimit({ max: 3, timeWindow: '1 minute', keyGenerator: () => 'shared-route' });
        app.get('/', async (request, reply) => {
          const result = await limit(request);
          return result.isAllowed || !result.isExceeded ? { ok: true } : reply.status(429).send({ retryAfter: result.ttlInSeconds });
        });
        return app;
      }),
    );
    const statuses = [];
    for (let hit = 0; hit < 5; hit += 1) statuses.push((await apps[hit % 2]!.inject({ url: '/' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await apps[0]!.inject({ url: '/' });
    expect(limited.json().retryAfter).toBeGreaterThan(50);
    await Promise.all(apps.map((app) => app.close()));
  });
});
