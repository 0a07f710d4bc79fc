import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@civitas/service-kit';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { startBenchPlatform } from './lib/bench-platform';
import type { BenchConfig } from './lib/config';
import type { BenchDatabase } from './lib/database';
import { busyCores } from './lib/machine';
import { now } from './lib/measure';
import { emit, progress, round } from './lib/report';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test-support/chromium';
import { registerMember, verifyCitizen } from '../test-support/members';

/** Issue #32, item 8: what a phone should score. */
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 100;
const WEB_DIR = path.resolve(import.meta.dirname, '../web');

/** The figures of one Lighthouse run that the bench reports. */
interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  totalBytes: number;
  requests: number;
  /** Scripts: bytes on the wire against their size decoded (compression at work when the first is far smaller). */
  scriptTransferBytes: number;
  scriptResourceBytes: number;
  /** The opportunities Lighthouse names, worst first (for stderr: where the time goes). */
  opportunities: string[];
  /** Failed accessibility audits, by id. */
  accessibilityFailures: string[];
  /** What Lighthouse would have compressed: path and bytes it would save. */
  uncompressed: string[];
  /** Where the main thread's time went (Lighthouse's groups, longest first), and the scripts that took it. */
  mainThread: string[];
  scriptsByCpu: string[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
}

interface Side {
  name: string;
  /** Request headers Lighthouse sets on every request of the run. */
  extraHeaders: Record<string, string> | null;
}

/** The platform's side, and the baseline: the same pages, the browser asking for no compression. */
const SIDES: readonly Side[] = [
  { name: 'as served', extraHeaders: null },
  { name: 'uncompressed', extraHeaders: { 'Accept-Encoding': 'identity' } },
];

/**
 * The web app built as `npm start` builds it (vite build, which writes the .br and .gz files),
 * into a folder of its own: web/dist may be serving browser journeys meanwhile.
 */
async function buildWebApp(outDir: string): Promise<void> {
  const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // NODE_ENV=test or development would build React's development bundle.
  const { NODE_ENV: _nodeEnv, ...env } = process.env;
  await promisify(execFile)(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: WEB_DIR,
    env: { ...env, NO_COLOR: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (!existsSync(path.join(outDir, 'index.html.br'))) throw new Error(`lighthouse: the web build in ${outDir} wrote no .br files`);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const numeric = (lhr: Lhr, audit: string): number => {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number')
    throw new Error(`lighthouse: no ${audit} figure (${lhr.audits[audit]?.errorMessage ?? lhr.runtimeError?.message ?? 'missing'})`);
  return value;
};

function figuresOf(lhr: Lhr): PageFigures {
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    if (typeof value !== 'number') throw new Error(`lighthouse: no ${category} score`);
    return Math.round(value * 100);
  };
  const details = lhr.audits['network-requests']?.details as
    { items?: Array<{ resourceType?: string; transferSize?: number; resourceSize?: number }> } | undefined;
  const requests = details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => ({ id: audit.id, ms: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0, text: audit.displayValue ?? '' }))
    .sort((a, b) => b.ms - a.ms)
    .map((audit) => `${audit.id} (${round(audit.ms)} ms${audit.text ? `, ${audit.text}` : ''})`);
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const compressible = lhr.audits['uses-text-compression']?.details as { items?: Array<{ url?: string; wastedBytes?: number }> } | undefined;
  const uncompressed = (compressible?.items ?? []).map((item) => `${new URL(item.url ?? '', 'http://x').pathname} (${kB(item.wastedBytes ?? 0)})`);
  type TableItems = { items?: Array<Record<string, unknown>> } | undefined;
  const breakdown = (lhr.audits['mainthread-work-breakdown']?.details as TableItems)?.items ?? [];
  const mainThread = breakdown
    .map((item) => ({ label: String(item.groupLabel ?? item.group), ms: Number(item.duration ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((item) => `${item.label} ${round(item.ms)} ms`);
  const bootup = (lhr.audits['bootup-time']?.details as TableItems)?.items ?? [];
  const scriptsByCpu = bootup.slice(0, 4).map((item) => `${new URL(String(item.url ?? ''), 'http://x').pathname} ${round(Number(item.scripting ?? 0))} ms`);
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items;
  const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? 'not named';
  return {
    mainThread,
    scriptsByCpu,
    lcpElement,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    requests: requests.length,
    scriptTransferBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    scriptResourceBytes: scripts.reduce((sum, request) => sum + (request.resourceSize ?? 0), 0),
    opportunities,
    accessibilityFailures,
    uncompressed,
  };
}

/** The run whose performance score is the median (Lighthouse's own advice: the median of several runs). */
function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * One Lighthouse navigation with its defaults: a mobile phone (Moto G Power's screen), simulated
 * slow 4G and a 4× slower CPU, the HTTP cache and the origin's storage cleared first (a cold
 * cache; cookies stay, so a signed-in member stays signed in).
 */
async function audit(url: string, port: number, side: Side): Promise<PageFigures> {
  // On a loaded machine a trace now and then comes back unusable (NO_NAVSTART, NO_FCP): Lighthouse's
  // own advice is to run again; a page that fails three times in a row fails the bench.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: side.extraHeaders,
    });
    if (!result) throw new Error(`lighthouse: no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return figuresOf(result.lhr);
    if (attempt === 3) throw new Error(`lighthouse: ${error.code}: ${error.message}`);
    progress(`lighthouse: ${error.code} on ${url} (${side.name}), running it again`);
  }
}

function emitPage(page: string, figures: PageFigures, baseline: PageFigures, runs: number): void {
  const about = `lighthouse ${lighthouseVersion()} mobile (default emulation and throttling, cold cache, median of ${runs} by performance), ${page}`;
  const vs = '(baseline: the same page with the browser asking for no compression, Accept-Encoding: identity)';
  emit({
    figure: `${about}: performance score ${vs}`,
    value: figures.performance,
    unit: 'score',
    baseline: baseline.performance,
    target: `>= ${TARGET_PERFORMANCE}`,
    meets: figures.performance >= TARGET_PERFORMANCE,
  });
  emit({
    figure: `${about}: accessibility score ${vs}`,
    value: figures.accessibility,
    unit: 'score',
    baseline: baseline.accessibility,
    target: `${TARGET_ACCESSIBILITY}`,
    meets: figures.accessibility >= TARGET_ACCESSIBILITY,
  });
  emit({ figure: `${about}: largest contentful paint ${vs}`, value: figures.lcpMs, unit: 'ms', baseline: baseline.lcpMs, target: 'reported', meets: true });
  emit({
    figure: `${about}: total bytes transferred ${vs}`,
    value: figures.totalBytes,
    unit: 'bytes',
    baseline: baseline.totalBytes,
    target: 'reported',
    meets: true,
  });
  emit({ figure: `${about}: requests ${vs}`, value: figures.requests, unit: 'requests', baseline: baseline.requests, target: 'reported', meets: true });
}

let version: string | null = null;
function lighthouseVersion(): string {
  version ??= (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
  return version;
}

/**
 * Issue #32, item 8: Lighthouse's mobile audit of the landing page (signed out) and of a member's
 * dashboard (signed in), on the platform as `npm start` runs it, in Debian's Chromium. A figure,
 * not a gate. Each page is audited BENCH_LIGHTHOUSE_RUNS times per side, the sides alternating.
 */
export async function benchLighthouse(parent: BenchDatabase, config: BenchConfig): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`lighthouse: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  const scratch = await mkdtemp(path.join(tmpdir(), 'civitas-bench-lighthouse-'));
  let context: BrowserContext | null = null;
  let bench: Awaited<ReturnType<typeof startBenchPlatform>> | null = null;
  try {
    const started = now();
    const webRoot = path.join(scratch, 'dist');
    await buildWebApp(webRoot);
    progress(`lighthouse: web app built in ${((now() - started) / 1000).toFixed(1)} s`);
    bench = await startBenchPlatform(parent, 'lighthouse', 2, { webRoot });
    const baseUrl = bench.platform.url;
    // A member as the dashboard shows one: registered and a verified citizen, so in a national group.
    const member = await registerMember(baseUrl, { email: `bench.lighthouse.${randomBytes(4).toString('hex')}@example.org` });
    await verifyCitizen(member.client, 'Saudi Arabia', `LH${randomBytes(4).toString('hex')}`);

    // Lighthouse drives the browser through its DevTools port; Playwright starts it and sets the cookies.
    const port = await freePort();
    context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    });
    const pages: Array<{ page: string; url: string; signedIn: boolean }> = [
      { page: 'landing page (/, signed out)', url: `${baseUrl}/`, signedIn: false },
      { page: "member dashboard (/, signed in: a registered member's session cookie)", url: `${baseUrl}/`, signedIn: true },
    ];
    for (const { page, url, signedIn } of pages) {
      if (signedIn) await context.addCookies([...member.client.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
      const runs = new Map<string, PageFigures[]>(SIDES.map((side) => [side.name, []]));
      for (let run = 0; run < config.lighthouseRuns; run += 1) {
        // A B B A …: a drift in the machine's load falls on both sides alike.
        const order = run % 2 === 0 ? SIDES : [...SIDES].reverse();
        for (const side of order) {
          const busy = await busyCores(500);
          const figures = await audit(url, port, side);
          runs.get(side.name)!.push(figures);
          progress(
            `lighthouse: ${page}, ${side.name}, run ${run + 1}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
              `FCP ${round(figures.fcpMs)} ms, LCP ${round(figures.lcpMs)} ms, TBT ${round(figures.tbtMs)} ms, ${kB(figures.totalBytes)} in ${figures.requests} requests ` +
              `(scripts ${kB(figures.scriptTransferBytes)} on the wire, ${kB(figures.scriptResourceBytes)} decoded); machine busy ${busy.toFixed(2)} cores before`,
          );
        }
      }
      const served = medianRun(runs.get(SIDES[0]!.name)!);
      const baseline = medianRun(runs.get(SIDES[1]!.name)!);
      // The browser's request for no compression must have taken effect, or the baseline is the same page.
      if (baseline.scriptTransferBytes < baseline.scriptResourceBytes * 0.9)
        progress(`lighthouse: the baseline's scripts came compressed: it is not a baseline`);
      if (served.scriptTransferBytes > served.scriptResourceBytes * 0.5) progress(`lighthouse: the scripts came uncompressed as served`);
      progress(`lighthouse: ${page}: opportunities ${served.opportunities.join('; ') || 'none'}`);
      progress(`lighthouse: ${page}: sent uncompressed ${served.uncompressed.join(', ') || 'nothing'}`);
      progress(`lighthouse: ${page}: main thread ${served.mainThread.join(', ')}; scripts by CPU ${served.scriptsByCpu.join(', ')}`);
      progress(`lighthouse: ${page}: largest contentful paint ${served.lcpElement}`);
      progress(`lighthouse: ${page}: failed accessibility audits ${served.accessibilityFailures.join(', ') || 'none'}`);
      emitPage(page, served, baseline, config.lighthouseRuns);
    }
  } finally {
    await context?.close().catch(() => undefined);
    await bench?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
