import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { CHAT_RATE_LIMITED, CHAT_RATE_LIMIT_PER_MINUTE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration } from '../../../test-support/http-client';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { SAUDI_ARABIA, newMember, subscribe, topicBody, verify } from '../participation/members';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** A 429 as the client sees it: its body, and Retry-After as whole seconds (NaN if missing or not digits). */
async function refusal(response: Response) {
  const header = response.headers.get('retry-after') ?? '';
  return { status: response.status, body: await response.json(), retryAfter: /^\d+$/.test(header) ? Number(header) : Number.NaN };
}

// Route policies (docs/decisions.md): every limit, an HTTP limiter or a domain rule, is one error type answered by the one error handler.
describe('route policies as a client meets them, at the real limits', () => {
  let server: CommandApp;
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const securityEvents = () => lines.map((line) => JSON.parse(line)).filter((line) => line.securityEvent === 'rate_limited');
  beforeAll(async () => {
    server = await buildCommandApp({ env: { AUTH_RATE_LIMIT_FACTOR: '1', LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => server?.close());

  it('answers a visitor 401 before reading the body, whatever the body says', async () => {
    const visitor = new TestClient(server.baseUrl);
    const answers = [await visitor.json('PUT', '/api/user/profile', {}), await visitor.json('POST', `/api/topics/${randomUUID()}/ballot`, {})];
    expect(answers).toEqual(Array(2).fill({ status: 401, body: { message: 'Unauthorized' } }));
  });

  it('an HTTP limiter (reset links per account) answers 429 with { message } and Retry-After within its hour', async () => {
    const client = new TestClient(server.baseUrl);
    const email = `nobody.${randomUUID()}@example.org`;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await client.post('/api/email-auth/forgot-password', { email })).status).toBe(200);
    const limited = await refusal(await client.post('/api/email-auth/forgot-password', { email }));
    expect(limited).toEqual({ status: 429, body: { message: TOO_MANY }, retryAfter: expect.any(Number) });
    expect(limited.retryAfter).toBeGreaterThan(3500);
    expect(limited.retryAfter).toBeLessThanOrEqual(3600);
    expect(securityEvents()).toContainEqual(expect.objectContaining({ reason: 'forgot-account', route: '/api/email-auth/forgot-password' }));
  });

  it('a domain limit in a decider (verification links per hour) answers the same way', async () => {
    const browser = new TestClient(server.baseUrl);
    expect((await browser.post('/api/email-auth/register', registration())).status).toBe(201);
    for (let resend = 0; resend < 4; resend += 1) expect((await browser.post('/api/email-auth/resend-verification')).status).toBe(200);
    const limited = await refusal(await browser.post('/api/email-auth/resend-verification'));
    expect(limited).toEqual({ status: 429, body: { message: TOO_MANY }, retryAfter: expect.any(Number) });
    expect(limited.retryAfter).toBeGreaterThan(3500);
    expect(limited.retryAfter).toBeLessThanOrEqual(3600);
    expect(securityEvents()).toContainEqual(expect.objectContaining({ reason: 'resend-verification', route: '/api/email-auth/resend-verification' }));
  });

  it('a domain limit in a service (chat messages per minute) answers 429 with its own words and Retry-After within the minute', async () => {
    const member = await newMember(server, 'Swift');
    expect((await verify(member, SAUDI_ARABIA.name, '1111111111')).status).toBe(200);
    await subscribe(member, server);
    const topicId = (await member.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic.id as string;
    for (let n = 1; n <= CHAT_RATE_LIMIT_PER_MINUTE; n += 1)
      expect((await member.browser.post('/api/chat/messages', { topicId, message: `Message ${n}` })).status).toBe(201);
    const limited = await refusal(await member.browser.post('/api/chat/messages', { topicId, message: 'One too many' }));
    expect(limited).toEqual({ status: 429, body: { message: CHAT_RATE_LIMITED }, retryAfter: expect.any(Number) });
    expect(limited.retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    expect(securityEvents()).toContainEqual(expect.objectContaining({ reason: 'chat-per-minute', route: '/api/chat/messages', userId: member.userId }));
  });
});
