import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, type Country } from '@civitas/events/groups/countries';
import { INTL_LOCALES, isLanguage, type Language } from '../i18n/languages';

// Countries are stored by their English ISO 3166 name (verifications, National groups). In English
// that name shows as stored; in any other language the browser's own region names (Intl.DisplayNames)
// give it in that language, found by the country's ISO code (docs/decisions.md, Bidirectional text
// and masked ids).

const CODES = new Map<string, string>(COUNTRIES.flatMap((country) => [[country.name, country.code] as const, [country.key, country.code] as const]));
const displayNames = new Map<Language, Intl.DisplayNames | null>();

function regionNames(language: Language): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([INTL_LOCALES[language], language], { type: 'region', fallback: 'none' });
    } catch {
      // A browser without region names keeps the stored names.
    }
    displayNames.set(language, names);
  }
  return displayNames.get(language) ?? null;
}

/** The country stored as `name` (its English name, or its key, e.g. 'saudi_arabia') in `language`. */
export function countryName(name: string, language: Language): string {
  if (language === 'en') return name;
  const code = CODES.get(name) ?? CODES.get(name.trim().toLowerCase().replace(/ /g, '_'));
  return (code && regionNames(language)?.of(code)) || name;
}

/** `countryName` in the interface language, re-rendering when it changes. */
export function useCountryName(): (name: string) => string {
  const language = useInterfaceLanguage();
  return useCallback((name: string) => countryName(name, language), [language]);
}

/** The interface language, re-rendering when it changes. */
function useInterfaceLanguage(): Language {
  const { i18n } = useTranslation();
  const base = i18n.language?.split('-')[0];
  return isLanguage(base) ? base : 'en';
}

/** The countries a dialog offers, labelled and sorted in the interface language. */
export function useCountryOptions(): { options: readonly Country[]; label: (country: Country) => string } {
  const language = useInterfaceLanguage();
  return useMemo(() => {
    if (language === 'en') return { options: COUNTRIES, label: (country: Country) => country.name };
    const labels = new Map(COUNTRIES.map((country) => [country.code, countryName(country.name, language)]));
    const label = (country: Country) => labels.get(country.code) ?? country.name;
    const collator = new Intl.Collator(INTL_LOCALES[language]);
    return { options: [...COUNTRIES].sort((a, b) => collator.compare(label(a), label(b))), label };
  }, [language]);
}

/** A group's name as shown: a National group's is its country's, in the interface language; any other as stored. */
export function useGroupName(): (group: { name: string; department: string }) => string {
  const language = useInterfaceLanguage();
  return useCallback((group) => (group.department === 'national' ? countryName(group.name, language) : group.name), [language]);
}
