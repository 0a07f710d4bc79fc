import type { Locale } from 'date-fns';
import type { StylisPlugin } from '@emotion/cache';
import type { Localization } from '@mui/material/locale';

/** What a language needs besides its texts; a non-English pack is a chunk of its own, fetched when chosen. */
export interface LanguagePack {
  dateLocale: Locale;
  /** Right-to-left languages: the stylis plugins that mirror every style (MUI's RTL guide). */
  stylisPlugins?: StylisPlugin[];
  /** MUI's own texts (pagination, autocomplete) in this language. */
  muiLocale?: Localization;
}
