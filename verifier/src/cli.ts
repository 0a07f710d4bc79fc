import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { SignedCheckpoint } from '@civitas/events/audit/checkpoint';
import { formatReport } from './format-report';
import { parseReceiptsFile, type Receipt } from './receipts';
import { verifyExport } from './verify';

const USAGE = `usage: civitas-verify <export.ndjson> [--key <public key, base64>] [--since <checkpoint.json>] [--receipt <receipts.json> ...]

  --key    the log's public key, from <platform>/.well-known/civitas-log-key (publicKey).
           Without it the key stated in the export is used, which proves nothing on its own.
  --since  a checkpoint you saved earlier (<platform>/api/audit/checkpoints/<size>): the export,
           downloaded with ?since=<size>, must prove the log only grew from it.
  --receipt  your receipts, from the topic page's 'Download my receipts' (repeat for several files):
           each must name an event of the export; the report says whether the recount took it as cast.

Exit status 0 only when every check passes and the recount matches the published result.`;

/** `civitas-verify`: exit 0 on a match, 1 on any mismatch, 2 on a usage or input error. */
async function main(argv: string[]): Promise<number> {
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

process.exitCode = await main(process.argv.slice(2));
