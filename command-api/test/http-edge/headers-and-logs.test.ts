import { Writable } from 'node:stream';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../test-support/chromium';

describe('security headers, security events and request logs on the running platform', () => {
  let server: TestServer;
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, any>);
  beforeAll(async () => {
    server = await startTestServer({ logStream, env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => server?.close());

  const viaGateway = { 'x-forwarded-for': '198.51.100.40' };

  it('names the client address and the signed-in member in request logs', async () => {
    const browser = new TestClient(server.baseUrl);
    const signedUp = await browser.request('POST', '/api/email-auth/register', registration(), viaGateway);
    const { user } = (await signedUp.json()) as { user: { id: string } };
    const read = await browser.get('/api/auth/user', viaGateway);
    expect(read.status).toBe(200);

    const requestId = logged().find((line) => line.msg === 'incoming request' && line.req.url === '/api/auth/user')!.reqId;
    const incoming = logged().find((line) => line.reqId === requestId && line.msg === 'incoming request')!;
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/api/auth/user', remoteAddress: '198.51.100.40' });
    const completed = logged().find((line) => line.reqId === requestId && line.msg === 'request completed')!;
    expect(completed.res).toEqual({ statusCode: 200, remoteAddress: '198.51.100.40', memberId: user.id });
    // Sign-up names the new member on its own line too.
    const signUpLine = logged().find((line) => line.msg === 'request completed' && line.res.statusCode === 201)!;
    expect(signUpLine.res.memberId).toBe(user.id);
  });

  it('logs a 403 as a security event naming the member, and a cross-site request as csrf_refused', async () => {
    const browser = new TestClient(server.baseUrl);
    const { user } = (await (await browser.request('POST', '/api/email-auth/register', registration(), viaGateway)).json()) as { user: { id: string } };
    const refused = await browser.request('POST', '/api/business/invite', { email: 'colleague@example.org' }, viaGateway);
    expect(refused.status).toBe(403);
    const crossSite = await browser.request('POST', '/api/subscription/cancel', {}, { ...viaGateway, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);

    expect(logged().filter((line) => line.securityEvent === 'forbidden')).toContainEqual(
      expect.objectContaining({ clientAddress: '198.51.100.40', userId: user.id, route: '/api/business/invite' }),
    );
    expect(logged().filter((line) => line.securityEvent === 'csrf_refused')).toEqual([
      expect.objectContaining({ clientAddress: '198.51.100.40', route: '/api/subscription/cancel', reason: 'origin' }),
    ]);
    expect(lines.join('')).not.toContain('colleague@example.org');
  });

  it('sends the security headers on the app and no-store on /api answers', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await new TestClient(server.baseUrl).get('/api/auth/user');
    expect(api.status).toBe(401);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the API docs work in a real browser under the policy', async () => {
    const chrome = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
    try {
      const tab = await chrome.newPage();
      const violations: string[] = [];
      tab.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      tab.on('pageerror', (error) => violations.push(error.message));
      await tab.goto(`${server.baseUrl}/api/docs`);
      await tab.getByRole('heading', { name: /Civitas API/ }).waitFor();
      await tab.getByText('/api/email-auth/login').first().waitFor();
      expect(violations).toEqual([]);
    } finally {
      await chrome.close();
    }
  });
});
