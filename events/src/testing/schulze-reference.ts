import type { Ranking, WeightedRanking } from '../elections/schulze';

/**
 * A brute-force Schulze count written from the definition (M. Schulze, Social Choice and Welfare
 * 36, 2011, section 2.1), for tests to hold the module (elections/schulze.ts) and the tally module
 * against: nothing shared with either but the types. d[V,W] is the weight strictly preferring V to
 * W; a path is a chain of links d[x,y] > d[y,x] and its strength its weakest link; p[X,Y] the
 * strongest path (0: none); X is unbeaten when p[X,Y] >= p[Y,X] for every Y.
 */

/** The tier a ballot puts an option in; one it does not name ranks below every tier. */
export const rankOf = (ranking: Ranking, option: string) => {
  const tier = ranking.findIndex((names) => names.includes(option));
  return tier === -1 ? Number.POSITIVE_INFINITY : tier;
};

export function referencePairwise(options: readonly string[], ballots: readonly WeightedRanking[]): number[][] {
  return options.map((v) =>
    options.map((w) =>
      ballots.filter(({ ranking, weight }) => weight > 0 && v !== w && rankOf(ranking, v) < rankOf(ranking, w)).reduce((sum, b) => sum + b.weight, 0),
    ),
  );
}

/** Every simple path's strength by enumeration (links in winning votes), the strongest kept; 0 when there is none. */
export function referencePaths(d: readonly (readonly number[])[]): number[][] {
  const n = d.length;
  const best = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const walk = (from: number, at: number, visited: Set<number>, strength: number) => {
    for (let next = 0; next < n; next += 1) {
      if (visited.has(next) || !(d[at]![next]! > d[next]![at]!)) continue;
      const through = Math.min(strength, d[at]![next]!);
      if (through > best[from]![next]!) best[from]![next] = through;
      visited.add(next);
      walk(from, next, visited, through);
      visited.delete(next);
    }
  };
  for (let from = 0; from < n; from += 1) walk(from, from, new Set([from]), Number.POSITIVE_INFINITY);
  return best;
}

/** The unbeaten options in the order given; none when no ballot has weight. */
export function referenceWinners(options: readonly string[], ballots: readonly WeightedRanking[]): string[] {
  const p = referencePaths(referencePairwise(options, ballots));
  const total = ballots.reduce((sum, b) => sum + Math.max(0, b.weight), 0);
  return total > 0 ? options.filter((_, x) => options.every((__, y) => p[x]![y]! >= p[y]![x]!)) : [];
}
