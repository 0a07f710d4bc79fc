import type { Locator, Page } from 'playwright-core';

/** A page's landmark region by its exact name. */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Waits for a toast; on a timeout, says which toast showed instead (an error toast names the server's reason). */
export async function toastText(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  } catch (error) {
    const shown = await page
      .locator('[role="region"][aria-label^="Notifications"]')
      .textContent()
      .catch(() => null);
    throw new Error(`No toast '${text}'; the notifications say: ${shown ?? '(nothing)'}`, { cause: error });
  }
}

/** A ranking ballot's ranked rows. */
export const rankedRows = (ballot: Locator, list: string) => ballot.getByRole('list', { name: list }).getByRole('listitem');
/** A ranking ballot's rows as their accessible names ('Rank 1: …'). */
export const rowNames = async (ballot: Locator, list = 'Your ranking') =>
  Promise.all((await rankedRows(ballot, list).all()).map((row) => row.getAttribute('aria-label')));

/** A name inside Arabic text is isolated (U+2068 ... U+2069), docs/decisions.md, Bidirectional text. */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** A table as text: each row's header and cells. */
export const tableText = (table: Locator) =>
  table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '').filter((text) => text !== '')),
  );
