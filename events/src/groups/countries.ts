import isoCountries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

isoCountries.registerLocale(english);

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** ISO 3166-1 numeric code: stable, so National group ids derive from it. */
  numeric: number;
  name: string;
  /** The group subcategory and verification key: lowercase name, spaces as underscores. */
  key: string;
}

export const countryKey = (name: string) => name.trim().toLowerCase().replace(/ /g, '_');

/** The one ISO-3166 list shared by National groups and both verification dialogs. */
export const COUNTRIES: readonly Country[] = Object.entries(isoCountries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, numeric: Number(isoCountries.alpha2ToNumeric(code)), name, key: countryKey(name) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
