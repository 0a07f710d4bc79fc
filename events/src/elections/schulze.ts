/**
 * The Schulze method (M. Schulze, "A new monotonic, clone-independent, reversal symmetric, and
 * Condorcet-consistent single-winner election method", Social Choice and Welfare 36, 2011), with
 * the strength of a link measured in winning votes, as that paper recommends. Pure: the closing
 * count, time travel, the result read and the verifier all count with it (topic-tally.ts).
 *
 * A ballot ranks candidates in tiers: `[[a], [b, c]]` prefers a to b and c and is indifferent
 * between b and c; a candidate it does not name ranks below every candidate it names. Each ballot
 * weighs what delegation gives it (weighted-tally.ts).
 */

/** Tiers of candidate ids, most preferred first; a tier's candidates are tied. */
export type Ranking = ReadonlyArray<ReadonlyArray<string>>;

export interface WeightedRanking {
  ranking: Ranking;
  weight: number;
}

export interface SchulzeCount {
  /** The candidates, in the order given (registration order): the matrices' rows and columns. */
  candidates: string[];
  /** pairwise[i][j]: the weight of the ballots preferring candidate i to candidate j. */
  pairwise: number[][];
  /** strongestPaths[i][j]: the strength of the strongest path from i to j (0: none). */
  strongestPaths: number[][];
  /** Every candidate no other beats by strongest paths, in the order given; empty when no ballot has weight. */
  winners: string[];
  /** The weight of all the ballots counted. */
  ballotWeight: number;
}

const square = (size: number) => Array.from({ length: size }, () => new Array<number>(size).fill(0));

/** Each candidate's tier on a ballot (unnamed ones after every tier); a candidate named twice keeps its first tier. */
function tiersOf(ranking: Ranking, index: ReadonlyMap<string, number>, size: number): Int32Array {
  const tiers = new Int32Array(size).fill(ranking.length);
  for (let tier = ranking.length - 1; tier >= 0; tier -= 1) {
    for (const candidateId of ranking[tier]!) {
      const at = index.get(candidateId);
      if (at !== undefined) tiers[at] = tier;
    }
  }
  return tiers;
}

/** The pairwise matrix: identical rankings are summed first, so 100k ballots over few distinct orders cost little. */
export function pairwiseMatrix(candidates: readonly string[], ballots: Iterable<WeightedRanking>): { pairwise: number[][]; ballotWeight: number } {
  const size = candidates.length;
  const index = new Map(candidates.map((id, at) => [id, at]));
  const byOrder = new Map<string, { tiers: Int32Array; weight: number }>();
  let ballotWeight = 0;
  for (const { ranking, weight } of ballots) {
    if (weight <= 0) continue;
    ballotWeight += weight;
    const tiers = tiersOf(ranking, index, size);
    const key = tiers.join(',');
    const known = byOrder.get(key);
    if (known) known.weight += weight;
    else byOrder.set(key, { tiers, weight });
  }
  const pairwise = square(size);
  for (const { tiers, weight } of byOrder.values()) {
    for (let i = 0; i < size; i += 1) {
      const row = pairwise[i]!;
      const tier = tiers[i]!;
      for (let j = 0; j < size; j += 1) if (tier < tiers[j]!) row[j]! += weight;
    }
  }
  return { pairwise, ballotWeight };
}

/** Strongest paths (widest paths, Floyd-Warshall) from a pairwise matrix, links in winning votes. */
export function strongestPaths(pairwise: readonly (readonly number[])[]): number[][] {
  const size = pairwise.length;
  const paths = square(size);
  for (let i = 0; i < size; i += 1) for (let j = 0; j < size; j += 1) if (i !== j && pairwise[i]![j]! > pairwise[j]![i]!) paths[i]![j] = pairwise[i]![j]!;
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j < size; j += 1) {
      if (i === j) continue;
      for (let k = 0; k < size; k += 1) {
        if (k === i || k === j) continue;
        const through = Math.min(paths[j]![i]!, paths[i]![k]!);
        if (through > paths[j]![k]!) paths[j]![k] = through;
      }
    }
  }
  return paths;
}

/** The Schulze count of weighted ballots over the candidates (in registration order). */
export function schulze(candidates: readonly string[], ballots: Iterable<WeightedRanking>): SchulzeCount {
  const { pairwise, ballotWeight } = pairwiseMatrix(candidates, ballots);
  const paths = strongestPaths(pairwise);
  const winners = ballotWeight > 0 ? candidates.filter((_, i) => candidates.every((__, j) => i === j || paths[i]![j]! >= paths[j]![i]!)) : [];
  return { candidates: [...candidates], pairwise, strongestPaths: paths, winners, ballotWeight };
}
