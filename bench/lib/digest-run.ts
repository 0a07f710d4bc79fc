/**
 * One run of the daily digest job in a process of its own (bench/lib/digest-process.ts starts it),
 * so its time and peak memory are the job's: `digest` runs `DigestJob.runDigests('daily', ...)` on
 * the bench's database; `plain` sends PLAIN_MAILS mails of PLAIN_BYTES through the same
 * transport, the same number at once, with none of the digest's queries (the baseline). The
 * transport is SMTP to SMTP_URL, else files in MAIL_DIR. Both load the same modules and open the
 * same connections first. Prints one JSON line.
 */
import { createKysely } from '@civitas/service-kit';
import { openVault } from '@civitas/service-kit/personal-data';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { fileTransport, smtpTransport } from '../../command-api/src/mail/mail-transport';
import { DigestJob } from '../../command-api/src/notifications/digest-job';
import { MAILS_AT_ONCE } from '../../command-api/src/notifications/notification-mail-claims';
import type { NotificationMail } from '../../command-api/src/notifications/notification-mail-message';
import { UnsubscribeTokens } from '../../command-api/src/notifications/unsubscribe-token';
import { processMs } from './cpu';

const APPLICATION_NAME = 'civitas-bench-digest';

export interface DigestRunResult {
  mode: 'digest' | 'plain';
  /** The job's own time, after start-up. */
  ms: number;
  members: number;
  sent: number;
  /** Peak resident memory of this process (process.resourceUsage().maxRSS). */
  maxRssKiB: number;
  /** CPU time of this process, user and system. */
  cpuMs: number;
  /** CPU time of this process's database backends (null off Linux or on a remote server). */
  backendCpuMs: number | null;
}

/** The CPU this process's own backends used, read before they go (afterwards the bench cannot see them). */
async function backendsCpu(): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`.execute(db);
  const used = rows.map((row) => processMs(row.pid));
  return used.length > 0 && used.every((ms) => ms !== null) ? used.reduce((sum, ms) => sum! + ms!, 0) : null;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`digest run: ${name} is not set`);
  return value;
};

const mode = env('DIGEST_MODE') as DigestRunResult['mode'];
const databaseUrl = env('DATABASE_URL');
const db = createKysely(databaseUrl, { max: 2, applicationName: APPLICATION_NAME });
// The platform's vault key, as the bench's config made it (64 hex characters).
await openVault(db, { key: Buffer.from(env('VAULT_KEY'), 'hex'), source: 'VAULT_KEY' });
// As services.ts builds the notification mails' transport: SMTP with MAILS_AT_ONCE connections kept open
// (a connection per mail would cost a relay's greeting each time); a file per mail only without a relay.
const transport = process.env.SMTP_URL
  ? smtpTransport(process.env.SMTP_URL, { connections: MAILS_AT_ONCE })
  : fileTransport(env('MAIL_DIR'), { info: () => undefined });
const addressing = { publicBaseUrl: env('PUBLIC_BASE_URL'), tokens: await UnsubscribeTokens.open(db) };
let result: Omit<DigestRunResult, 'maxRssKiB' | 'cpuMs' | 'backendCpuMs'>;
let backendCpuMs: number | null = null;
try {
  const started = performance.now();
  if (mode === 'digest') {
    const job = new DigestJob({ db, sender: transport, addressing, hourUtc: Number(env('DIGEST_HOUR')), now: () => new Date() });
    const run = await job.runDigests('daily', new Date(env('DIGEST_NOW')));
    result = { mode, ms: performance.now() - started, members: run.members, sent: run.sent };
  } else {
    const count = Number(env('PLAIN_MAILS'));
    const half = Math.max(1, Math.round(Number(env('PLAIN_BYTES')) / 2));
    const mail = (index: number): NotificationMail => ({
      messageId: `<plain.${index}@bench.civitas>`,
      to: `bench.digest.${index}@example.org`,
      subject: 'Your daily summary',
      text: 'x'.repeat(half),
      html: `<p>${'x'.repeat(half)}</p>`,
      headers: {},
    });
    // MAILS_AT_ONCE in flight at any moment, as the digest's sendClaimed keeps them.
    let next = 0;
    await Promise.all(
      Array.from({ length: MAILS_AT_ONCE }, async () => {
        while (next < count) await transport.send(mail(next++));
      }),
    );
    result = { mode, ms: performance.now() - started, members: count, sent: count };
  }
  backendCpuMs = await backendsCpu();
} finally {
  transport.close();
  await db.destroy();
}
const usage = process.resourceUsage();
process.stdout.write(`${JSON.stringify({ ...result, maxRssKiB: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, backendCpuMs })}\n`);
