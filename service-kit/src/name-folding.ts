import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Case- and accent-insensitive name matching (the delegate search, the admins' member search)
 * without PostgreSQL's unaccent extension (the embedded server may not have it):
 * `translate(lower(name), FROM, TO)` maps every accented or capital
 * letter of the Latin, Greek and Cyrillic blocks to its plain small letter and drops combining
 * marks (Latin diacritics, Arabic harakat and tatweel). The search term goes through the same SQL,
 * so both sides fold alike. Letters that fold to two (ß, æ) stay as they are.
 */
const FOLDED_BLOCKS: Array<[number, number]> = [
  [0x41, 0x5a],
  [0xc0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
];
/** Letters with no decomposition that readers still take for their plain letter. */
const EXTRA: Record<string, string> = { ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ħ: 'h', Ħ: 'h', ı: 'i' };
/** Marks dropped: combining diacritics, Arabic harakat, superscript alef, tatweel. */
const DROPPED: Array<[number, number]> = [
  [0x300, 0x36f],
  [0x64b, 0x65f],
  [0x670, 0x670],
  [0x640, 0x640],
];

function foldingTable(): { from: string; to: string } {
  const pairs = new Map<string, string>(Object.entries(EXTRA));
  for (const [start, end] of FOLDED_BLOCKS) {
    for (let code = start; code <= end; code += 1) {
      const letter = String.fromCodePoint(code);
      const folded = letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      if ([...folded].length === 1 && folded !== letter && !pairs.has(letter)) pairs.set(letter, folded);
    }
  }
  const dropped = DROPPED.flatMap(([start, end]) => Array.from({ length: end - start + 1 }, (_, index) => String.fromCodePoint(start + index)));
  // translate() deletes the characters of FROM that have no counterpart in TO: the marks go last.
  return { from: [...pairs.keys()].join('') + dropped.join(''), to: [...pairs.values()].join('') };
}

export const NAME_FOLDING = foldingTable();

const FOLDED_LETTER = (() => {
  const from = [...NAME_FOLDING.from];
  const to = [...NAME_FOLDING.to];
  // translate() drops the characters of FROM past the end of TO: the marks.
  return new Map(from.map((letter, index) => [letter, to[index] ?? '']));
})();

/** The same folding in JavaScript (lower case, no accents or harakat), for work done beside the SQL (search's highlights). */
export const foldText = (text: string): string => [...text.toLowerCase()].map((letter) => FOLDED_LETTER.get(letter) ?? letter).join('');

/** The SQL that folds a text for comparison. */
export const foldedSql = (value: Expression<string | null> | RawBuilder<string>): RawBuilder<string> =>
  sql<string>`translate(lower(${value}), ${NAME_FOLDING.from}, ${NAME_FOLDING.to})`;

/** A LIKE pattern matching the term anywhere (its own %, _ and \ taken literally). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
