import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpCounter {
  url: string;
  /** Mails received, their bytes, and the first one whole (to check what was sent). */
  readonly received: { mails: number; bytes: number; first: string | null };
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (plain SMTP, no auth), as the tests' receiver
 * (command-api/test/invitations/smtp-receiver.ts), that counts what it receives instead of keeping
 * it: a hundred thousand digests would not fit in the bench's memory.
 */
export async function startSmtpCounter(): Promise<SmtpCounter> {
  const received = { mails: 0, bytes: 0, first: null as string | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        received.bytes += chunk.length;
        if (received.first === null) chunks.push(chunk);
      });
      stream.on('end', () => {
        received.mails += 1;
        received.first ??= Buffer.concat(chunks).toString('utf8');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    reset() {
      received.mails = 0;
      received.bytes = 0;
      received.first = null;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
