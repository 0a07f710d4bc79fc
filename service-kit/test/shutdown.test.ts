import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openServiceRuntime } from '../src/service-runtime';

const SHUTDOWN_MODULE = path.resolve(import.meta.dirname, '../src/shutdown.ts');

/** A real process that stops slowly, as a service does while it closes its database. */
function startSlowStopper() {
  const source = `
    import { stopOnSignals } from ${JSON.stringify(SHUTDOWN_MODULE)};
    const log = { info() {}, warn() {}, error() {} };
    stopOnSignals(async () => { await new Promise((r) => setTimeout(r, 800)); console.log('stopped cleanly'); }, log);
    setInterval(() => undefined, 1000);
    console.log('ready');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

describe('stopping on signals', () => {
  it('finishes its orderly stop when the request arrives twice (terminal group and relays)', async () => {
    const stopper = startSlowStopper();
    await stopper.ready;
    stopper.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopper.child.kill('SIGINT');
    expect(await stopper.exited).toBe(0);
    expect(stopper.output()).toContain('stopped cleanly');
  }, 30_000);

  it('stops the embedded PostgreSQL even when a part before it fails to stop', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civitas-runtime-'));
    // Open to PostgreSQL's own user (it runs as one under root), so the cluster stays in this temp folder.
    chmodSync(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const runtime = await openServiceRuntime('civitas-runtime-test', { migrate: false, config, log: createLogger('silent') });
    let laterPartStopped = false;
    runtime.onStop(() => void (laterPartStopped = true));
    runtime.onStop(() => {
      throw new Error('part could not stop');
    });

    await expect(runtime.close()).rejects.toThrow('unclean stop');
    expect(laterPartStopped).toBe(true);
    const client = new pg.Client({ connectionString: runtime.databaseUrl, connectionTimeoutMillis: 2000 });
    await expect(client.connect()).rejects.toThrow();
  }, 60_000);
});
