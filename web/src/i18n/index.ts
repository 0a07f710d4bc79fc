export {
  i18n,
  chooseLanguage,
  onLanguageChosen,
  currentLanguage,
  currentDateLocale,
  currentPack,
  directionOf,
  preloadTexts,
  startInterfaceLanguage,
} from './i18n';
export { LANGUAGES, LANGUAGE_NAMES, INTL_LOCALES, type Direction, type Language } from './languages';
export { numberFormatOf } from './intl-formats';
export { useLanguage } from './use-language';
export type { Namespace } from './resource-types';
