import type { ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { currentPack, directionOf, useLanguage, type Language } from '../i18n';
import { theme as englishTheme, themeOptions } from './theme';

// One emotion cache and one theme per language, built once: switching back and forth re-uses them.
const caches = new Map<Language, EmotionCache>();
const themes = new Map<Language, Theme>([['en', englishTheme]]);

function cacheFor(language: Language): EmotionCache {
  let cache = caches.get(language);
  if (!cache) {
    const { stylisPlugins } = currentPack();
    // A right-to-left language mirrors every style (margins, paddings, positions) through its
    // plugins; the key keeps the two sets of class names apart.
    cache = stylisPlugins ? createCache({ key: `css-${language}`, stylisPlugins }) : createCache({ key: 'css' });
    caches.set(language, cache);
  }
  return cache;
}

/** The caches made so far (the component tests empty them between tests). */
export function languageStyleCaches(): EmotionCache[] {
  return [...caches.values()];
}

function themeFor(language: Language): Theme {
  let theme = themes.get(language);
  if (!theme) {
    const { muiLocale } = currentPack();
    theme = createTheme({ ...themeOptions, direction: directionOf(language) }, muiLocale ?? {});
    themes.set(language, theme);
  }
  return theme;
}

/**
 * MUI's right-to-left support (its RTL guide): the theme's direction, and an emotion cache whose
 * stylis plugins flip the styles. `<html dir lang>` is set by the i18n module on every change.
 */
export function LanguageStyles({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <CacheProvider value={cacheFor(language)}>
      <ThemeProvider theme={themeFor(language)}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
