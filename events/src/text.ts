import { z } from 'zod';

/**
 * The character rules every string a command accepts goes through (names, titles, e-mails,
 * ids, opinions, ...). What is refused can never be stored: PostgreSQL's jsonb and text
 * reject NUL and lone surrogates, so such a string would fail an append or stall a
 * projection; control characters and bidi overrides only serve to hide or spoof text.
 */

/* eslint-disable no-control-regex -- finding control characters is these patterns' job */
/**
 * Lone UTF-16 surrogates (in a `u` regex a well-formed pair is one code point, so `\p{Cs}`
 * matches only the unpaired halves; String#isWellFormed is not in every browser the web
 * app serves), C0 controls but tab and newline, DEL, and the C1 controls.
 */
const FORBIDDEN_EVERYWHERE = /[\p{Cs}\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** One-line values also refuse tab and newline, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a name or title read differently from what it is. */
const FORBIDDEN_IN_ONE_LINE = /[\p{Cs}\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
/* eslint-enable no-control-regex */
/** Any line ending a system sends (CRLF, CR) is stored as one newline. */
const LINE_ENDINGS = /\r\n?/g;

export const charactersNotAllowed = (field: string) => `${field} contains characters that are not allowed`;

/** Whether a value has only characters the field may hold (the rule the schemas below apply). */
export const hasOnlyAllowedCharacters = (value: string, lines: 'single' | 'multi' = 'single') =>
  !(lines === 'single' ? FORBIDDEN_IN_ONE_LINE : FORBIDDEN_EVERYWHERE).test(value);

export interface TextOptions {
  /** The field as its messages name it: 'First name', 'Title', 'National ID'. */
  field: string;
  /** The field's message when the value is missing or not a string (docs/product.md, Rules). */
  required: string;
  /** 'multi' for texts with paragraphs (topic descriptions, opinions, chat): newlines and tabs allowed. */
  lines?: 'single' | 'multi';
  /** Removes surrounding whitespace (default); off for values that must arrive exactly (tokens, ids). */
  trim?: boolean;
}

/**
 * A text field: NFC-normalised, trimmed, and refused (400 '<Field> contains characters that
 * are not allowed') when it holds characters it may not. Chain the field's length rules
 * after it: they count the normalised, trimmed value that is stored.
 */
export function text({ field, required, lines = 'single', trim = true }: TextOptions) {
  let schema = z.string({ error: required }).normalize('NFC');
  if (lines === 'multi') schema = schema.overwrite((value) => value.replace(LINE_ENDINGS, '\n'));
  if (trim) schema = schema.trim();
  return schema.refine((value) => hasOnlyAllowedCharacters(value, lines), { message: charactersNotAllowed(field), abort: true });
}

/**
 * A secret (a password): refused like a one-line text, but never normalised or trimmed, so
 * it is hashed exactly as typed and every password set before these rules still matches.
 */
export function secretText({ field, required }: Pick<TextOptions, 'field' | 'required'>) {
  return z.string({ error: required }).refine((value) => hasOnlyAllowedCharacters(value, 'single'), { message: charactersNotAllowed(field), abort: true });
}

/** An optional text as kept: blank (or absent) means none. */
export const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value : null);
