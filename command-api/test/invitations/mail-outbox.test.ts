import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { readMails } from '../../../test-support/mail-folder';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { newMember } from '../participation/members';
import { startSmtpReceiver } from './smtp-receiver';

describe('the mail outbox over SMTP', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let database: TestDatabase;
  let server: CommandApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    database = await createTestDatabase();
    server = await buildCommandApp({ database, env: { SMTP_URL: receiver.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await receiver?.close();
  });

  const mailWith = (subject: string) => receiver.mails.filter((mail) => mail.text.includes(`Subject: ${subject}`));

  it('sends the sign-up verification, an invitation and a password reset, whose links work, each exactly once across a restart', async () => {
    const owner = await newMember(server, 'Amina');
    await eventually(
      async () => mailWith('Verify your Civitas email address'),
      (mails) => mails.length === 1,
    );
    const verification = mailWith('Verify your Civitas email address')[0]!;
    expect(verification.to).toEqual([owner.email]);
    const verifyLink = /Verify your email: (\S+)/.exec(verification.text)![1]!;
    expect(verifyLink).toMatch(new RegExp(`^${server.baseUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
    expect(verification.text).toContain('If you did not create a Civitas account, ignore this e-mail');

    const sent = await owner.browser.json('POST', '/api/family/invite', { email: 'invitee@example.org' });
    const link = sent.body.invitationLink as string;
    await eventually(
      async () => mailWith('Amina Lovelace invited you to their family group on Civitas'),
      (mails) => mails.length >= 1,
    );
    const invitation = mailWith('Amina Lovelace invited you to their family group on Civitas')[0]!;
    expect(invitation.to).toEqual(['invitee@example.org']);
    expect(invitation.text).toContain('Subject: Amina Lovelace invited you to their family group on Civitas');
    expect(invitation.text).toContain(`Accept the invitation: ${link}`);
    expect(invitation.text).toContain(`href="${link}"`);
    expect(invitation.text).toMatch(/Content-Type: text\/plain/);
    expect(invitation.text).toMatch(/Content-Type: text\/html/);

    // With mail configured the answer never carries the link; the mail does.
    const visitor = new TestClient(server.baseUrl);
    const forgot = await visitor.json('POST', '/api/email-auth/forgot-password', { email: owner.email });
    expect(forgot.body.resetUrl).toBeUndefined();
    await eventually(
      async () => mailWith('Reset your Civitas password'),
      (mails) => mails.length >= 1,
    );
    const reset = mailWith('Reset your Civitas password')[0]!;
    expect(reset.to).toEqual([owner.email]);
    const resetLink = /Reset your password: (\S+)/.exec(reset.text)![1]!;
    expect(resetLink).toMatch(new RegExp(`^${server.baseUrl}/reset-password/`));
    const token = resetLink.split('/').pop()!;
    // Verified first: a reset of a never-verified account would move the address to a new account, and this link would then reach nothing.
    expect((await visitor.json('POST', '/api/email-auth/verify-email', { token: verifyLink.split('/').pop() })).status).toBe(200);
    expect(
      (await visitor.json('POST', '/api/email-auth/reset-password', { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }))
        .status,
    ).toBe(200);

    await server.stop();
    server = await buildCommandApp({ database, env: { SMTP_URL: receiver.url } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.mails).toHaveLength(3);
  });
});

describe('the mail outbox without SMTP', () => {
  let server: CommandApp;
  const logs: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({ write: (chunk, _encoding, done) => void (logs.push(String(chunk)), done()) });
    server = await buildCommandApp({ env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => server?.close());

  it('writes each mail to DATA_DIR/mail, readable by the server alone, and logs it without the address', async () => {
    const owner = await newMember(server, 'Omar');
    await owner.browser.json('POST', '/api/friends/invite', { email: 'written.friend@example.org' });
    // The sign-up's verification mail, then the invitation.
    const mails = await eventually(
      () => readMails(server.dataDir),
      (written) => written.length === 2,
    );
    const invitation = mails.find((mail) => mail.text.includes('To: written.friend@example.org'))!;
    expect(invitation.text).toContain('/friend-invite/');
    // Mails carry sign-in power (reset and verification links): no other local user may read them.
    for (const mail of mails) expect(mail.mode).toBe(0o600);
    expect((await stat(path.join(server.dataDir, 'mail'))).mode & 0o777).toBe(0o700);
    const line = logs.find((entry) => entry.includes('mail written'));
    expect(line).toBeDefined();
    expect(line).not.toContain('written.friend');
  });
});
