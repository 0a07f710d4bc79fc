import type { HighlightedText, MatchRange } from '@civitas/events';
import { foldText as fold } from '@civitas/service-kit/name-folding';

// The query's words and where they are in a hit, computed here so the client only marks ranges.

/** A word as PostgreSQL's parser sees one: letters (with their marks) and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** At most this many words of a query count: 100 characters make few real ones. */
const MAX_TERMS = 8;

/** The query's distinct folded words, in order. */
export function searchTerms(query: string): string[] {
  const terms = [...query.matchAll(WORD)].map(([word]) => fold(word)).filter((term) => term.length > 0);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * The tsquery of the terms: each a prefix (partial words find whole ones), all required. Terms
 * hold only letters, marks and digits, so quoting them leaves no operator to inject.
 */
export const prefixQuery = (terms: readonly string[]): string => terms.map((term) => `'${term}':*`).join(' & ');

/** Where words starting with a term are in `text`. */
export function matchesIn(text: string, terms: readonly string[]): MatchRange[] {
  const matches: MatchRange[] = [];
  for (const found of text.matchAll(WORD)) {
    const folded = fold(found[0]);
    if (terms.some((term) => folded.startsWith(term))) matches.push([found.index, found.index + found[0].length]);
  }
  return matches;
}

export const highlighted = (text: string, terms: readonly string[]): HighlightedText => ({ text, matches: matchesIn(text, terms) });

/** How much of a long text a hit shows, around its first match. */
export const EXCERPT_LENGTH = 160;
const LEAD = 40;

/** A window of the text around its first match (whole when short), with ellipses where it was cut. */
export function excerpt(text: string, terms: readonly string[]): HighlightedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return highlighted(flat, terms);
  const first = matchesIn(flat, terms)[0]?.[0] ?? 0;
  let start = Math.max(0, Math.min(first - LEAD, flat.length - EXCERPT_LENGTH));
  // Never start or end inside a word, nor split a surrogate pair.
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  let end = Math.min(flat.length, start + EXCERPT_LENGTH);
  if (end < flat.length) end = flat.lastIndexOf(' ', end) > start ? flat.lastIndexOf(' ', end) : end;
  const prefix = start > 0 ? '… ' : '';
  const window = `${prefix}${flat.slice(start, end)}${end < flat.length ? ' …' : ''}`;
  return highlighted(window, terms);
}
