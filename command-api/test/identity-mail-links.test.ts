import { loadConfig } from '@civitas/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { mailedLink } from '../../test-support/mail-folder';
import { buildCommandApp, type CommandApp } from '../../test-support/command-app';

describe('EXPOSE_MAIL_LINKS (local development)', () => {
  let server: CommandApp;
  beforeAll(async () => {
    server = await buildCommandApp({ env: { EXPOSE_MAIL_LINKS: 'true' } });
  });
  afterAll(async () => server?.close());

  it('hands back the links the mails carry, and they are the mailed ones', async () => {
    const email = uniqueEmail();
    const browser = new TestClient(server.baseUrl);
    const registered = await browser.json('POST', '/api/email-auth/register', registration(email));
    expect(registered.body.verificationUrl).toBe(await mailedLink(server.dataDir, email, 'Verify your email'));

    const forgot = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/forgot-password', { email });
    expect(forgot.body).toEqual({
      message: 'If an account with this email exists, you will receive a password reset link shortly.',
      resetUrl: expect.stringMatching(/\/reset-password\/[A-Za-z0-9_-]{43}$/),
    });
    expect(forgot.body.resetUrl).toBe(await mailedLink(server.dataDir, email, 'Reset your password'));
    // For an unknown address too, so the two answers still look alike.
    const nobody = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(Object.keys(nobody.body)).toEqual(Object.keys(forgot.body));

    const resent = await browser.json('POST', '/api/email-auth/resend-verification');
    expect(resent.body.verificationUrl).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}$/);
  });

  it('is off by default and refused with an https address', () => {
    expect(loadConfig({}).EXPOSE_MAIL_LINKS).toBe(false);
    expect(loadConfig({ EXPOSE_MAIL_LINKS: 'true', PUBLIC_BASE_URL: 'http://localhost:5173' }).EXPOSE_MAIL_LINKS).toBe(true);
    expect(() => loadConfig({ EXPOSE_MAIL_LINKS: 'true', PUBLIC_BASE_URL: 'https://civitas.example' })).toThrow(
      'Invalid configuration: EXPOSE_MAIL_LINKS: mailed links in API answers are for local development only and cannot be on with an https PUBLIC_BASE_URL',
    );
  });
});
