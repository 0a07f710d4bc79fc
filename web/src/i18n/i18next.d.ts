import 'i18next';
import type { Resources } from './resource-types';

// Keys are checked at compile time against the English texts: a typo or a missing key fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
