import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { uniqueEmail } from '../../../test-support/http-client';
import type { TestServer } from '../../../test-support/test-server';
import { HandBrowser, authErrorOf } from '../oidc/hand-browser';
import { startServerWithGoogle, type TestProvider } from '../oidc/test-provider';
import { newMember, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

describe('a banned member signing in through a provider (issue #13 item 5)', () => {
  let google: TestProvider;
  let server: TestServer;
  let admin: Member;

  beforeAll(async () => {
    ({ google, server } = await startServerWithGoogle());
    admin = await makeAdmin(server, await newMember(server, 'Amal'));
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  const signIn = async (subject: string) => {
    const browser = new HandBrowser();
    const location = await browser.finish(await browser.toCallback(`${server.baseUrl}/api/auth/google`, subject));
    return { browser, location };
  };

  it('is sent back with the ban\u2019s reason and no session; after the ban is lifted the sign-in works', async () => {
    const subject = `subject-${randomUUID()}`;
    google.accounts.set(subject, { email: uniqueEmail('provider'), email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    const first = await signIn(subject);
    expect(first.location).toBe('/');
    const me = await eventually(
      async () => {
        const response = await first.browser.request(`${server.baseUrl}/api/auth/user`);
        return { status: response.status, body: (await response.json()) as { id?: string } };
      },
      (answer) => answer.status === 200,
    );
    const userId = me.body.id!;

    expect((await admin.browser.json('POST', `/api/admin/users/${userId}/ban`, { reason: 'Fake accounts' })).status).toBe(200);
    expect((await first.browser.request(`${server.baseUrl}/api/auth/user`)).status).toBe(401);
    const refused = await signIn(subject);
    expect(authErrorOf(refused.location)).toBe('Your account is suspended: Fake accounts');
    expect((await refused.browser.request(`${server.baseUrl}/api/auth/user`)).status).toBe(401);

    expect((await admin.browser.json('POST', `/api/admin/users/${userId}/unban`, {})).status).toBe(200);
    const again = await signIn(subject);
    expect(again.location).toBe('/');
    expect((await again.browser.request(`${server.baseUrl}/api/auth/user`)).status).toBe(200);
  });
});
