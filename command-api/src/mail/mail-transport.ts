import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /** Deterministic per source event, so a receiver can tell a rare redelivery from a new mail. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (a notification's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const FROM = 'Civitas <no-reply@civitas.app>';

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). With `connections`, that many
 * connections stay open and carry mail after mail (notification digests: a connection per mail
 * costs more than the mail), instead of one connection per mail.
 */
export function smtpTransport(url: string, { connections }: { connections?: number } = {}): MailTransport {
  const transporter = nodemailer.createTransport(connections ? { url, pool: true, maxConnections: connections, maxMessages: Infinity } : url);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from: FROM, ...message });
    },
    close: () => transporter.close(),
  };
}

/**
 * With no SMTP configured, each mail becomes an .eml file in DATA_DIR/mail (local use). Mails
 * carry sign-in power (reset and verification links): only the server's own user may read them.
 */
export function fileTransport(folder: string, log: { info(object: object, message: string): void }): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const built = await builder.sendMail({ from: FROM, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // mkdir leaves an existing folder (or one the umask narrowed) as it was.
      await chmod(folder, 0o700);
      // The file is named by the message id only: no address in the name or the log line.
      const file = path.join(folder, `${message.messageId.replace(/[<>@]/g, '_')}.eml`);
      await writeFile(file, built.message as Buffer, { mode: 0o600 });
      // writeFile keeps the mode of a file it overwrites (a rare redelivery).
      await chmod(file, 0o600);
      log.info({ file: path.basename(file) }, 'mail written');
    },
    close: () => builder.close(),
  };
}
