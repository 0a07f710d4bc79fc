import type common from './locales/en/common.json';
import type identity from './locales/en/identity.json';
import type pages from './locales/en/pages.json';

/**
 * Every namespace (one per feature: the file name under locales/<language>/), typed by its English
 * file. A new namespace adds its line here; tsc then checks every key a component asks for.
 */
export interface Resources {
  common: typeof common;
  identity: typeof identity;
  pages: typeof pages;
}

export type Namespace = keyof Resources;
