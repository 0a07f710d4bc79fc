import common from './locales/en/common.json';
import identity from './locales/en/identity.json';
import pages from './locales/en/pages.json';

/**
 * The English texts the first page needs (shell, landing and sign-in, 404) ship with the app: the
 * texts of docs/product.md, exactly. Every other namespace, and every language's other texts, arrive with the
 * screen that uses them (text-backend.ts), so translations do not grow the landing page's JavaScript.
 */
export const bundledEnglish = { common, identity, pages };
export const BUNDLED_NAMESPACES = Object.keys(bundledEnglish) as (keyof typeof bundledEnglish)[];
