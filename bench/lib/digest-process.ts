import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DigestRunResult } from './digest-run';
import { now } from './measure';

export interface DigestRunOptions {
  databaseUrl: string;
  /** The platform's vault key (hex), passed in the environment as production passes it. */
  vaultKey: string;
  /** Where mails go: an SMTP server, or a folder of files (the file transport). */
  mail: { smtpUrl: string } | { folder: string };
  publicBaseUrl: string;
  hourUtc: number;
  /** `digest`: the daily digest due at `at`; `plain`: `mails` mails of about `bytes` each, no queries. */
  job: { mode: 'digest'; at: Date } | { mode: 'plain'; mails: number; bytes: number };
}

const SCRIPT = fileURLToPath(new URL('./digest-run.ts', import.meta.url));

/** Runs bench/lib/digest-run.ts in a child process: its own figures, and the wall time from spawn to exit. */
export async function runDigestProcess(options: DigestRunOptions): Promise<DigestRunResult & { wallMs: number }> {
  const { job } = options;
  const started = now();
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DIGEST_MODE: job.mode,
      DATABASE_URL: options.databaseUrl,
      VAULT_KEY: options.vaultKey,
      ...('smtpUrl' in options.mail ? { SMTP_URL: options.mail.smtpUrl } : { SMTP_URL: '', MAIL_DIR: options.mail.folder }),
      PUBLIC_BASE_URL: options.publicBaseUrl,
      DIGEST_HOUR: String(options.hourUtc),
      ...(job.mode === 'digest' ? { DIGEST_NOW: job.at.toISOString() } : { PLAIN_MAILS: String(job.mails), PLAIN_BYTES: String(job.bytes) }),
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the digest process (${job.mode}) exited with ${code}: ${output.slice(0, 500)}`);
  return { ...(JSON.parse(output.trim().split('\n').at(-1)!) as DigestRunResult), wallMs: now() - started };
}
