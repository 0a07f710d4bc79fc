import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestMail, immediateMail } from './notification-mail-message';
import type { MailLine } from './notification-mail-texts';
import { UnsubscribeTokens } from './unsubscribe-token';

const tokens = new UnsubscribeTokens(randomBytes(32));
const addressing = { publicBaseUrl: 'https://civitas.example', tokens };
const recipient = { userId: randomUUID(), email: 'amina@example.org', language: 'en' as const };
const line = (overrides: Partial<MailLine> = {}): MailLine => ({
  type: 'topic_opened',
  path: '/topic/1',
  group: 'Riverside',
  topic: 'Buses',
  actor: null,
  outcome: null,
  excerpt: null,
  ...overrides,
});

describe('notification mails', () => {
  it('escapes what members wrote in the HTML, and keeps it as written in the plain text', () => {
    const mail = immediateMail({
      messageId: '<m@x>',
      recipient,
      line: line({ type: 'mention', actor: 'Omar <b>Farouk</b>', topic: '"Buses" & <script>alert(1)</script>', excerpt: '<img src=x onerror=alert(1)>' }),
      addressing,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain('Omar <b>Farouk</b> mentioned you in “"Buses" & <script>alert(1)</script>”: “<img src=x onerror=alert(1)>”');
    // The subject says who and where; the words stay in the body.
    expect(mail.subject).toBe('Omar <b>Farouk</b> mentioned you in “"Buses" & <script>alert(1)</script>”.');
  });

  it('lists what a digest leaves out as a count, with a link to the notifications page', () => {
    const mail = digestMail({
      messageId: '<d@x>',
      recipient,
      period: 'weekly',
      lines: [line(), line({ type: 'mention', actor: 'Omar' })],
      total: 14,
      addressing,
    });
    expect(mail.subject).toBe('Your weekly Civitas digest: 14 notifications');
    expect(mail.text).toContain('…and 12 more in Civitas. https://civitas.example/notifications');
    // Sections in the order of NOTIFICATION_TYPES, whatever the lines' order.
    expect(mail.text.indexOf('New topics')).toBeLessThan(mail.text.indexOf('Mentions'));
    const header = /token=(\S+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect(tokens.verify(header)).toEqual({ userId: recipient.userId, types: ['topic_opened', 'mention'] });
  });

  it('counts in Arabic as Arabic does, right to left', () => {
    const arabic = { ...recipient, language: 'ar' as const };
    const subject = (total: number) =>
      digestMail({ messageId: '<d@x>', recipient: arabic, period: 'daily', lines: [line()], total, addressing }).subject.split(': ')[1];
    expect([1, 2, 3, 10, 11, 99, 100, 103].map(subject)).toEqual([
      'إشعار واحد',
      'إشعاران',
      '3 إشعارات',
      '10 إشعارات',
      '11 إشعارًا',
      '99 إشعارًا',
      '100 إشعار',
      '103 إشعارات',
    ]);
    expect(digestMail({ messageId: '<d@x>', recipient: arabic, period: 'daily', lines: [line()], total: 1, addressing }).html).toContain(
      '<html lang="ar" dir="rtl">',
    );
  });
});
