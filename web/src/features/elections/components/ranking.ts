/**
 * A ranked ballot as the member builds it (issue #34): tiers, most preferred first, each tier the
 * options tied at that rank (an election's candidates, or a law's opinions and "no change"); the
 * body of POST /api/topics/<id>/ballot `{ ranking }` as it is.
 * Every operation returns a new ranking and leaves no empty tier. Rank numbers are tier positions
 * (1 = first tier), so [[a, b], [c]] ranks c second.
 */
export type Ranking = readonly (readonly string[])[];

/** Where an option stands: its tier and its place in it (0 = first of its tier), or null when unranked. */
export function placeOf(ranking: Ranking, optionId: string): { tier: number; index: number } | null {
  for (let tier = 0; tier < ranking.length; tier += 1) {
    const index = ranking[tier]!.indexOf(optionId);
    if (index >= 0) return { tier, index };
  }
  return null;
}

const without = (ranking: Ranking, optionId: string): string[][] =>
  ranking.map((tier) => tier.filter((id) => id !== optionId)).filter((tier) => tier.length > 0);

/** Appends an option as a rank of its own, below every ranked one. */
export function addToRanking(ranking: Ranking, optionId: string): Ranking {
  if (placeOf(ranking, optionId)) return ranking;
  return [...ranking, [optionId]];
}

export function removeFromRanking(ranking: Ranking, optionId: string): Ranking {
  return without(ranking, optionId);
}

/**
 * Up one rank: a tied option leaves its tie for a rank of its own just above it; one alone
 * goes above the tier above it. Nothing to do for one alone at the top.
 */
export function moveUp(ranking: Ranking, optionId: string): Ranking {
  const place = placeOf(ranking, optionId);
  if (!place || !canMoveUp(ranking, optionId)) return ranking;
  const alone = ranking[place.tier]!.length === 1;
  const rest = without(ranking, optionId);
  const at = alone ? place.tier - 1 : place.tier;
  return [...rest.slice(0, at), [optionId], ...rest.slice(at)];
}

/** Down one rank: a tied option gets a rank of its own just below its tie; one alone goes below the tier below it. */
export function moveDown(ranking: Ranking, optionId: string): Ranking {
  const place = placeOf(ranking, optionId);
  if (!place || !canMoveDown(ranking, optionId)) return ranking;
  const rest = without(ranking, optionId);
  // Tied: its tie stays at its index and it goes just below. Alone: its tier is gone, the tier below
  // moved up to its index, and it goes just below that one. Either way, one after its old index.
  const at = place.tier + 1;
  return [...rest.slice(0, at), [optionId], ...rest.slice(at)];
}

export function canMoveUp(ranking: Ranking, optionId: string): boolean {
  const place = placeOf(ranking, optionId);
  return place !== null && (place.tier > 0 || ranking[place.tier]!.length > 1);
}

export function canMoveDown(ranking: Ranking, optionId: string): boolean {
  const place = placeOf(ranking, optionId);
  return place !== null && (place.tier < ranking.length - 1 || ranking[place.tier]!.length > 1);
}

/**
 * The rows as shown: every ranked option in order, each tied with the one above when it is not
 * first of its tier. 'Tie with the one above' on the first of a tier joins its whole tier to the
 * tier above (the rows below it in its tier stay tied with it); 'Untie' splits its tier before it.
 */
export function tieWithAbove(ranking: Ranking, optionId: string): Ranking {
  const place = placeOf(ranking, optionId);
  if (!place || place.index !== 0 || place.tier === 0) return ranking;
  const merged = [...ranking[place.tier - 1]!, ...ranking[place.tier]!];
  return [...ranking.slice(0, place.tier - 1), merged, ...ranking.slice(place.tier + 1)];
}

export function untie(ranking: Ranking, optionId: string): Ranking {
  const place = placeOf(ranking, optionId);
  if (!place || place.index === 0) return ranking;
  const tier = ranking[place.tier]!;
  return [...ranking.slice(0, place.tier), tier.slice(0, place.index), tier.slice(place.index), ...ranking.slice(place.tier + 1)];
}

/** Only options still standing, in the same order (a ballot kept from before names only those). */
export function keepOnly(ranking: Ranking, optionIds: ReadonlySet<string>): Ranking {
  return ranking.map((tier) => tier.filter((id) => optionIds.has(id))).filter((tier) => tier.length > 0);
}

export function sameRanking(a: Ranking, b: Ranking): boolean {
  return (
    a.length === b.length &&
    a.every((tier, index) => {
      const other = b[index]!;
      return tier.length === other.length && tier.every((id) => other.includes(id));
    })
  );
}
