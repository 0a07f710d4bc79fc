import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@civitas/events/identity/auth-user';
import { chooseLanguage, i18n } from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { forgetPosition } from '../lib/read-position';
import { removeToast } from '../lib/toast-store';
import { forgetEmotionStyles } from './emotion-styles';

// The suite shares two cores with the server tests and browser journeys: a busy machine must
// not turn a slow render into a failure, so lookups wait up to 5 s (a missing element still fails).
configure({ asyncUtilTimeout: 5000 });

// Tests answer GET /api/auth/user themselves (a member or 401), so the browser is taken as
// possibly signed in; a visitor's browser without the marker sends no such read at all.
beforeEach(() => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
});

// Components render in English (the texts of docs/product.md), synchronously: i18n is initialised on import,
// and every English namespace is here at once (the app fetches most with their screens), so no
// component waits for its texts. A test that switches to Arabic is undone after it.
const englishTexts = import.meta.glob<Record<string, unknown>>('../i18n/locales/en/*.json', { eager: true, import: 'default' });
for (const [path, texts] of Object.entries(englishTexts)) {
  i18n.addResourceBundle('en', path.slice(path.lastIndexOf('/') + 1, -'.json'.length), texts, true, true);
}

afterEach(async () => {
  if (i18n.language !== 'en') await chooseLanguage('en');
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetPosition();
  removeToast();
  // Ways back after sign-in and carried positions live in session storage.
  sessionStorage.clear();
  forgetEmotionStyles();
});
