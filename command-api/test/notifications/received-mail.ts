import type { ReceivedMail } from '../invitations/smtp-receiver';

/** A mail the SMTP receiver got, read as a mail client reads it: headers unfolded and decoded, each body part as UTF-8 text. */
export interface ReadMail {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

const decodeTransfer = (body: string, encoding: string | undefined): Buffer => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const soft = body.replace(/=\r?\n/g, '');
    for (let index = 0; index < soft.length; index += 1) {
      if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(index + 1, index + 3))) {
        bytes.push(parseInt(soft.slice(index + 1, index + 3), 16));
        index += 2;
      } else bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
};

/** RFC 2047 encoded words (a subject in Arabic), adjacent ones joined before decoding: a letter may be split across two. */
function decodeWords(value: string): string {
  return value.replace(/(=\?UTF-8\?[BQ]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)].map(([, kind, data]) =>
      kind!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : decodeTransfer(data!.replace(/_/g, ' '), 'quoted-printable'),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end).replace(/^\r?\n\r?\n/, '') };
}

export function readMail(mail: ReceivedMail): ReadMail {
  const { headers, body } = split(mail.raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [mail.raw];
  const texts: Record<string, string> = {};
  for (const part of parts) {
    const section = split(part.replace(/^\r?\n/, ''));
    const type = (section.headers.get('content-type') ?? '').split(';')[0]!.trim();
    texts[type] = decodeTransfer(section.body, section.headers.get('content-transfer-encoding')).toString('utf8').replace(/\r\n/g, '\n');
  }
  return { to: mail.to, headers, subject: decodeWords(headers.get('subject') ?? ''), text: texts['text/plain'] ?? '', html: texts['text/html'] ?? '' };
}
