import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from './eventually';

export interface WrittenMail {
  file: string;
  /** The message with quoted-printable soft breaks and escapes undone, for reading links. */
  text: string;
  /** Permission bits of the file (e.g. 0o600). */
  mode: number;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The mails a server without SMTP wrote to DATA_DIR/mail, oldest first. */
export async function readMails(dataDir: string): Promise<WrittenMail[]> {
  const folder = path.join(dataDir, 'mail');
  const names = await readdir(folder).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file, { bigint: true })]);
      return { file, text: decodeQuotedPrintable(raw), mode: Number(info.mode & 0o777n), written: info.mtimeNs };
    }),
  );
  return mails.sort((a, b) => (a.written < b.written ? -1 : a.written > b.written ? 1 : 0)).map(({ written: _written, ...mail }) => mail);
}

/**
 * The link after `label` (e.g. 'Verify your email') in the newest mail to `to` that has one,
 * waiting for the outbox to write it; `skip` leaves out links already seen.
 */
export async function mailedLink(dataDir: string, to: string, label: string, skip: readonly string[] = []): Promise<string> {
  const find = async () => {
    const links = (await readMails(dataDir))
      .filter((mail) => mail.text.includes(`To: ${to}`))
      .map((mail) => new RegExp(`${label}: (\\S+)`).exec(mail.text)?.[1])
      .filter((link): link is string => link !== undefined && !skip.includes(link));
    return links.at(-1) ?? null;
  };
  const link = await eventually(find, (found) => found !== null);
  if (!link) throw new Error(`no mail to ${to} with "${label}"`);
  return link;
}
