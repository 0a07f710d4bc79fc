import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** `<html dir lang>`: what the interface language sets on the document. */
export const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

/** The page's text as written (innerText would give buttons' upper-cased rendering). */
export const pageText = (page: Page) => page.evaluate(() => document.body.textContent ?? '');

/** None of `texts` shows on the page (each one found is listed in the failure). */
export async function expectTextsAbsent(page: Page, texts: readonly string[]): Promise<void> {
  const shown = await pageText(page);
  expect(texts.filter((text) => shown.includes(text))).toEqual([]);
}

/** Every one of `texts` shows on the page (each one missing is listed in the failure). */
export async function expectTextsPresent(page: Page, texts: readonly string[]): Promise<void> {
  const shown = await pageText(page);
  expect(texts.filter((text) => !shown.includes(text))).toEqual([]);
}
