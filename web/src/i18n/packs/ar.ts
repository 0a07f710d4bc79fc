import { ar } from 'date-fns/locale/ar';
import { prefixer } from 'stylis';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { arSA } from '@mui/material/locale';
import type { LanguagePack } from '../language-pack';

/** Arabic: date-fns's Arabic months and days, MUI's Arabic component texts, mirrored styles (texts: locales/ar). */
export const arabicPack: LanguagePack = {
  dateLocale: ar,
  stylisPlugins: [prefixer, rtlPlugin],
  muiLocale: arSA,
};
