import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { BUNDLED_NAMESPACES, bundledEnglish } from './bundled-texts';
import { numberFormatOf } from './intl-formats';
import { DEFAULT_LANGUAGE, DIRECTIONS, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Direction, type Language } from './languages';
import type { LanguagePack } from './language-pack';
import type { Namespace } from './resource-types';
import { textBackend } from './text-backend';

/** What a language needs besides texts (date-fns locale, mirrored styles); English's is built in. */
const packLoaders: Record<Exclude<Language, 'en'>, () => Promise<LanguagePack>> = {
  ar: () => import('./packs/ar').then((module) => module.arabicPack),
};
const loadedPacks = new Map<Language, LanguagePack>([['en', { dateLocale: enUS }]]);

/** A letter of a script written left to right (any letter but Arabic or Hebrew). */
const LEFT_TO_RIGHT_LETTER = /(?![\p{Script=Arabic}\p{Script=Hebrew}])\p{L}/u;

/** `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (Unicode's bidirectional algorithm). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

export const i18n = i18next.createInstance();

i18n
  .use(textBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: bundledEnglish },
    // The rest comes through the backend, per language and namespace, when first used.
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    // 'ar-SA' or 'en-GB' from the browser count as 'ar' and 'en'.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    // Loaded in every language before it shows: the shell, the landing page and the 404 page use them.
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    // English is bundled: init finishes before the first render, so tests and the first paint need no wait.
    initAsync: false,
    // React escapes what it renders, so no HTML escaping here (it would show '&amp;' in names). In a
    // right-to-left language a value with left-to-right letters (an English name or title, 'USD 10')
    // goes into a text as a first-strong isolate instead: it keeps its order and leaves the Arabic
    // words and digits around it in theirs (docs/decisions.md, Bidirectional text and masked ids).
    interpolation: {
      escapeValue: true,
      escape: (value: string) => (directionOf(currentLanguage()) === 'rtl' && LEFT_TO_RIGHT_LETTER.test(value) ? isolate(value) : value),
    },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Only an explicit choice is kept (chooseLanguage); otherwise the browser's language decides each visit.
      caches: [],
    },
    // A screen whose namespace is still on its way suspends (the routes' Suspense shows the spinner)
    // rather than flash keys or English; preloadTexts lets a route fetch its texts with its code.
    react: { useSuspense: true },
  });

// '{{count, number}}' in a text formats with our Intl locale per language (Latin digits in Arabic).
i18n.services.formatter?.add('number', (value, lng) => numberFormatOf(languageOf(lng)).format(value));

function languageOf(code: string | undefined): Language {
  const base = code?.split('-')[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

/** The interface language now showing. */
export function currentLanguage(): Language {
  return languageOf(i18n.language);
}

export function directionOf(language: Language): Direction {
  return DIRECTIONS[language];
}

/** The loaded pack of the current language (date-fns locale, right-to-left styling). */
export function currentPack(): LanguagePack {
  return loadedPacks.get(currentLanguage()) ?? loadedPacks.get(DEFAULT_LANGUAGE)!;
}

export function currentDateLocale(): Locale {
  return currentPack().dateLocale;
}

async function loadPack(language: Language): Promise<void> {
  if (loadedPacks.has(language) || language === 'en') return;
  loadedPacks.set(language, await packLoaders[language]());
}

/**
 * Fetches namespaces' texts in the current language (and English, the fallback) ahead of the
 * screen that uses them: a lazy route calls it beside its own import, so the two load together.
 */
export function preloadTexts(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

function reflectOnDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * Shows the interface in the language the browser asked for (or the one chosen before): its pack
 * is fetched first, so the first paint is already in that language and direction.
 */
export async function startInterfaceLanguage(): Promise<void> {
  const language = currentLanguage();
  await loadPack(language).catch(() => undefined);
  if (!loadedPacks.has(language)) {
    // The pack could not be fetched (offline, a deploy in between): English rather than a blank page.
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
    reflectOnDocument(DEFAULT_LANGUAGE);
    return;
  }
  // Re-resolves now that the texts exist: before, i18next resolved to the English fallback.
  await i18n.changeLanguage(language);
  reflectOnDocument(language);
}

const choiceListeners = new Set<(language: Language) => void>();

/** Hears the member's explicit choices (not the browser's language at start): a signed-in member's mails follow them. */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The member's explicit choice: kept in this browser and applied at once. */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadPack(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode, quota): the choice still holds for this visit.
  }
  await i18n.changeLanguage(language);
  reflectOnDocument(language);
  for (const listener of [...choiceListeners]) listener(language);
}
