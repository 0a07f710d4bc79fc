import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue #17: the JavaScript the landing page loads before it can run, gzip. */
export const INITIAL_JS_BUDGET_BYTES = 250_000;

/** The dashboard's own page module, as the manifest names it. */
export const DASHBOARD_PAGE_MODULE = 'src/app/routes/dashboard/dashboard-page.tsx';

const ENTRY = 'index.html';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json); only the fields read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files a chunk needs before it runs: itself and its static imports, transitively (what
 * Vite preloads for it). Dynamic imports load later, on demand, so they are not followed.
 */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`The build manifest has no chunk ${name}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

export interface ScriptSet {
  files: string[];
  /** Sum of each file's gzip size: what the browser downloads from a compressing server. */
  gzipBytes: number;
  rawBytes: number;
}

function measure(distDir: string, files: string[]): ScriptSet {
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const code = readFileSync(join(distDir, file));
    rawBytes += code.length;
    gzipBytes += gzipSync(code).length;
  }
  return { files, gzipBytes, rawBytes };
}

export interface BundleReport {
  /** The landing page (/): the entry chunk and its static imports. */
  initial: ScriptSet;
  /** A member's dashboard (/): the initial scripts plus the dashboard page and its imports. */
  dashboard: ScriptSet;
  /** Every script the build emitted, for scale. */
  all: ScriptSet;
}

export function bundleReport(distDir: string, manifest: Manifest = readManifest(distDir)): BundleReport {
  const initialFiles = staticClosure(manifest, ENTRY);
  const dashboardFiles = [...new Set([...initialFiles, ...staticClosure(manifest, DASHBOARD_PAGE_MODULE)])];
  const allFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  return {
    initial: measure(distDir, initialFiles),
    dashboard: measure(distDir, dashboardFiles),
    all: measure(distDir, allFiles),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatReport({ initial, dashboard, all }: BundleReport): string[] {
  const verdict = initial.gzipBytes <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
  return [
    `landing page (/) initial JS: ${kB(initial.gzipBytes)} gzip (${kB(initial.rawBytes)} raw, ${initial.files.length} files), ${verdict} the ${kB(INITIAL_JS_BUDGET_BYTES)} budget`,
    `member dashboard (/) total JS: ${kB(dashboard.gzipBytes)} gzip (${kB(dashboard.rawBytes)} raw, ${dashboard.files.length} files)`,
    `all JS emitted: ${kB(all.gzipBytes)} gzip in ${all.files.length} files`,
  ];
}
