import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember } from '../participation/members';
import { startSmtpReceiver } from './smtp-receiver';

describe('the mail outbox over SMTP', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    database = await createTestDatabase();
    server = await startTestServer({ database, env: { SMTP_URL: receiver.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await receiver?.close();
  });

  it('sends an invitation with its link, and a password reset whose link works, each exactly once across a restart', async () => {
    const owner = await newMember(server, 'Amina');
    const sent = await owner.browser.json('POST', '/api/family/invite', { email: 'invitee@example.org' });
    const link = sent.body.invitationLink as string;
    await eventually(async () => receiver.mails.length, (count) => count >= 1);
    const invitation = receiver.mails[0]!;
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
    await eventually(async () => receiver.mails.length, (count) => count >= 2);
    const reset = receiver.mails[1]!;
    expect(reset.to).toEqual([owner.email]);
    const resetLink = /Reset your password: (\S+)/.exec(reset.text)![1]!;
    expect(resetLink).toMatch(new RegExp(`^${server.baseUrl}/reset-password/`));
    const token = resetLink.split('/').pop()!;
    expect((await visitor.json('POST', '/api/email-auth/reset-password', { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' })).status).toBe(200);

    await server.stop();
    server = await startTestServer({ database, env: { SMTP_URL: receiver.url } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.mails).toHaveLength(2);
  });
});

describe('the mail outbox without SMTP', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({ write: (chunk, _encoding, done) => void (logs.push(String(chunk)), done()) });
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => server?.close());

  it('writes each mail to DATA_DIR/mail and logs it without the address', async () => {
    const owner = await newMember(server, 'Omar');
    await owner.browser.json('POST', '/api/friends/invite', { email: 'written.friend@example.org' });
    const folder = path.join(server.dataDir, 'mail');
    const files = await eventually(async () => readdir(folder).catch(() => [] as string[]), (names) => names.length === 1);
    const content = await readFile(path.join(folder, files[0]!), 'utf8');
    expect(content).toContain('To: written.friend@example.org');
    expect(content).toContain('/friend-invite/');
    const line = logs.find((entry) => entry.includes('mail written'));
    expect(line).toBeDefined();
    expect(line).not.toContain('written.friend');
  });
});
