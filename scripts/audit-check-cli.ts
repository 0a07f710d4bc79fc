import { openServiceRuntime } from '@civitas/service-kit';
import { auditLog } from './audit-check';

/** `npm run audit:check` (operators): exit 0 and OK when every stored event still matches its leaf and the checkpoints; else 1, naming positions. */
const runtime = await openServiceRuntime('civitas-audit-check', { migrate: false });
let failed = true;
try {
  const report = await auditLog(runtime.db);
  failed = report.findings.length > 0;
  if (!failed) {
    console.log(`OK: ${report.events} events match their leaves; ${report.checkpoints} signed checkpoints match their roots`);
  } else {
    console.log(`MISMATCH: ${report.findings.length} finding(s) over ${report.events} events and ${report.checkpoints} checkpoints`);
    for (const finding of report.findings) console.log(`${finding.position}: ${finding.problem}`);
  }
} finally {
  await runtime.close();
}
process.exitCode = failed ? 1 : 0;
