import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/** The interface language; the calling component renders again when it changes. */
export function useLanguage(): Language {
  useTranslation();
  return currentLanguage();
}
