import { expect } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import type { TestServer } from '../../../test-support/test-server';
import type { Member } from '../participation/members';

/** The server settings these tests start with: ADMIN_EMAILS names the admin, and answers carry the verification link. */
export const adminEmail = uniqueEmail('admin');
export const PROFILE_TEST_ENV = { ADMIN_EMAILS: adminEmail, EXPOSE_MAIL_LINKS: 'true' };

/** The admin of ADMIN_EMAILS, signed in with a verified address (the role is granted then). */
export async function newAdmin(server: TestServer): Promise<Member> {
  const browser = new TestClient(server.baseUrl);
  const answer = await browser.json('POST', '/api/email-auth/register', { ...registration(adminEmail), firstName: 'Admin' });
  expect(answer.status).toBe(201);
  const token = String(answer.body.verificationUrl).split('/verify-email/')[1];
  expect((await browser.json('POST', '/api/email-auth/verify-email', { token })).status).toBe(200);
  await eventually(
    () => browser.json('GET', '/api/auth/user'),
    (me) => me.body.isAdmin === true,
  );
  return { browser, userId: answer.body.user.id, firstName: 'Admin', email: adminEmail };
}

/** POST /api/user/profile-image as the browser sends it: multipart with the file in `field`. */
export async function uploadImage(browser: TestClient, bytes: Buffer, { field = 'profileImage', filename = 'me.png', type = 'image/png' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${browser.baseUrl}/api/user/profile-image`, {
    method: 'POST',
    body: form,
    headers: browser.cookies.size ? { cookie: browser.cookieHeader } : {},
  });
  const body = (await response.json()) as { position?: string | null; profileImageUrl?: string; message?: string };
  if (body.position && (!browser.position || body.position > browser.position)) browser.position = body.position;
  return { status: response.status, body, headers: response.headers };
}
