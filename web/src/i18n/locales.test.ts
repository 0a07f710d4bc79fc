import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES } from './bundled-texts';

// Every file under locales/, as the build sees them.
const locales = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text's key path ('panel.heading'), plural forms folded into their base key. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key.replace(PLURAL_SUFFIX, '')}`],
  );
}

const read = (language: string, file: string) => locales[`./locales/${language}/${file}`]!;
const files = (language: string) =>
  Object.keys(locales)
    .filter((path) => path.startsWith(`./locales/${language}/`))
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .sort();

describe('translations', () => {
  it('has an Arabic file for every English namespace, the bundled ones included', () => {
    expect(files('ar')).toEqual(files('en'));
    expect(files('en')).toEqual(expect.arrayContaining(BUNDLED_NAMESPACES.map((namespace) => `${namespace}.json`)));
  });

  it.each(files('en'))('%s: Arabic has exactly the English keys', (file) => {
    expect([...new Set(keysOf(read('ar', file)))].sort()).toEqual([...new Set(keysOf(read('en', file)))].sort());
  });

  it.each(files('ar'))('%s: every Arabic text is written (no empty values)', (file) => {
    const empty: string[] = [];
    const walk = (texts: Record<string, unknown>, path: string) => {
      for (const [key, value] of Object.entries(texts)) {
        if (typeof value === 'string' && value.trim() === '') empty.push(`${path}${key}`);
        else if (typeof value === 'object' && value !== null) walk(value as Record<string, unknown>, `${path}${key}.`);
      }
    };
    walk(read('ar', file), '');
    expect(empty).toEqual([]);
  });
});
