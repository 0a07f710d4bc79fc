import { ForbiddenError } from '@civitas/events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpApp, type HttpAppOptions } from './http-app';
import { contentSecurityPolicyHeader } from './security-headers';

const webRoot = mkdtempSync(path.join(tmpdir(), 'civitas-http-app-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Civitas</title><div id="root"></div>');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** The policy as directive → sources, so spacing does not matter. */
const directives = (policy: string | undefined) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0], part.split(/\s+/).slice(1).join(' ')]),
  );
const POLICY = directives(contentSecurityPolicyHeader());

async function appWith(options: Partial<HttpAppOptions> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = await createHttpApp({ title: 'test', logLevel: 'info', healthChecks: {}, logStream, ...options });
  app.get('/api/whoami', async (request) => ({ ip: request.ip }));
  app.post('/api/things', async () => ({ ok: true }));
  app.get('/api/secret', async () => {
    throw new ForbiddenError('Only admins');
  });
  await app.ready();
  return { app, lines, events: (kind: string) => lines.filter((line) => line.securityEvent === kind) };
}

describe('client address behind the gateway', () => {
  it('trusts exactly one hop: a spoofed left-most X-Forwarded-For changes nothing', async () => {
    const { app } = await appWith({ trustProxy: true });
    const ipFor = async (forwardedFor?: string) =>
      (await app.inject({ url: '/api/whoami', remoteAddress: '10.0.0.2', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })).json().ip;
    // The gateway sets X-Forwarded-For to the address it saw; a client's own value is never left-most-trusted.
    expect(await ipFor('203.0.113.9')).toBe('203.0.113.9');
    expect(await ipFor('1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipFor('5.6.7.8, 1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipFor()).toBe('10.0.0.2');
    await app.close();
  });

  it('ignores X-Forwarded-For entirely when not behind a gateway', async () => {
    const { app } = await appWith();
    const answer = await app.inject({ url: '/api/whoami', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(answer.json().ip).toBe('10.0.0.2');
    await app.close();
  });
});

describe('security headers', () => {
  it('sends a strict policy, nosniff, no framing and no referrer on every answer, and no-store on /api', async () => {
    const { app } = await appWith({ webRoot });
    for (const url of ['/api/whoami', '/api/nothing-here', '/', '/some/deep/link']) {
      const answer = await app.inject({ url });
      expect(directives(answer.headers['content-security-policy'] as string), url).toEqual(POLICY);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
      if (url.startsWith('/api/')) expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    expect(POLICY).toMatchObject({ 'script-src': "'self'", 'script-src-attr': "'none'", 'object-src': "'none'", 'frame-ancestors': "'none'" });
    await app.close();
  });

  it('sends HSTS only when the public address is https', async () => {
    const { app } = await appWith({ publicBaseUrl: 'https://civitas.example' });
    expect((await app.inject({ url: '/api/whoami' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('serves the API docs under the same policy', async () => {
    const { app } = await appWith();
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script>(?!\s*<\/script>)/); // scripts only from files
    expect(directives(docs.headers['content-security-policy'] as string)).toEqual(POLICY);
    await app.close();
  });

  it('the gateway sends the same policy for the files it serves, and sets the client address itself', () => {
    const gateway = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/gateway.conf'), 'utf8');
    // Every location that serves files (the app's page and its assets) sends the whole set.
    const fileLocations = gateway.split('try_files').length - 1;
    expect(fileLocations).toBe(2);
    const policies = [...gateway.matchAll(/add_header Content-Security-Policy "([^"]+)"/g)].map((match) => directives(match[1]));
    expect(policies).toEqual(Array.from({ length: fileLocations }, () => POLICY));
    for (const header of ['X-Content-Type-Options "nosniff"', 'X-Frame-Options "DENY"', 'Referrer-Policy "no-referrer"'])
      expect(gateway.split(`add_header ${header} always;`).length - 1, header).toBe(fileLocations);
    expect(gateway).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(gateway).toContain('add_header Cache-Control "no-cache" always;');
    const proxied = gateway.split('proxy_pass').length - 1;
    expect(proxied).toBeGreaterThan(0);
    expect(gateway.match(/proxy_set_header X-Forwarded-For \$remote_addr;/g)).toHaveLength(proxied);
    expect(gateway).not.toContain('$proxy_add_x_forwarded_for');
  });
});

describe('caching of the web app', () => {
  it('keeps hashed assets for good, asks for the page again each time, and answers a missing asset with a 404', async () => {
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    writeFileSync(path.join(webRoot, 'assets', 'index-Bx9f3k2a.js'), 'console.log(1);');
    const { app } = await appWith({ webRoot });
    const asset = await app.inject({ url: '/assets/index-Bx9f3k2a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/topics/some-topic']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    // A page from before a deploy asks for chunks that are gone: the app's HTML in their place would be refused as script.
    const gone = await app.inject({ url: '/assets/index-Old0ld00.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Route GET /assets/index-Old0ld00.js not found' });
    await app.close();
  });
});

describe('security events and request logs', () => {
  it('logs refused cross-site requests and 403s with the client address, and the address on every request', async () => {
    const { app, lines, events } = await appWith({ trustProxy: true, publicBaseUrl: 'http://civitas.example' });
    const fromGateway = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } };
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: {},
      ...fromGateway,
      headers: { ...fromGateway.headers, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: 'a=1',
      ...fromGateway,
      headers: { ...fromGateway.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const ours = await app.inject({ method: 'POST', url: '/api/things', payload: {}, headers: { origin: 'http://civitas.example', host: 'command-api:3000' } });
    expect(ours.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/secret', ...fromGateway })).statusCode).toBe(403);

    expect(events('csrf_refused')).toEqual([
      expect.objectContaining({ clientAddress: '203.0.113.9', route: '/api/things', reason: 'origin', userId: null }),
      expect.objectContaining({ clientAddress: '203.0.113.9', route: '/api/things', reason: 'content-type' }),
    ]);
    // One event per refusal: the CSRF refusal is not logged a second time as a plain 403.
    expect(events('forbidden')).toEqual([expect.objectContaining({ clientAddress: '203.0.113.9', route: '/api/secret' })]);
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.length).toBe(4);
    expect((incoming[0]!.req as Record<string, unknown>).remoteAddress).toBe('203.0.113.9');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.at(-1)!.res).toEqual({ statusCode: 403, remoteAddress: '203.0.113.9', memberId: null });
    await app.close();
  });
});
