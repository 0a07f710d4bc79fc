import type { BackendModule, ReadCallback } from 'i18next';

// One small chunk per language and namespace, fetched when a screen first asks for it.
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });

/** i18next's backend interface over the build's own chunks: no server route, no fetch code. */
export const textBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${language} texts for namespace '${namespace}'`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};
