import { createKysely } from '@civitas/service-kit/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from '../../src/notifications/unsubscribe-token';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startSmtpReceiver } from '../invitations/smtp-receiver';
import { newMember, topicBody, type Member } from '../participation/members';
import { readMail, type ReadMail } from './received-mail';

const DIGEST_HOUR = 7;
/** Two of the mailer's rounds: what would have been sent by then has been. */
const SETTLE_MS = 4500;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** From real events through the projector and the mailer to a real SMTP server (docs/decisions.md, Notification mail). */
describe('notification mail, from the events to the SMTP receiver', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let database: TestDatabase;
  let server: CommandApp;
  let tokens: UnsubscribeTokens;
  let closeDb: () => Promise<void>;
  let amina: Member;
  let omar: Member;
  let familyTopic: string;
  /** The clock the platform reads; the digest test moves it to the digest hour. */
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const start = () =>
    buildCommandApp({ database, now, env: { SMTP_URL: receiver.url, SCHEDULER_INTERVAL_SECONDS: '0.2', NOTIFICATION_DIGEST_HOUR: String(DIGEST_HOUR) } });

  const mailsTo = (member: Member) => receiver.mails.filter((mail) => mail.to.includes(member.email)).map(readMail);
  const mailTo = async (member: Member, match: (mail: ReadMail) => boolean) =>
    (
      await eventually(
        async () => mailsTo(member).filter(match),
        (found) => found.length > 0,
      )
    ).at(-1)!;
  /** The member proves their address with the verification mail's link: only proven addresses get notifications. */
  const verified = async (member: Member) => {
    const mail = await mailTo(member, (found) => found.subject === 'Verify your Civitas email address');
    const token = /Verify your email: \S+\/verify-email\/(\S+)/.exec(mail.text)![1]!;
    expect((await member.browser.json('POST', '/api/email-auth/verify-email', { token })).status).toBe(200);
    return member;
  };
  const mention = async (message: string) => {
    const posted = await amina.browser.json('POST', '/api/chat/messages', { topicId: familyTopic, message, mentions: [omar.userId] });
    expect(posted.status).toBe(201);
  };

  beforeAll(async () => {
    [receiver, database] = await Promise.all([startSmtpReceiver(), createTestDatabase({ migrated: true })]);
    server = await start();
    const db = createKysely(server.databaseUrl, { max: 1 });
    closeDb = () => db.destroy();
    tokens = await UnsubscribeTokens.open(db);
    amina = await verified(await newMember(server, 'Amina'));
    omar = await verified(await newMember(server, 'Omar', 'Farouk'));
    const invitation = await amina.browser.json('POST', '/api/family/invite', { email: omar.email });
    const token = String(invitation.body.invitationLink).split('/').at(-1)!;
    expect((await omar.browser.json('POST', `/api/family/invite/${token}/accept`)).status).toBe(200);
    const created = await amina.browser.json('POST', '/api/topics', topicBody(1, { type: 'family_discussion', title: 'Summer holiday plans' }));
    expect(created.status).toBe(201);
    familyTopic = created.body.topic.id;
  });
  afterAll(async () => {
    await closeDb?.();
    await server?.stop();
    await database?.drop();
    await receiver?.close();
  });

  const mentions = (member: Member) =>
    mailsTo(member).filter((mail) => mail.text.includes(`/topic/${familyTopic}`) && /mentioned you|أشار إليك/.test(mail.text));

  it('mails a mention at once, exactly once, and a restarted mailer sends it no second time', async () => {
    await mention('@Omar can you bring the tent?');
    const mail = await mailTo(omar, (found) => found.subject.includes('mentioned you'));
    expect(mail.subject).toBe('Amina Lovelace mentioned you in “Summer holiday plans”.');
    expect(mail.text).toContain('Amina Lovelace mentioned you in “Summer holiday plans”: “@Omar can you bring the tent?”');
    expect(mail.text).toContain(`Open: ${server.baseUrl}/topic/${familyTopic}`);
    expect(mail.text).toContain(`Choose how each kind of notification reaches you: ${server.baseUrl}/profile?settings=1`);
    expect(mail.text).not.toContain(amina.email);
    expect(mail.html).toContain(`href="${server.baseUrl}/topic/${familyTopic}"`);
    const header = /^<(\S+)\?token=(\S+)>$/.exec(mail.headers.get('list-unsubscribe')!)!;
    expect(header[1]).toBe(`${server.baseUrl}/api/notifications/unsubscribe`);
    expect(tokens.verify(header[2]!)).toEqual({ userId: omar.userId, types: ['mention'] });
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await settle();
    expect(mentions(omar)).toHaveLength(1);
    await server.stop();
    server = await start();
    // The new instance answers at a new address: the members' sessions carry over.
    for (const member of [amina, omar]) {
      const moved = new TestClient(server.baseUrl);
      for (const [name, value] of member.browser.cookies) moved.cookies.set(name, value);
      member.browser = moved;
    }
    await settle();
    expect(mentions(omar)).toHaveLength(1);
    // Amina mentioned no one but Omar: nothing at once for her.
    expect(mailsTo(amina).filter((found) => found.subject !== 'Verify your Civitas email address')).toEqual([]);
  });

  it('writes in the member’s language: Arabic, right to left, once Omar chose it', async () => {
    expect((await omar.browser.json('PUT', '/api/notifications/settings', { language: 'ar' })).status).toBe(200);
    await mention('@Omar هل تحضر الخيمة؟');
    const mail = await mailTo(omar, (found) => found.subject.startsWith('أشار إليك'));
    expect(mail.subject).toBe('أشار إليك Amina Lovelace في «Summer holiday plans».');
    expect(mail.text).toContain('«@Omar هل تحضر الخيمة؟»');
    expect(mail.text).toContain('اختر كيف يصلك كل نوع من الإشعارات');
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('mails a group notice at once to a member who chose that, and to no one who did not', async () => {
    expect((await omar.browser.json('PUT', '/api/notifications/settings', { deliveries: { topic_opened: 'immediately' } })).status).toBe(200);
    const created = await amina.browser.json('POST', '/api/topics', topicBody(1, { type: 'family_discussion', title: 'Grandma’s birthday' }));
    expect(created.status).toBe(201);
    const mail = await mailTo(omar, (found) => found.text.includes(`/topic/${created.body.topic.id}`));
    expect(mail.subject).toBe("موضوع جديد في Amina's Family: «Grandma’s birthday»");
    // Amina opened it: she is not told of her own topic.
    await settle();
    expect(mailsTo(amina).filter((found) => found.text.includes(`/topic/${created.body.topic.id}`))).toEqual([]);
  });

  it('stops a type with the mail’s own one-click link, posted with no session, and sends no more of it', async () => {
    const [mail] = mentions(omar);
    const link = /^<(\S+)>$/.exec(mail!.headers.get('list-unsubscribe')!)![1]!;
    const clicked = await server.app.inject({
      method: 'POST',
      url: link.slice(server.baseUrl.length),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toMatchObject({ types: ['mention'] });
    const before = mentions(omar).length;
    await mention('@Omar and the stove?');
    await settle();
    expect(mentions(omar)).toHaveLength(before);
  });

  it('sends the daily digest at its hour: one mail grouping the day, from the scheduler', async () => {
    // Amina's daily news: Omar accepted her invitation. The clock moves to the next digest hour.
    const next = new Date(now());
    next.setUTCHours(DIGEST_HOUR, 1, 0, 0);
    if (next <= now()) next.setUTCDate(next.getUTCDate() + 1);
    offsetMs = next.getTime() - Date.now();
    const digest = await mailTo(amina, (found) => found.subject.startsWith('Your daily Civitas digest'));
    expect(digest.text).toContain(`Accepted invitations\n- Omar Farouk accepted your invitation to Amina's Family.`);
    expect(digest.text).not.toContain(omar.email);
    expect(tokens.verify(/token=(\S+)>$/.exec(digest.headers.get('list-unsubscribe')!)![1]!)?.userId).toBe(amina.userId);
    await settle();
    expect(mailsTo(amina).filter((found) => found.subject.startsWith('Your daily Civitas digest'))).toHaveLength(1);
  });
});
