import type { CandidateView } from '../api/get-candidates';
import type { Ranking } from './ranking';

/**
 * The member's ranked ballot as the server has it, for the ballot to start from: the candidates
 * read gives each candidate's tier on it (myRank, 0 the top; null when unnamed). A read without
 * tiers names only the top (isMyChoice): those, tied first.
 */
export function standingRanking(candidates: readonly CandidateView[]): Ranking {
  const ranked = candidates.filter((candidate) => typeof candidate.myRank === 'number');
  if (ranked.length === 0) {
    const chosen = candidates.filter((candidate) => candidate.isMyChoice).map((candidate) => candidate.id);
    return chosen.length > 0 ? [chosen] : [];
  }
  const tiers = [...new Set(ranked.map((candidate) => candidate.myRank!))].sort((a, b) => a - b);
  return tiers.map((tier) => ranked.filter((candidate) => candidate.myRank === tier).map((candidate) => candidate.id));
}

/** The candidates an approval ballot names: its one tier (isMyChoice, myRank 0). */
export function standingApprovals(candidates: readonly CandidateView[]): string[] {
  return candidates.filter((candidate) => candidate.isMyChoice).map((candidate) => candidate.id);
}

/** Registration order, earliest first: a ballot's choices keep their places while the counts (the list's order) move. */
export function inRegistrationOrder<T extends Pick<CandidateView, 'createdAt'>>(candidates: readonly T[]): T[] {
  return [...candidates].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
