import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { startCommandApiReplica } from './command-api-replica';

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

type Instance = { baseUrl: string };

// Two instances on one database, behind a (simulated) gateway, at the real limits.
describe('sign-in limits behind the gateway and across instances', () => {
  let first: CommandApp;
  let second: Awaited<ReturnType<typeof startCommandApiReplica>>;
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  beforeAll(async () => {
    const env = { AUTH_RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' };
    first = await buildCommandApp({ env: { ...env, LOG_LEVEL: 'info' }, logStream });
    second = await startCommandApiReplica(first.databaseUrl, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A request as the gateway forwards it: X-Forwarded-For ends with the address the gateway saw. */
  const from = (server: Instance, forwardedFor: string) => ({
    post: (path: string, body: unknown) => new TestClient(server.baseUrl).request('POST', path, body, { 'x-forwarded-for': forwardedFor }),
  });
  const register = async (email: string, password: string) => {
    const answer = await from(first, '192.0.2.1').post('/api/email-auth/register', registration(email, password));
    expect(answer.status).toBe(201);
  };

  it('counts one account\u2019s attempts from one address on every instance together', async () => {
    const email = uniqueEmail('shared');
    await register(email, 'the right passphrase here');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await from(attempt % 2 ? second : first, '198.51.100.10').post('/api/email-auth/login', { email, password: 'wrong password' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of [first, second]) {
      const limited = await from(server, '198.51.100.10').post('/api/email-auth/login', { email, password: 'wrong password' });
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual(TOO_MANY);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('never locks the owner out: failures from another address do not count against theirs', async () => {
    const email = uniqueEmail('owner');
    await register(email, 'the owner\u2019s passphrase');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await from(first, '198.51.100.20').post('/api/email-auth/login', { email, password: `guess ${attempt}` })).status).toBe(401);
    }
    expect((await from(second, '198.51.100.20').post('/api/email-auth/login', { email, password: 'guess 10' })).status).toBe(429);

    expect((await from(first, '203.0.113.7').post('/api/email-auth/login', { email, password: 'mistyped' })).status).toBe(401);
    const owner = await from(second, '203.0.113.7').post('/api/email-auth/login', { email, password: 'the owner\u2019s passphrase' });
    expect(owner.status).toBe(200);
  });

  it('counts per address whatever the client writes into X-Forwarded-For before the gateway\u2019s entry', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const spoofed = `10.${attempt}.0.1, 172.16.${attempt}.9`;
      statuses.push((await from(attempt % 2 ? second : first, `${spoofed}, 198.51.100.30`).post('/api/email-auth/register', registration())).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    // Another address is served as before.
    expect((await from(first, '198.51.100.31').post('/api/email-auth/register', registration())).status).toBe(201);
  });

  it('logs each refusal as a security event with the client address, never the e-mail', async () => {
    const events = lines.map((line) => JSON.parse(line)).filter((line) => line.securityEvent === 'rate_limited');
    expect(events).toContainEqual(expect.objectContaining({ clientAddress: '198.51.100.10', reason: 'login-account-ip', route: '/api/email-auth/login' }));
    expect(events).toContainEqual(expect.objectContaining({ clientAddress: '198.51.100.30', reason: 'register-ip', route: '/api/email-auth/register' }));
    expect(lines.join('')).not.toMatch(/@example\.org/);
  });
});
