/** One JSON line per figure on stdout; progress goes to stderr so stdout stays machine-readable. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  baseline: number;
  /** value / baseline. */
  ratio: number;
  target: string;
  meets: boolean;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Rounds a figure for printing: rates to whole numbers, milliseconds to 0.01, ratios to 0.001. */
export function emit(figure: Omit<Figure, 'ratio'>): void {
  const digits = figure.unit === 'ms' ? 2 : 0;
  const line: Figure = {
    figure: figure.figure,
    value: round(figure.value, digits),
    unit: figure.unit,
    baseline: round(figure.baseline, digits),
    ratio: figure.baseline > 0 ? round(figure.value / figure.baseline, 3) : 0,
    target: figure.target,
    meets: figure.meets,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}
