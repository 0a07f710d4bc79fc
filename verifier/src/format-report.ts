import type { VerifyReport } from './verify';

const short = (id: string | null) => (id === null ? '-' : id.length > 14 ? `${id.slice(0, 13)}\u2026` : id);
const pad = (text: string, width: number) => text.padEnd(width);

const COMPLETENESS: Record<VerifyReport['topics'][number]['completeness'], (counted: number | null) => string> = {
  complete: (counted) => `complete: the ${counted} events the closing counted are all here, in its order`,
  incomplete: (counted) => `incomplete: the closing counted ${counted} events, and the export does not hold them as counted`,
  open: () => 'open: not closed, so no count to hold the export to yet (the closing records one)',
  unrecorded: () => 'completeness unproven: closed before closings recorded what they counted',
  deleted: () => 'deleted: no outcome to hold the export to',
};

/** What a candidate's tally line counts under each method. */
const METHOD_TALLY: Record<NonNullable<VerifyReport['topics'][number]['method']>, string> = {
  plurality: ' (a candidate\u2019s tally: its ballots)',
  schulze: ' (a candidate\u2019s tally: its first preferences; the pairwise matrix decides)',
  approval: ' (a candidate\u2019s tally: its approvals)',
};

/** A law decided among its opinions (issue #34 item 2): its opinions' tally lines. */
const OPINIONS_TALLY = ' (an opinion\u2019s tally: the weight ranking it above no change / no change above it; the pairwise matrix decides)';

/**
 * A Schulze recount's matrices, a row per candidate in registration order (or per option: no change,
 * then the opinions in posting order): how many prefer it to each column's.
 */
function pairwiseLines({ candidates, noChange, recount, strongestPaths }: NonNullable<VerifyReport['topics'][number]['pairwise']>): string[] {
  const width = Math.max(6, ...recount.flat().map((cell) => String(cell).length + 1));
  const label = (id: string) => (id === noChange ? 'no change' : short(id));
  const rows = (matrix: number[][]) =>
    matrix.map((row, i) => `    ${pad(label(candidates[i]!), 16)}${row.map((cell, j) => (i === j ? '-' : String(cell)).padStart(width)).join('')}`);
  const what = noChange ? 'option' : 'candidate';
  return [
    `  pairwise (recount): the weight preferring each row's ${what} to each column's`,
    ...rows(recount),
    '  strongest paths (recount):',
    ...rows(strongestPaths),
  ];
}

/** A topic held to a quorum (issue #34 item 3): the recount's figures and rule, and the closing's when they differ. */
function quorumLines({ recount, recorded, decidedBy, namedEligible }: NonNullable<VerifyReport['topics'][number]['quorum']>): string[] {
  type Figures = typeof recount;
  const figures = (value: Figures, rule: string | null) =>
    `${value.participatingWeight} of ${value.eligibleWeight} took part (${value.percent}% needed): ${value.reached ? 'reached' : 'not reached'}; decided by ${rule ?? '-'}`;
  const counted = figures(recount, decidedBy.recount);
  const closing = recorded ? figures(recorded, decidedBy.recorded) : '(none recorded)';
  const lines = [`  ${pad('quorum', 16)}${counted}`];
  if (closing !== counted) lines.push(`  ${pad('  at closing', 16)}${closing}`);
  if (namedEligible !== null)
    lines.push(
      `  ${pad('', 16)}an open group: the eligible weight is the closing's figure, held to the ${namedEligible} members this export names who could take part`,
    );
  return lines;
}

/** The report as the command prints it: what was checked, the recount beside the published result, and the verdict. */
export function formatReport(report: VerifyReport): string {
  const out: string[] = [];
  const { checkpoint } = report;
  out.push(`civitas-verify: ${report.scope ?? 'unknown'} export`);
  if (checkpoint) {
    out.push(`checkpoint: ${checkpoint.treeSize} events, root ${checkpoint.rootHash}, signed ${checkpoint.timestamp} (key ${checkpoint.keyId})`);
  }
  out.push(
    report.keyFrom === 'option'
      ? 'key: the one given with --key'
      : 'key: the one the export states (pass --key from /.well-known/civitas-log-key to check it is the platform\u2019s)',
  );
  if (report.scope === 'log') out.push(`leaves: ${report.leaves}, root recomputed`);
  for (const topic of report.topics) {
    out.push('', `topic ${topic.topicId}: ${topic.events} events, each leaf recomputed and proven in the checkpoint`);
    out.push(`  ${COMPLETENESS[topic.completeness](topic.counted)}`);
    out.push(`  ${pad('', 16)}${pad('recount', 34)}published`);
    const outcome = (value: VerifyReport['topics'][number]['recount'] | null) =>
      value
        ? `${value.status} ${value.result.kind} ${short(value.result.opinionId ?? value.result.winnerCandidateId)} ${value.result.weightedSupport ?? ''}`.trim()
        : '(none)';
    out.push(`  ${pad('result', 16)}${pad(outcome(topic.recount), 34)}${outcome(topic.published)}`);
    if (topic.method) out.push(`  ${pad('method', 16)}${topic.method}${topic.pairwise?.noChange ? OPINIONS_TALLY : METHOD_TALLY[topic.method]}`);
    for (const subject of topic.subjects) {
      const tally = (value: { weightedSupport: number; weightedOppose: number }) => `+${value.weightedSupport} / -${value.weightedOppose}`;
      out.push(`  ${pad(short(subject.subjectId), 16)}${pad(tally(subject.recount), 34)}${tally(subject.published)}`);
    }
    if (topic.quorum) out.push(...quorumLines(topic.quorum));
    if (topic.pairwise) out.push(...pairwiseLines(topic.pairwise));
  }
  if (report.receipts.length > 0) {
    out.push('', 'receipts:');
    for (const receipt of report.receipts) {
      const where = receipt.leafIndex === null ? '' : ` (leaf ${receipt.leafIndex})`;
      out.push(`  ${receipt.eventId}${where}: ${receipt.status}: ${receipt.detail}`);
    }
  }
  out.push('');
  if (report.ok) out.push('MATCH: every check passed and the recount equals the published result.');
  else out.push('MISMATCH:', ...report.problems.map((problem) => `  - ${problem}`));
  return `${out.join('\n')}\n`;
}
