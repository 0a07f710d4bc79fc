import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from './http-app';

/** A built app in miniature: what web/scripts/precompress-plugin.ts leaves in web/dist. */
const PAGE = '<!doctype html><title>Civitas</title><div id="root"></div>' + ' '.repeat(400);
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};`;
const STYLE = `body { margin: 0; } ${'.a { color: red; } '.repeat(50)}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const webRoot = mkdtempSync(path.join(tmpdir(), 'civitas-web-app-'));
const withVariants = (file: string, content: string) => {
  writeFileSync(path.join(webRoot, file), content);
  writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(content));
  writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(content));
};
mkdirSync(path.join(webRoot, 'assets'));
withVariants('index.html', PAGE);
withVariants('assets/index-Bx9f3k2a.js', SCRIPT);
withVariants('assets/index-C4f00d11.css', STYLE);
// A chunk too small to gain from compression: the build writes no variant for it.
writeFileSync(path.join(webRoot, 'assets', 'tiny-D0d0d0d0.js'), 'export{};');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

let app: Awaited<ReturnType<typeof createHttpApp>>;
beforeAll(async () => {
  const logStream = new Writable({ write: (_chunk, _encoding, done) => done() });
  app = await createHttpApp({ title: 'test', logLevel: 'warn', healthChecks: {}, logStream, webRoot });
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser reads it, whatever the encoding. */
const decoded = (answer: Awaited<ReturnType<typeof get>>) => {
  const raw = answer.rawPayload;
  const encoding = answer.headers['content-encoding'];
  return String(encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw);
};

describe('pre-compressed assets', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'gzip'],
  ])('sends the stored form the browser prefers (Accept-Encoding %s → %s), kept for good', async (acceptEncoding, encoding) => {
    const answer = await get('/assets/index-Bx9f3k2a.js', acceptEncoding);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it.each([undefined, '', 'identity', 'deflate', 'zstd', 'br;q=0, gzip;q=0'])(
    'sends the file itself when the browser takes neither (Accept-Encoding %s), still varying on it',
    async (acceptEncoding) => {
      const answer = await get('/assets/index-Bx9f3k2a.js', acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(SCRIPT);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    },
  );

  it('labels styles as CSS in every form', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const answer = await get('/assets/index-C4f00d11.css', acceptEncoding);
      expect(answer.headers['content-type'], acceptEncoding).toMatch(/^text\/css/);
      expect(answer.headers['cache-control'], acceptEncoding).toBe(IMMUTABLE);
      expect(decoded(answer), acceptEncoding).toBe(STYLE);
    }
  });

  it('sends a file with no stored variant as it is', async () => {
    const answer = await get('/assets/tiny-D0d0d0d0.js', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('export{};');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves the page compressed too, asked for again each time, at / and at every deep link', async () => {
    for (const url of ['/', '/index.html', '/topics/some-topic', '/groups/12?tab=members']) {
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        const answer = await get(url, acceptEncoding);
        const label = `${url} ${acceptEncoding}`;
        expect(answer.statusCode, label).toBe(200);
        expect(answer.headers['content-encoding'], label).toBe(acceptEncoding);
        expect(answer.headers['content-type'], label).toMatch(/^text\/html/);
        expect(answer.headers['cache-control'], label).toBe('no-cache');
        expect(answer.headers.vary, label).toMatch(/accept-encoding/i);
        expect(decoded(answer), label).toBe(PAGE);
      }
    }
  });

  it('answers HEAD with the headers of the form it would send', async () => {
    const answer = await get('/assets/index-Bx9f3k2a.js', 'br', 'HEAD');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.rawPayload.length).toBe(0);
  });

  it('answers a missing asset with a 404 in every encoding, and odd Accept-Encoding values never with a 500', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined, ',,;q=x', 'br;q=2', 'x'.repeat(2000)]) {
      const gone = await get('/assets/index-Old0ld00.js', acceptEncoding);
      expect(gone.statusCode, acceptEncoding).toBe(404);
      expect(gone.json()).toEqual({ message: 'Route GET /assets/index-Old0ld00.js not found' });
      const present = await get('/assets/index-Bx9f3k2a.js', acceptEncoding);
      expect(present.statusCode, acceptEncoding).toBe(200);
      expect(decoded(present), acceptEncoding).toBe(SCRIPT);
    }
  });
});

describe('the gateway', () => {
  it('sends the stored gzip form of the files it serves, varying on Accept-Encoding', () => {
    const gateway = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/gateway.conf'), 'utf8');
    const directives = gateway.replace(/#.*$/gm, '');
    expect(directives).toMatch(/^\s*gzip_static on;$/m);
    expect(directives).toMatch(/^\s*gzip_vary on;$/m);
    // The stock nginx image has no ngx_brotli: a brotli_static line would stop the gateway starting.
    expect(directives).not.toContain('brotli');
  });
});
