import { INVITATION_VALIDITY_DAYS, RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS, type InvitationKind } from '@civitas/events';
import type { MailMessage } from './mail-transport';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="background:#1e4a8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or open this link: ${escapeHtml(link.href)}</p>
</body></html>`;
}

const GROUP_WORDS: Record<InvitationKind, string> = { family: 'family group', friends: 'friends group', business: 'business group' };

interface Addressed {
  messageId: string;
  to: string;
  link: string;
}

/** The plain-text and HTML bodies of one message: its paragraphs, then the link (a button in HTML). */
function message(input: Addressed, subject: string, paragraphs: string[], action: { text: string; button: string }): MailMessage {
  return {
    messageId: input.messageId,
    to: input.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.text}: ${input.link}\n`,
    html: layout(subject, paragraphs, { href: input.link, label: action.button }),
  };
}

export function invitationMail(input: Addressed & { kind: InvitationKind; inviterName: string; groupName: string }): MailMessage {
  return message(
    input,
    `${input.inviterName} invited you to their ${GROUP_WORDS[input.kind]} on Civitas`,
    [
      `${input.inviterName} invited you to join "${input.groupName}", a private ${GROUP_WORDS[input.kind]} on Civitas where members discuss, vote and decide together.`,
      `The invitation is valid for ${INVITATION_VALIDITY_DAYS} days. Sign in or create a free account, then accept it.`,
    ],
    { text: 'Accept the invitation', button: 'Accept Invitation' },
  );
}

export function passwordResetMail(input: Addressed): MailMessage {
  return message(
    input,
    'Reset your Civitas password',
    [
      `Someone asked to reset the password of your Civitas account. If it was you, choose a new password with the link below; it works once, within ${RESET_TOKEN_TTL_MS / 60_000} minutes.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { text: 'Reset your password', button: 'Reset Password' },
  );
}

export function emailVerificationMail(input: Addressed): MailMessage {
  return message(
    input,
    'Verify your Civitas email address',
    [
      `Please confirm that this address belongs to your Civitas account. The link below works within ${VERIFICATION_TOKEN_TTL_MS / 3_600_000} hours; a newer link replaces it.`,
      'If you did not create a Civitas account, ignore this e-mail and do not follow the link.',
    ],
    { text: 'Verify your email', button: 'Verify Email' },
  );
}
