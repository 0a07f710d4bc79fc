import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { bundleReport, formatReport } from './bundle-size.ts';

/** Prints the landing page's and the dashboard's JavaScript (gzip) after every build. */
export function bundleSizeReport(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'civitas-bundle-size',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const lines = formatReport(bundleReport(resolve(config.root, config.build.outDir)));
      config.logger.info(['', 'bundle sizes (issue #17 budget):', ...lines.map((line) => `  ${line}`)].join('\n'));
    },
  };
}
