import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules issue #17 holds every page to. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let axeSource: Promise<string> | undefined;
const loadAxeSource = () => (axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** One line per failing element, so a failed journey says what to fix without opening a report. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
        return `- [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} at ${node.target.join(' ')}\n    ${node.html.slice(0, 200)}\n    ${why}`;
      }),
    )
    .join('\n');
}

/**
 * Runs axe-core on what `page` shows now and throws a readable list of every WCAG A/AA
 * violation. `label` names the page in the message. The source goes in through
 * page.evaluate, which the app's Content Security Policy (no inline scripts) does not
 * block, where a script tag would be.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Contrast is read from computed colours: a fade or slide still running would be measured half-way.
  // Endless ones (a focus ripple's pulse, spinners) never finish, and a stuck one must not hang the journey.
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const source = await loadAxeSource();
  await page.evaluate(`if (!window.axe) { ${source} }`);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_AA_TAGS,
  );
  if (results.violations.length > 0) {
    throw new Error(`axe found ${results.violations.length} WCAG 2.2 AA violation(s) on ${label} (${page.url()}):\n${describeViolations(results.violations)}`);
  }
}
