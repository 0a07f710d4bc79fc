import { INTL_LOCALES, type Language } from './languages';

const numberFormats = new Map<Language, Intl.NumberFormat>();

/** One Intl.NumberFormat per language, built on first use (construction is the costly part). */
export function numberFormatOf(language: Language): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language]);
    numberFormats.set(language, format);
  }
  return format;
}
