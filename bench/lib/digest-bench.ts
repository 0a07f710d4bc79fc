import type { EventRegistry, PostgresEventStore } from '@civitas/events';
import { ProjectorService, projections } from '@civitas/projector';
import { createKysely, type Config } from '@civitas/service-kit';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type pg from 'pg';
import { cpuNote, withCpu, type CpuUse } from './cpu';
import type { BenchDatabase } from './database';
import { runDigestProcess } from './digest-process';
import type { DigestRunResult } from './digest-run';
import { insertEvents } from './insert-events';
import { now } from './measure';
import { generatedAccounts } from './notification-setup';
import { emit, progress } from './report';
import { startSmtpCounter } from './smtp-counter';
import { checkpointsReach } from './checkpoints';

const TARGET_MS = 120_000;
const TARGET_MB = 500;
const DAY_MS = 24 * 3_600_000;

export interface DigestBenchOptions {
  store: PostgresEventStore;
  registry: EventRegistry;
  pool: pg.Pool;
  database: BenchDatabase;
  /** The platform's configuration (its vault key and digest hour). */
  platformConfig: Config;
  members: number;
}

/**
 * The daily digest for the generated members (issue #33): each gets an account with a proven
 * address, projected by a projector of the bench's own (no platform runs, so no mailer of its
 * takes the window first); then one run of the digest job in a process of its own, each mail over
 * SMTP to a real receiver through the platform's kept connections, beside the same number of plain
 * mails through the same transport.
 */
export async function benchDigest(options: DigestBenchOptions): Promise<void> {
  const { store, registry, pool, database, platformConfig, members } = options;
  const started = now();
  await insertEvents(store, registry, generatedAccounts(members));
  const db = createKysely(database.url, { applicationName: 'civitas-bench-projector' });
  const projector = new ProjectorService({ connectionString: database.url, store, db, registry, projections });
  try {
    await projector.start();
    if (!(await checkpointsReach(pool, await store.headPosition(), 600_000)))
      throw new Error('digest: the projector did not catch up with the accounts within 600 s');
  } finally {
    await projector.stop();
    await db.destroy();
  }
  const mailable = await pool.query<{ count: number }>(
    `select count(*)::int as count from ${READ_SCHEMA}.users where email is not null and email_verified and erased_at is null`,
  );
  progress(`digest: ${members} accounts written and projected in ${((now() - started) / 1000).toFixed(1)} s; ${mailable.rows[0]!.count} members may be mailed`);

  const smtp = await startSmtpCounter();
  try {
    const common = {
      databaseUrl: database.url,
      vaultKey: platformConfig.VAULT_KEY!,
      publicBaseUrl: platformConfig.publicBaseUrl,
      hourUtc: platformConfig.NOTIFICATION_DIGEST_HOUR,
    };
    // The next window's run: it ends after the topics the members are told of. Through SMTP to a real
    // receiver, with the connections the platform's notification mails keep open (services.ts).
    const at = new Date(Date.now() + DAY_MS);
    const digest = await withCpu(pool, () => runDigestProcess({ ...common, mail: { smtpUrl: smtp.url }, job: { mode: 'digest', at } }));
    const received = { mails: smtp.received.mails, bytes: smtp.received.bytes, subject: /^Subject: (.*)$/m.exec(smtp.received.first ?? '')?.[1] ?? '(none)' };
    progress(
      `digest: ${digest.result.sent} mails to ${digest.result.members} members read in ${(digest.result.ms / 1000).toFixed(1)} s (process ${(digest.result.wallMs / 1000).toFixed(1)} s), ` +
        `peak RSS ${(digest.result.maxRssKiB / 1024).toFixed(0)} MiB; the SMTP receiver got ${received.mails} (${(received.bytes / Math.max(1, received.mails) / 1024).toFixed(1)} KiB each), ` +
        `the first "${received.subject}" ${cpuNote(withChild(digest.cpu, digest.result), 'daily digest')}`,
    );
    const bytes = Math.round(received.bytes / Math.max(1, received.mails));
    smtp.reset();
    const plain = await withCpu(pool, () =>
      runDigestProcess({ ...common, mail: { smtpUrl: smtp.url }, job: { mode: 'plain', mails: digest.result.sent, bytes } }),
    );
    progress(
      `digest baseline: ${plain.result.sent} plain mails of about ${(bytes / 1024).toFixed(1)} KiB in ${(plain.result.ms / 1000).toFixed(1)} s, ` +
        `peak RSS ${(plain.result.maxRssKiB / 1024).toFixed(0)} MiB; the SMTP receiver got ${smtp.received.mails} ` +
        `${cpuNote(withChild(plain.cpu, plain.result), 'daily digest baseline')}`,
    );
    const everyone = digest.result.sent === members && received.mails === digest.result.sent;
    emit({
      figure: `daily digest for ${members} members, each with new topics to report: DigestJob.runDigests in a process of its own, over SMTP to a real receiver with the platform's 8 kept connections (baseline: as many plain mails of the same size through the same transport, no queries)`,
      value: digest.result.ms,
      unit: 'ms',
      baseline: plain.result.ms,
      target: `< ${TARGET_MS} ms, one mail to every member`,
      meets: digest.result.ms < TARGET_MS && everyone,
    });
    const megabytes = (kib: number) => (kib * 1024) / 1e6;
    emit({
      figure: `daily digest for ${members} members: peak RSS of the process running it (baseline: the plain mails' process)`,
      value: megabytes(digest.result.maxRssKiB),
      unit: 'MB',
      baseline: megabytes(plain.result.maxRssKiB),
      target: `< ${TARGET_MB} MB`,
      meets: megabytes(digest.result.maxRssKiB) < TARGET_MB && everyone,
    });
  } finally {
    await smtp.close();
  }
}

/** The machine's CPU with the child's share named: its own, and its backends' (gone before the bench could read them). */
function withChild(cpu: CpuUse, run: DigestRunResult & { wallMs: number }): CpuUse {
  const backends = cpu.postgres === null || run.backendCpuMs === null ? null : cpu.postgres + run.backendCpuMs / run.wallMs;
  return { ...cpu, postgres: backends, children: run.cpuMs / run.wallMs };
}
