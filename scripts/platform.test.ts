import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTRIES, CATALOGUE, PostgresEventStore, START_POSITION, encodePosition, eventIdFor, groupStream } from '@civitas/events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { startTestServer, type TestServer } from '../test-support/test-server';

const webRoot = mkdtempSync(path.join(tmpdir(), 'civitas-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Civitas</title><div id="root"></div>');

async function countEvents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from events');
  await client.end();
  return Number(rows[0]!.count);
}

describe('the all-in-one platform', () => {
  let database: TestDatabase;
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { headers });

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, webRoot });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('is healthy once started', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: true, migrations: true, projector: true, readModels: true } });
  });

  it('lists the catalogue: five religions, International, Alliance and one National group per country', async () => {
    const response = await get('/api/groups');
    expect(response.status).toBe(200);
    const groups = (await response.json()) as Array<Record<string, unknown>>;
    expect(groups).toHaveLength(7 + COUNTRIES.length);
    expect(groups.filter((group) => group.department === 'religion').map((group) => group.name)).toEqual([
      'Islam',
      'Christianity',
      'Judaism',
      'Hinduism',
      'Buddhism',
    ]);
    const saudi = groups.find((group) => group.name === 'Saudi Arabia');
    expect(saudi).toMatchObject({
      department: 'national',
      subcategory: 'saudi_arabia',
      subscriptionType: 'premium',
      type: 'national',
      requiresSubscription: true,
      memberCount: 0,
    });
    expect(Object.keys(saudi!).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'department',
        'subcategory',
        'subscriptionType',
        'features',
        'ownerId',
        'memberCount',
        'type',
        'requiresSubscription',
        'canParticipate',
        'isMember',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(groups.find((group) => group.name === 'Alliance')).toMatchObject({ subscriptionType: 'elite', requiresSubscription: false });
    expect(groups.find((group) => group.name === 'Islam')).toMatchObject({ subscriptionType: 'free', requiresSubscription: false });
    expect(new Set(groups.filter((g) => g.department === 'national').map((g) => g.subcategory)).size).toBe(COUNTRIES.length);
  });

  it('serves one group, a JSON 404 for a missing one and a JSON 400 for a bad id', async () => {
    const saudi = CATALOGUE.find((group) => group.name === 'Saudi Arabia')!;
    const one = await get(`/api/groups/${saudi.groupId}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: saudi.groupId, name: 'Saudi Arabia' });
    const missing = await get('/api/groups/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Group not found' });
    // A path id no group can have names none (docs/decisions.md, Ids and numbers).
    const bad = await get('/api/groups/abc');
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ message: 'Group not found' });
    const unknown = await get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Route GET /api/nothing-here not found' });
  });

  it('answers malformed JSON with a 400 message and no stack trace', async () => {
    const response = await fetch(`${server.baseUrl}/api/groups`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"oops' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(String(body.message)).not.toMatch(/at .*\.ts/);
  });

  it('serves the web app with deep links falling back to index.html', async () => {
    for (const url of ['/', '/group/7', '/no/such/page']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('publishes OpenAPI generated from the zod schemas at /api/docs', async () => {
    const response = await get('/api/docs/json');
    expect(response.status).toBe(200);
    const spec = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/groups', '/api/groups/{id}']));
    expect((await get('/api/docs')).status).toBeLessThan(400);
  });

  it('waits for the projections a query reads to reach X-Civitas-Position', async () => {
    const store = new PostgresEventStore({ connectionString: server.databaseUrl });
    const group = { ...CATALOGUE[0]!, groupId: 9_999, name: 'Read Your Writes' };
    const { position } = await store.append(
      groupStream(group.groupId),
      [{ id: eventIdFor('ryw', 0), type: 'GroupCreated', data: group, metadata: { schemaVersion: 1, time: new Date().toISOString() } }],
      'no_stream',
    );
    await store.close();
    const response = await get(`/api/groups/${group.groupId}`, { 'X-Civitas-Position': position });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Read Your Writes' });
  });

  it('answers 503 with Retry-After when the projections cannot reach the position within 2 s', async () => {
    const future = encodePosition(2n ** 60n, 1n);
    const started = Date.now();
    const response = await get('/api/groups', { 'X-Civitas-Position': future });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect((await get('/api/groups', { 'X-Civitas-Position': START_POSITION })).status).toBe(200);
    const bad = await get('/api/groups', { 'X-Civitas-Position': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'X-Civitas-Position is not a position' });
  });

  it('adds nothing when it starts again on the same database', async () => {
    const before = await countEvents(server.databaseUrl);
    expect(before).toBe(CATALOGUE.length + 1);
    await server.stop();
    server = await startTestServer({ database, webRoot });
    expect(await countEvents(server.databaseUrl)).toBe(before);
    expect(((await (await get('/api/groups')).json()) as unknown[]).length).toBe(CATALOGUE.length + 1);
  });
});
