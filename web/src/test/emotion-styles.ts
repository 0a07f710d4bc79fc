import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';
import { languageStyleCaches } from '../app/language-styles';

/** Emotion's own cache, the one components rendered outside the app's LanguageStyles write to. */
function defaultEmotionCache(): EmotionCache {
  let found: EmotionCache | undefined;
  renderToStaticMarkup(
    createElement(
      withEmotionCache((_props: object, cache: EmotionCache) => {
        found = cache;
        return null;
      }),
    ),
  );
  if (!found) throw new Error('emotion gave no default cache');
  return found;
}

const emotionDefault = defaultEmotionCache();

/**
 * Removes every style emotion inserted and makes it insert them again when next rendered.
 * jsdom matches every rule of every sheet for each element whose style it computes (each role
 * query checks visibility), and the files of a worker share one document: without this, a
 * worker's later tests ran against the union of all earlier tests' rules (about 4,300 against
 * 1,000 for the whole app), and the component tests took a third longer.
 */
export function forgetEmotionStyles(): void {
  for (const cache of [emotionDefault, ...languageStyleCaches()]) {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  }
}
