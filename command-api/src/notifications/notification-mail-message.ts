import { NOTIFICATION_TYPES, type MailLanguage, type NotificationType } from '@civitas/events';
import { MAIL_TEXTS, type DigestPeriod, type MailLine, type MailTexts } from './notification-mail-texts';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** A mail as the notification mailer hands it to the transport (the mail feature's MailMessage has this shape). */
export interface NotificationMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where a mail sends its reader: the app's pages, and the signed unsubscribe links. */
export interface MailAddressing {
  publicBaseUrl: string;
  tokens: UnsubscribeTokens;
}

export interface Recipient {
  userId: string;
  email: string;
  language: MailLanguage;
}

/** Settings, where every type's delivery is chosen (the profile page opens its dialog). */
export const SETTINGS_PATH = '/profile?settings=1';
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
export const UNSUBSCRIBE_ROUTE = '/api/notifications/unsubscribe';
/** The app's notifications page, where what a digest leaves out is listed. */
const NOTIFICATIONS_PATH = '/notifications';
/** Subjects stay short in every mail client; the body has the whole sentence. */
const SUBJECT_LENGTH = 150;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const shorten = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`);

interface Footer {
  /** What the header's one-click link turns off: every type the mail carried. */
  all: NotificationType[];
  /** A link of its own per type (a digest's body). */
  each: NotificationType[];
}

/** The links every mail ends with, and the RFC 8058 headers. */
function footerOf(recipient: Recipient, texts: MailTexts, addressing: MailAddressing, types: Footer) {
  const base = addressing.publicBaseUrl;
  const page = (list: NotificationType[]) => `${base}${UNSUBSCRIBE_PAGE}?token=${addressing.tokens.sign(recipient.userId, list)}`;
  const links = [
    { label: texts.settings, href: `${base}${SETTINGS_PATH}` },
    ...types.each.map((type) => ({ label: texts.stop(texts.label[type]), href: page([type]) })),
    ...(types.each.length === 1 ? [] : [{ label: texts.stopAll, href: page(types.all) }]),
  ];
  const headers = {
    'List-Unsubscribe': `<${base}${UNSUBSCRIBE_ROUTE}?token=${addressing.tokens.sign(recipient.userId, types.all)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return {
    text: `--\n${texts.why}\n${links.map((link) => `${link.label}: ${link.href}`).join('\n')}\n`,
    html: `<hr style="border:none;border-top:1px solid #e5e7eb;margin-top:24px">
<p style="font-size:12px;color:#6b7280">${escapeHtml(texts.why)}</p>
${links.map((link) => `<p style="font-size:12px;margin:4px 0"><a href="${escapeHtml(link.href)}" style="color:#6b7280">${escapeHtml(link.label)}</a></p>`).join('\n')}`,
    headers,
  };
}

function page(language: MailLanguage, texts: MailTexts, title: string, body: string, footer: string): string {
  return `<!doctype html><html lang="${language}" dir="${texts.dir}"><body dir="${texts.dir}" style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;text-align:${texts.dir === 'rtl' ? 'right' : 'left'}">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${body}
${footer}
</body></html>`;
}

const lineHtml = (texts: MailTexts, line: MailLine, href: string) =>
  `<li style="margin:8px 0">${escapeHtml(texts.sentence(line))} <a href="${escapeHtml(href)}">${escapeHtml(texts.open)}</a></li>`;

/** One notification, sent as it happens: its sentence is the subject, the page it opens the button. */
export function immediateMail(input: { messageId: string; recipient: Recipient; line: MailLine; addressing: MailAddressing }): NotificationMail {
  const { recipient, line, addressing } = input;
  const texts = MAIL_TEXTS[recipient.language];
  const href = `${addressing.publicBaseUrl}${line.path}`;
  const sentence = texts.sentence(line);
  const footer = footerOf(recipient, texts, addressing, { all: [line.type], each: [line.type] });
  const body = `<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(href)}" style="background:#1e4a8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(texts.open)}</a></p>`;
  return {
    messageId: input.messageId,
    to: recipient.email,
    // A mention's words stay in the body: the subject says who and where.
    subject: shorten(texts.sentence({ ...line, excerpt: null }), SUBJECT_LENGTH),
    text: `${sentence}\n\n${texts.open}: ${href}\n\n${footer.text}`,
    html: page(recipient.language, texts, texts.label[line.type], body, footer.html),
    headers: footer.headers,
  };
}

/** A digest: every line of the window, grouped by type in NOTIFICATION_TYPES order; `total` counts the ones left out too. */
export function digestMail(input: {
  messageId: string;
  recipient: Recipient;
  period: DigestPeriod;
  lines: MailLine[];
  total: number;
  addressing: MailAddressing;
}): NotificationMail {
  const { recipient, lines, addressing, period } = input;
  const texts = MAIL_TEXTS[recipient.language];
  const base = addressing.publicBaseUrl;
  const types = NOTIFICATION_TYPES.filter((type) => lines.some((line) => line.type === type));
  const sections = types.map((type) => ({ type, lines: lines.filter((line) => line.type === type) }));
  const footer = footerOf(recipient, texts, addressing, { all: types, each: types });
  const left = input.total - lines.length;
  const more = left > 0 ? texts.more(left) : null;
  const text = [
    texts.digestIntro(period),
    ...sections.map((section) => `${texts.label[section.type]}\n${section.lines.map((line) => `- ${texts.sentence(line)}\n  ${base}${line.path}`).join('\n')}`),
    ...(more ? [`${more} ${base}${NOTIFICATIONS_PATH}`] : []),
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(texts.digestIntro(period))}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px;margin-top:20px">${escapeHtml(texts.label[section.type])}</h2>\n<ul style="padding-inline-start:20px">\n${section.lines
          .map((line) => lineHtml(texts, line, `${base}${line.path}`))
          .join('\n')}\n</ul>`,
    ),
    ...(more ? [`<p>${escapeHtml(more)} <a href="${escapeHtml(`${base}${NOTIFICATIONS_PATH}`)}">${escapeHtml(texts.openAll)}</a></p>`] : []),
  ].join('\n');
  const subject = texts.digestSubject(period, input.total);
  return {
    messageId: input.messageId,
    to: recipient.email,
    subject,
    text: `${text}\n\n${footer.text}`,
    html: page(recipient.language, texts, subject, html, footer.html),
    headers: footer.headers,
  };
}
