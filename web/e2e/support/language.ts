import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';

/** `<html dir lang>`: what the interface language sets on the document. */
export const documentLanguage = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

const DOCUMENT_LANGUAGE = { ar: { dir: 'rtl', lang: 'ar' }, en: { dir: 'ltr', lang: 'en' } } as const;

/** The document is in `language`, and runs in its direction (Arabic right to left, English left to right). */
export async function expectDocumentIn(page: Page, language: keyof typeof DOCUMENT_LANGUAGE): Promise<void> {
  const wanted = DOCUMENT_LANGUAGE[language];
  // Right after a navigation the app may not have run yet (a busy machine, CI of 596d6c3): give it the time a locator would get.
  await page
    .waitForFunction((want) => document.documentElement.dir === want.dir && document.documentElement.lang === want.lang, wanted, { timeout: 10_000 })
    .catch(() => undefined);
  expect(await documentLanguage(page)).toEqual(wanted);
}

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

/** A journey's screenshots, kept for the record in a folder under the temp folder. */
export interface ScreenshotFolder {
  /** Writes the whole page as `name`.png. */
  take(page: Page, name: string): Promise<void>;
}

/** Call at the top of a journey file: the folder is made before its tests run. */
export function screenshotFolder(folderName: string): ScreenshotFolder {
  const folder = join(tmpdir(), folderName);
  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
  });
  return {
    async take(page, name) {
      const shot = await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
      // A capture of a few hundred bytes is a blank page, not the page the journey checked.
      expect(shot.byteLength).toBeGreaterThan(1000);
    },
  };
}

export interface ArabicPageChecks {
  /** The English texts of this page, none of which may show in Arabic. */
  englishAbsent?: readonly string[];
  /** Names the page in an axe failure; left out, axe does not run (the journey runs it on this state elsewhere, or not at all). */
  axe?: string;
}

/** The page in Arabic: right to left, without its English texts, recorded as `name`.png, and without WCAG violations when `axe` names it. */
export async function expectArabicPage(page: Page, screenshots: ScreenshotFolder, name: string, checks: ArabicPageChecks = {}): Promise<void> {
  await expectDocumentIn(page, 'ar');
  if (checks.englishAbsent) await expectTextsAbsent(page, checks.englishAbsent);
  await screenshots.take(page, name);
  if (checks.axe) await expectNoAxeViolations(page, checks.axe);
}

/** The page back in English: left to right, with its `englishPresent` texts showing. */
export async function expectEnglishPage(page: Page, englishPresent: readonly string[] = []): Promise<void> {
  await expectDocumentIn(page, 'en');
  await expectTextsPresent(page, englishPresent);
}

/** A member's header language button; the main navigation's name in Arabic says the interface has switched (a visitor's header has no main navigation). */
export async function switchToArabic(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'العربية' }).click();
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor();
}

/** A member's header language button back; the main navigation's name in English says the interface has switched. */
export async function switchToEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}
