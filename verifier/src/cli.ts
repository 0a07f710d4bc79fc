import { createReadStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { SignedCheckpoint } from '@civitas/events/audit/checkpoint';
import { formatReport } from './format-report';
import { MONITOR_STATE_FORMAT, MonitorFetchError, isHealthy, monitorLog, type MonitorState } from './monitor';
import { parseReceiptsFile, type Receipt } from './receipts';
import { verifyExport } from './verify';

const USAGE = `usage: civitas-verify <export.ndjson> [--key <public key, base64>] [--since <checkpoint.json>] [--receipt <receipts.json> ...]

  --key    the log's public key, from <platform>/.well-known/civitas-log-key (publicKey).
           Without it the key stated in the export is used, which proves nothing on its own.
  --since  a checkpoint you saved earlier (<platform>/api/audit/checkpoints/<size>): the export,
           downloaded with ?since=<size>, must prove the log only grew from it.
  --receipt  your receipts, from the topic page's 'Download my receipts' (repeat for several files):
           each must name an event of the export; the report says whether the recount took it as cast.

Exit status 0 only when every check passes and the recount matches the published result.

usage: civitas-verify monitor <base url> --key <public key, base64> [--state <file>]

  Fetches the log's latest signed checkpoint (<base url>/api/audit/log/checkpoint), checks its
  signature, and proves it extends the checkpoint kept in the state file from the last run
  (default civitas-monitor-<host>.json here), then keeps it. Run it on a schedule.
  Exit status 0 when the log only grew, 1 on a fork, a rollback or a bad signature, 2 on a usage
  error or an answer it cannot use (the state is then left as it was).`;

/** `civitas-verify`: exit 0 on a match, 1 on any mismatch, 2 on a usage or input error. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'monitor') return monitor(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { key: { type: 'string' }, since: { type: 'string' }, receipt: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [file] = parsed.positionals;
  if (parsed.values.help || !file) {
    process.stderr.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  let since: SignedCheckpoint | undefined;
  try {
    since = parsed.values.since ? (JSON.parse(readFileSync(parsed.values.since, 'utf8')) as SignedCheckpoint) : undefined;
  } catch (error) {
    process.stderr.write(`cannot read the checkpoint given with --since: ${(error as Error).message}\n`);
    return 2;
  }
  const receipts: Receipt[] = [];
  for (const receiptsFile of parsed.values.receipt ?? []) {
    try {
      receipts.push(...parseReceiptsFile(readFileSync(receiptsFile, 'utf8'), receiptsFile));
    } catch (error) {
      process.stderr.write(`cannot read the receipts given with --receipt: ${(error as Error).message}\n`);
      return 2;
    }
  }
  const input = createReadStream(file, 'utf8');
  const opened = new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject));
  try {
    await opened;
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const report = await verifyExport(createInterface({ input, crlfDelay: Infinity }), { publicKey: parsed.values.key, since, receipts });
  process.stdout.write(formatReport(report));
  return report.ok ? 0 : 1;
}

/** `civitas-verify monitor`: one round against the state file (docs/audit-format.md, Monitors). */
async function monitor(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { key: { type: 'string' }, state: { type: 'string' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [baseUrl] = parsed.positionals;
  const publicKey = parsed.values.key;
  let host: string;
  try {
    host = new URL(baseUrl ?? '').host;
  } catch {
    process.stderr.write(`monitor needs the platform's address (http:// or https://) and --key\n${USAGE}\n`);
    return 2;
  }
  if (!publicKey) {
    process.stderr.write(`monitor needs --key: the log's public key, from ${baseUrl}/.well-known/civitas-log-key\n`);
    return 2;
  }
  const stateFile = parsed.values.state ?? `civitas-monitor-${host.replace(/[^A-Za-z0-9.-]/g, '_')}.json`;
  let state: MonitorState | null = null;
  if (existsSync(stateFile)) {
    try {
      state = JSON.parse(readFileSync(stateFile, 'utf8')) as MonitorState;
      if (state.format !== MONITOR_STATE_FORMAT) throw new Error(`not a ${MONITOR_STATE_FORMAT} file`);
    } catch (error) {
      process.stderr.write(`cannot read the state in ${stateFile}: ${(error as Error).message}\n`);
      return 2;
    }
    if (state.publicKey !== publicKey) {
      process.stderr.write(`${stateFile} was kept for another key; give its key, or another --state\n`);
      return 2;
    }
  }
  try {
    const outcome = await monitorLog({ baseUrl: baseUrl!, publicKey, previous: state?.checkpoint ?? null });
    process.stdout.write(`civitas-verify monitor ${baseUrl}: ${outcome.message}\n`);
    if (!isHealthy(outcome)) return 1;
    const kept: MonitorState = { format: MONITOR_STATE_FORMAT, baseUrl: baseUrl!, publicKey, checkpoint: outcome.checkpoint };
    // Written whole, then moved into place: a crash mid-write never leaves a half state that would hide a fork.
    writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(kept, null, 2)}\n`);
    renameSync(`${stateFile}.tmp`, stateFile);
    return 0;
  } catch (error) {
    if (!(error instanceof MonitorFetchError)) throw error;
    process.stderr.write(`civitas-verify monitor: ${error.message}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
