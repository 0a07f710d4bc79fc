import { currentLanguage, numberFormatOf } from '../i18n';

/** A count as the interface language writes it ("1,234" in English, as the screens show). */
export function formatNumber(value: number): string {
  return numberFormatOf(currentLanguage()).format(value);
}
