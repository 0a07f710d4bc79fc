import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterFiles, freePort } from '@civitas/service-kit';

const ROOT = path.resolve(import.meta.dirname, '..');
const made: string[] = [];

/**
 * `npm run start:app` is what `npm start` execs into once the web app is built: npm runs the
 * script through sh, which execs node, so npm's own pid is the one a process manager signals.
 */
function npmStart(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  // The embedded path: whatever the test run itself uses, this start makes its own database.
  delete childEnv.DATABASE_URL;
  if (!env.VAULT_KEY) delete childEnv.VAULT_KEY;
  const child = spawn('npm', ['run', 'start:app'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function healthy(url: string, exited: Promise<unknown>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let attempt = 0; attempt < 240 && !gone; attempt += 1) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Standard error without npm's own report of a script that failed (`npm error ...`, `npm warn ...`). */
const ownLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() !== '' && !/^npm (error|warn|ERR!)/.test(line));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const clusterPlace = (pointer: string) =>
  readFileSync(pointer, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('/'))!;

/** The embedded server's pid, from its cluster (wherever the cluster lives). */
function postmasterPid(dataDir: string): number | null {
  const files = clusterFiles(path.join(dataDir, 'postgres'));
  const location = existsSync(files.location) ? clusterPlace(files.location) : path.join(dataDir, 'postgres');
  const pidFile = path.join(location, 'postmaster.pid');
  return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
}

const childrenOf = (pid: number) =>
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

afterAll(() => {
  for (const folder of made) {
    // The cluster a closed DATA_DIR sent elsewhere goes with it.
    const pointer = path.join(folder, 'data', 'postgres-location');
    if (existsSync(pointer)) rmSync(path.dirname(clusterPlace(pointer)), { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  it('stops everything it started, the embedded PostgreSQL too, on SIGTERM to npm\u2019s own pid; a failed start is one plain line', async () => {
    // A folder only its owner may enter, like /root: as root, PostgreSQL's own user cannot.
    const base = mkdtempSync(path.join(tmpdir(), 'civitas-start-'));
    chmodSync(base, 0o700);
    made.unshift(base);
    const dataDir = path.join(base, 'data');
    const port = await freePort();
    const started = npmStart({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await healthy(`http://127.0.0.1:${port}/healthz`, started.exited), started.stdout() + started.stderr()).toBe(true);

    const app = childrenOf(started.child.pid!);
    const postgres = postmasterPid(dataDir);
    expect(app).toHaveLength(1);
    expect(postgres).not.toBeNull();
    started.child.kill('SIGTERM');
    expect(await started.exited, started.stdout() + started.stderr()).toBe(0);
    expect(isRunning(app[0]!)).toBe(false);
    expect(isRunning(postgres!)).toBe(false);
    expect(started.stdout()).toContain('"msg":"stopping"');
    expect(started.stdout()).not.toContain('unclean stop');

    // Another vault key on the same data: refused in one line, and nothing left running.
    const refused = npmStart({ DATA_DIR: dataDir, PORT: String(await freePort()), VAULT_KEY: 'ab'.repeat(32) });
    expect(await refused.exited).toBe(1);
    expect(ownLines(refused.stderr())).toEqual([
      "Civitas could not start: the vault key from VAULT_KEY is not the key this database's vault was made with; start with that key (new keys now would leave every member's sealed data unreadable)",
    ]);
    expect(refused.stdout() + refused.stderr()).not.toMatch(/^\s+at |"level":60/m);
    expect(postmasterPid(dataDir)).toBeNull();

    const misconfigured = npmStart({ DATA_DIR: dataDir, PORT: 'not a port' });
    expect(await misconfigured.exited).toBe(1);
    expect(ownLines(misconfigured.stderr())).toEqual([expect.stringMatching(/^Civitas could not start: Invalid configuration: PORT: /)]);
    expect(misconfigured.stdout() + misconfigured.stderr()).not.toMatch(/^\s+at /m);
  }, 240_000);
});
