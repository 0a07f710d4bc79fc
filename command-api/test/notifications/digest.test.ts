import { createKysely } from '@civitas/service-kit/database';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/mail/mail-transport';
import { DIGEST_PAGE, DigestJob } from '../../src/notifications/digest-job';
import { digestWindowEnd } from '../../src/notifications/digest-window';
import { UnsubscribeTokens } from '../../src/notifications/unsubscribe-token';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startSmtpReceiver } from '../invitations/smtp-receiver';
import { deliver, group, item, manyMembersWithItem, member, topic, topicOpened, vote, type RowMember } from './notification-rows';
import { readMail } from './received-mail';

const BASE = 'https://civitas.example';
const HOUR = 3_600_000;
const DIGEST_HOUR = 7;

describe('the daily and weekly digests', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const tokens = new UnsubscribeTokens(randomBytes(32));
  const closers: Array<() => Promise<unknown>> = [];

  /** A digest job of its own (its own pool and SMTP connection): what one command-api instance runs. */
  const instance = () => {
    const db = createKysely(database.url, { max: 4 });
    const transport = smtpTransport(receiver.url);
    closers.push(async () => (transport.close(), await db.destroy()));
    return new DigestJob({ db, sender: transport, addressing: { publicBaseUrl: BASE, tokens }, hourUtc: DIGEST_HOUR, now: () => new Date() });
  };
  const mailsTo = (one: RowMember) => receiver.mails.filter((mail) => mail.to.includes(one.email)).map(readMail);

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase({ migrated: true }), startSmtpReceiver()]);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await pool?.end();
    await receiver?.close();
    await database?.drop();
  });

  it('sends each member one mail grouping everything of their daily types since the last digest, and nothing to a member with nothing', async () => {
    const now = new Date('2031-03-04T07:05:00Z');
    const end = digestWindowEnd('daily', now, DIGEST_HOUR);
    const inWindow = (hoursBeforeEnd: number) => new Date(end.getTime() - hoursBeforeEnd * HOUR);
    const amina = await member(pool, { firstName: 'Amina' });
    const omar = await member(pool, { firstName: 'Omar', lastName: 'Farouk' });
    const quiet = await member(pool, { firstName: 'Quiet' });
    const unproven = await member(pool, { firstName: 'Unproven', verified: false });
    const groupId = await group(pool, 'Riverside Alliance', [amina, omar, unproven]);
    // Omar opens two topics in the window and one before it: Amina is told of the two, Omar of none (his own).
    const buses = await topic(pool, { groupId, title: 'Buses every ten minutes', createdBy: omar.id });
    const parks = await topic(pool, { groupId, title: 'Parks open at night', createdBy: omar.id });
    const older = await topic(pool, { groupId, title: 'Last week’s topic', createdBy: omar.id });
    await topicOpened(pool, { groupId, topicId: buses, actorId: omar.id, at: inWindow(20) });
    await topicOpened(pool, { groupId, topicId: parks, actorId: omar.id, at: inWindow(2) });
    await topicOpened(pool, { groupId, topicId: older, actorId: omar.id, at: inWindow(30) });
    // A personal item by day, one by the minute (a mention: mailed at once, not in a digest), one just after the window.
    await item(pool, { userId: amina.id, type: 'invitation_accepted', at: inWindow(5), groupId, actorId: omar.id });
    await item(pool, { userId: amina.id, type: 'mention', at: inWindow(4), topicId: buses, actorId: omar.id });
    await item(pool, { userId: amina.id, type: 'subscription', at: new Date(end.getTime() + 60_000), outcome: 'renewed' });
    // A topic closing within 24 hours: Amina has neither voted nor delegated there, Omar has voted.
    // Hana chose 'immediately' for reminders: they are worked out when a digest is made, so hers come daily.
    const hana = await member(pool, { firstName: 'Hana' });
    await deliver(pool, hana.id, 'closing_soon', 'immediately');
    const clubId = await group(pool, 'Closing Club', [amina, omar, hana]);
    const closing = await topic(pool, { groupId: clubId, title: 'Closing tonight', createdBy: omar.id, expiresAt: new Date(now.getTime() + 10 * HOUR) });
    await vote(pool, { topicId: closing, groupId: clubId, userId: omar.id });

    const run = await instance().runDigests('daily', now);
    expect(run).toMatchObject({ period: 'daily', windowEnd: end, sent: 2, alreadyDone: false });
    const [reminder] = mailsTo(hana);
    expect(reminder!.subject).toBe('Your daily Civitas digest: 1 notification');
    expect(reminder!.text).toContain('Closing soon\n- “Closing tonight” in Closing Club closes within 24 hours');
    expect(mailsTo(quiet)).toEqual([]);
    expect(mailsTo(unproven)).toEqual([]);
    // Omar's own topics are not news to him, and he voted in the closing one.
    expect(mailsTo(omar)).toEqual([]);
    const [digest, ...more] = mailsTo(amina);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your daily Civitas digest: 4 notifications');
    expect(digest!.text).toContain('What happened on Civitas since your last daily digest:');
    expect(digest!.text).toContain(`New topics\n- New topic in Riverside Alliance: “Buses every ten minutes”\n  ${BASE}/topic/${buses}`);
    expect(digest!.text).toContain(`- New topic in Riverside Alliance: “Parks open at night”\n  ${BASE}/topic/${parks}`);
    expect(digest!.text).toContain(`Closing soon\n- “Closing tonight” in Closing Club closes within 24 hours, and you have neither voted nor delegated.`);
    expect(digest!.text).toContain(`Accepted invitations\n- Omar Farouk accepted your invitation to Riverside Alliance.\n  ${BASE}/group/${groupId}`);
    expect(digest!.text).not.toContain('Last week’s topic');
    expect(digest!.text).not.toContain('mentioned you');
    expect(digest!.text).not.toContain('subscription');
    expect(digest!.text).not.toContain(omar.email);
    expect(digest!.html).toContain(`href="${BASE}/topic/${closing}"`);
    expect(digest!.html).toContain('dir="ltr"');
    // The settings, a link per type, one for all; the header's one-click link turns off what this digest carried.
    expect(digest!.text).toContain(`Choose how each kind of notification reaches you: ${BASE}/profile?settings=1`);
    const pageLink = (label: string) => new RegExp(`${label}: ${BASE}/unsubscribe\\?token=(\\S+)`).exec(digest!.text)?.[1];
    expect(tokens.verify(pageLink('Stop e-mails about "New topics"')!)).toEqual({ userId: amina.id, types: ['topic_opened'] });
    expect(tokens.verify(pageLink('Stop e-mails about "Accepted invitations"')!)).toEqual({ userId: amina.id, types: ['invitation_accepted'] });
    const header = /^<(\S+)\?token=(\S+)>$/.exec(digest!.headers.get('list-unsubscribe')!)!;
    expect(header[1]).toBe(`${BASE}/api/notifications/unsubscribe`);
    expect(tokens.verify(header[2]!)).toEqual({ userId: amina.id, types: ['topic_opened', 'closing_soon', 'invitation_accepted'] });
    expect(digest!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('sends nothing the second time a window runs; the next window holds what came after, and then nothing', async () => {
    const before = receiver.mails.length;
    expect(await instance().runDigests('daily', new Date('2031-03-04T09:00:00Z'))).toMatchObject({ alreadyDone: true, sent: 0 });
    expect(receiver.mails.length).toBe(before);
    // The next day: Amina's window starts where her last digest ended; only the renewal a minute after it is new.
    expect(await instance().runDigests('daily', new Date('2031-03-05T07:01:00Z'))).toMatchObject({ alreadyDone: false, sent: 1 });
    const latest = readMail(receiver.mails.at(-1)!);
    expect(latest.subject).toBe('Your daily Civitas digest: 1 notification');
    expect(latest.text).toContain(`Your subscription\n- Your subscription was renewed.\n  ${BASE}/subscribe`);
    expect(latest.text).not.toContain('Buses every ten minutes');
    expect(await instance().runDigests('daily', new Date('2031-03-06T07:01:00Z'))).toMatchObject({ alreadyDone: false, sent: 0 });
    expect(receiver.mails.length).toBe(before + 1);
  });

  it('sends the weekly digest to who chose weekly, in Arabic with right-to-left HTML for a member whose language is ar', async () => {
    const now = new Date('2031-03-10T08:00:00Z');
    const end = digestWindowEnd('weekly', now, DIGEST_HOUR);
    const layla = await member(pool, { firstName: 'Layla', language: 'ar' });
    const author = await member(pool, { firstName: 'Salem' });
    const groupId = await group(pool, 'Riyadh Readers', [layla, author]);
    await deliver(pool, layla.id, 'topic_opened', 'weekly');
    const library = await topic(pool, { groupId, title: 'مكتبة الحي', createdBy: author.id });
    await topicOpened(pool, { groupId, topicId: library, actorId: author.id, at: new Date(end.getTime() - 3 * 24 * HOUR) });
    await item(pool, { userId: layla.id, type: 'verification_reviewed', at: new Date(end.getTime() - 2 * HOUR), outcome: 'approved' });

    // Her daily digest has only the verification; the topic waits for the weekly one.
    await instance().runDigests('daily', now);
    const [daily] = mailsTo(layla);
    expect(daily!.subject).toBe('ملخصك اليومي من Civitas: إشعار واحد');
    expect(daily!.text).toContain('قُبل طلب التحقق من جنسيتك.');
    expect(daily!.text).not.toContain('مكتبة الحي');
    expect(daily!.html).toMatch(/<html lang="ar" dir="rtl">/);

    await instance().runDigests('weekly', now);
    const [, weekly] = mailsTo(layla);
    expect(weekly!.subject).toBe('ملخصك الأسبوعي من Civitas: إشعار واحد');
    expect(weekly!.text).toContain(`المواضيع الجديدة\n- موضوع جديد في Riyadh Readers: «مكتبة الحي»\n  ${BASE}/topic/${library}`);
    expect(weekly!.text).toContain('أوقف رسائل «المواضيع الجديدة»');
    expect(weekly!.html).toContain('dir="rtl"');
    // The topic was his own: nothing for him.
    expect(mailsTo(author)).toEqual([]);
  });

  it('sends each digest once when two instances run the same window at the same instant, over several pages of members', async () => {
    const now = new Date('2031-04-01T07:30:00Z');
    const end = digestWindowEnd('daily', now, DIGEST_HOUR);
    const ids = await manyMembersWithItem(pool, DIGEST_PAGE * 2 + 17, 'subscription', new Date(end.getTime() - HOUR));
    const before = receiver.mails.length;
    const [first, second] = [instance(), instance()];
    const runs = await Promise.all([first.runDigests('daily', now), second.runDigests('daily', now)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(ids.length);
    // Both took part: the claims shared the work rather than one instance doing all of it.
    expect(runs.every((run) => run.sent > 0)).toBe(true);
    const received = receiver.mails.slice(before).flatMap((mail) => mail.to);
    expect(received).toHaveLength(ids.length);
    expect(new Set(received).size).toBe(ids.length);
    expect(new Set(received)).toEqual(new Set(ids.map((id) => `many.${id}@example.org`)));
    // And once more, each instance again: the window is done.
    const again = await Promise.all([first.runDigests('daily', now), second.runDigests('daily', now)]);
    expect(again.map((run) => run.sent)).toEqual([0, 0]);
    expect(receiver.mails.length - before).toBe(ids.length);
  });
});
