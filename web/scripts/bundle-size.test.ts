import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleReport, DASHBOARD_PAGE_MODULE, INITIAL_JS_BUDGET_BYTES, readManifest, staticClosure, type BundleReport, type Manifest } from './bundle-size.ts';
import { compressed } from './precompress-plugin.ts';

/** The dashboard's own ceiling: catches a heavy library (charts: +100 kB) sliding into it. */
const DASHBOARD_JS_BUDGET_BYTES = 350_000;

const webDir = dirname(dirname(fileURLToPath(import.meta.url)));
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

describe('staticClosure', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js'], dynamicImports: ['src/page.tsx'] },
    '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
    '_b.js': { file: 'assets/b.js', imports: ['_a.js'] },
    'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_a.js', '_c.js'] },
    '_c.js': { file: 'assets/c.js' },
  };

  it('follows static imports transitively, each file once, and never a dynamic import', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['assets/index.js', 'assets/a.js', 'assets/b.js']);
    expect(staticClosure(manifest, 'src/page.tsx')).toEqual(['assets/page.js', 'assets/a.js', 'assets/b.js', 'assets/c.js']);
  });

  it('refuses a chunk the manifest does not have', () => {
    expect(() => staticClosure(manifest, 'src/missing.tsx')).toThrow('The build manifest has no chunk src/missing.tsx');
  });
});

// The production build, into a folder of its own: web/dist may be serving browser journeys meanwhile.
describe('the web build against its budget (issue #17)', () => {
  let outDir: string;
  let buildOutput: string;
  let manifest: Manifest;
  let report: BundleReport;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'civitas-web-build-'));
    // NODE_ENV=test (vitest's) would make Vite build React's development bundle.
    const { NODE_ENV: _testEnv, ...env } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webDir,
      env: { ...env, NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    buildOutput = stdout;
    manifest = readManifest(outDir);
    report = bundleReport(outDir, manifest);
  }, 180_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('prints the sizes at the end of the build', () => {
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    expect(buildOutput).toContain(`landing page (/) initial JS: ${kB(report.initial.gzipBytes)} gzip`);
    expect(buildOutput).toContain(`member dashboard (/) total JS: ${kB(report.dashboard.gzipBytes)} gzip`);
  });

  it('measures exactly the scripts the landing page loads: its entry and modulepreloads', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const loaded = [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(1);
    expect([...loaded].sort()).toEqual([...report.initial.files].sort());
  });

  it('keeps the landing page within 250 kB of gzip JavaScript', () => {
    expect(report.initial.gzipBytes).toBeGreaterThan(50_000);
    expect(report.initial.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  it('loads no member page before it is visited', () => {
    const routePages = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/app/routes/'));
    expect(routePages.map(([key]) => key)).toContain(DASHBOARD_PAGE_MODULE);
    for (const [, chunk] of routePages) expect(report.initial.files).not.toContain(chunk.file);
  });

  it('loads the e-mail sign-in forms only when the visitor reaches for them', () => {
    const forms = manifest['src/features/identity/components/email-forms.ts'];
    expect(forms?.isDynamicEntry).toBe(true);
    expect(report.initial.files).not.toContain(forms?.file);
  });

  // The servers send these files as they are (service-kit/src/web-app.ts, deploy/gateway.conf): one
  // missing means a phone downloads that script uncompressed.
  // The styles are Emotion's, in the scripts; a stylesheet the build ever emits is checked too.
  it('writes brotli and gzip beside every script, stylesheet and the page, each decoding to the file', async () => {
    const files = [
      'index.html',
      ...readdirSync(join(outDir, 'assets'))
        .filter((name) => /\.(?:js|css)$/.test(name))
        .map((name) => `assets/${name}`),
    ];
    expect(files.length).toBeGreaterThan(report.all.files.length);
    for (const file of files) {
      const content = readFileSync(join(outDir, file));
      const variants = { br: brotliDecompressSync, gz: gunzipSync };
      for (const [extension, decode] of Object.entries(variants)) {
        const variant = join(outDir, `${file}.${extension}`);
        if (existsSync(variant)) {
          const bytes = readFileSync(variant);
          expect(bytes.length, `${file}.${extension}`).toBeLessThan(content.length);
          expect(decode(bytes).equals(content), `${file}.${extension}`).toBe(true);
        } else {
          // Left out only where it would not be smaller: a chunk of a few dozen bytes.
          const redone = (await compressed(content))[extension as keyof typeof variants];
          expect(redone.length, `${file}.${extension} is missing`).toBeGreaterThanOrEqual(content.length);
        }
      }
    }
  });

  it('keeps the dashboard, with the initial scripts, within its own ceiling', () => {
    expect(report.dashboard.files).toEqual(expect.arrayContaining(report.initial.files));
    expect(report.dashboard.gzipBytes).toBeGreaterThan(report.initial.gzipBytes);
    expect(report.dashboard.gzipBytes).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);
  });
});
