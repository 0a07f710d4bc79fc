import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATALOGUE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { groupCreated } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

// docs/decisions.md, "Compressed answers": only answers with no text another member or a URL can put in them.
const COMPRESSED_ROUTES = ['GET /api/groups'];

describe('compressed answers', () => {
  let query: QueryApp;
  let ada: Member;
  beforeAll(async () => {
    query = await startQueryApp();
    // The whole catalogue: the answer the rule is for, at its real size.
    await query.record(...CATALOGUE.map((group) => at('2026-03-01T09:00:00.000Z', groupCreated(group.groupId, group))));
    ada = await query.member('Ada');
  });
  afterAll(async () => query.close());

  const read = (url: string, acceptEncoding: string) =>
    query.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie, 'accept-encoding': acceptEncoding } });

  it('sends the groups catalogue brotli- or gzip-compressed to a reader who accepts it, the same JSON once decoded', async () => {
    const plain = await read('/api/groups', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await read('/api/groups', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    // A catalogue of ~250 groups: a tenth of its size or less on the wire.
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 8);
    const gzip = await read('/api/groups', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a member’s own data uncompressed, however the reader asks', async () => {
    for (const url of ['/api/auth/user', '/api/user/groups', `/api/groups/${ada.groups.family}`]) {
      const answer = await read(url, 'br, gzip, deflate, *');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('compresses no route but those the ruling names', () => {
    const compressed = query.routes
      .filter((route) => (route as { compress?: unknown }).compress !== undefined && (route as { compress?: unknown }).compress !== false)
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((route) => !route.startsWith('HEAD '));
    expect(compressed.sort()).toEqual(COMPRESSED_ROUTES);
  });
});
