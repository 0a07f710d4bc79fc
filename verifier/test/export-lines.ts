import type { ExportLine } from '@civitas/events';

/** An export's text as its lines. */
export const parseExport = (text: string): ExportLine[] =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ExportLine);

/** The lines as a file would hold them, the end line's count kept true so only the deeper checks can catch a change. */
export function serialise(lines: ExportLine[]): string[] {
  const body = lines.filter((line) => line.kind !== 'end');
  return [...body, { kind: 'end', lines: body.length }].map((line) => JSON.stringify(line));
}
