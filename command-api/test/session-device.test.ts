import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const PASSWORD = 'correct horse battery staple';

// A 503 is the read model catching up with the registration: asked again, as the web client does.
const accountSecurity = (client: TestClient) =>
  eventually(
    () => client.json('GET', '/api/user/account-security'),
    (answer) => answer.status !== 503,
  );

describe('sessions named by device and browser', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('keeps the browser and system of each sign-in, never the raw User-Agent', async () => {
    const email = uniqueEmail();
    const phone = new TestClient(server.baseUrl);
    const registered = await phone.request('POST', '/api/email-auth/register', registration(email, PASSWORD), { 'user-agent': ANDROID_CHROME });
    expect(registered.status).toBe(201);
    const { user } = (await registered.json()) as { user: { id: string } };
    const laptop = new TestClient(server.baseUrl);
    expect((await laptop.post('/api/email-auth/login', { email, password: PASSWORD }, { 'user-agent': WINDOWS_FIREFOX })).status).toBe(200);
    const script = new TestClient(server.baseUrl);
    expect((await script.post('/api/email-auth/login', { email, password: PASSWORD }, { 'user-agent': 'curl/8.5.0' })).status).toBe(200);

    const answer = await accountSecurity(laptop);
    expect(answer.status).toBe(200);
    const devices = (answer.body.sessions as { device: unknown; current: boolean }[]).map(({ device, current }) => ({ device, current }));
    expect(devices).toHaveLength(3);
    expect(devices).toEqual(
      expect.arrayContaining([
        { device: { browser: 'Chrome', os: 'Android' }, current: false },
        { device: { browser: 'Firefox', os: 'Windows' }, current: true },
        { device: null, current: false },
      ]),
    );

    const stored = await server.query<{ sess: unknown }>(`select sess from sessions where sess->>'userId' = $1`, [user.id]);
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toMatch(/Mozilla|Gecko|Pixel|curl/);
  });

  it('a session from before the label was kept reads as no device', async () => {
    const member = new TestClient(server.baseUrl);
    const registered = await member.request('POST', '/api/email-auth/register', registration(uniqueEmail(), PASSWORD), { 'user-agent': WINDOWS_FIREFOX });
    expect(registered.status).toBe(201);
    const { user } = (await registered.json()) as { user: { id: string } };
    await server.query(`update sessions set sess = sess - 'device' where sess->>'userId' = $1`, [user.id]);
    const answer = await accountSecurity(member);
    expect(answer.body.sessions).toEqual([expect.objectContaining({ current: true, device: null })]);
  });
});
