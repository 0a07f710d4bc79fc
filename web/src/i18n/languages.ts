/** The interface's languages. English is the language of docs/product.md and the fallback for any missing text. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, so a reader of either finds their own (the switch shows both). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export type Direction = 'ltr' | 'rtl';
export const DIRECTIONS: Record<Language, Direction> = { en: 'ltr', ar: 'rtl' };

/**
 * Intl locale per language. Arabic keeps Latin digits ('nu-latn'): date-fns's Arabic locale writes
 * them too, so a date and a count on one screen never mix two digit systems.
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-u-nu-latn' };

/** Where an explicit choice is kept; without one the browser's language decides on every visit. */
export const LANGUAGE_STORAGE_KEY = 'civitas.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
