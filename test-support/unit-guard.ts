import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * The unit tier's setup file (vitest.config.ts, project `unit`): a test under a package's src/ runs
 * with no database, no server and no process of its own, so that `npm run test:unit` stays fast and
 * needs nothing installed. Opening a connection (PostgreSQL, SMTP, HTTP), listening on a port or
 * starting a process fails here with a message saying where such a test goes. Restored after each
 * file: a worker of this project may run other projects' files after it.
 */
const REFUSED = "A unit test (a *.test.ts under a package's src/) may not";
const WHERE = "move it to the package's test/ folder (docs/architecture.md, Tests in tiers)";
const PROCESS_STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

const refuse = (what: string) => () => {
  throw new Error(`${REFUSED} ${what}: ${WHERE}`);
};

// Kept once a worker: were this file evaluated again while guarded, it would keep the refusals as originals.
const ORIGINALS = Symbol.for('civitas.unit-guard.originals');
const holder = globalThis as {
  [ORIGINALS]?: { connect: typeof net.Socket.prototype.connect; listen: typeof net.Server.prototype.listen; starters: Array<readonly [string, unknown]> };
};
const originals = (holder[ORIGINALS] ??= {
  connect: net.Socket.prototype.connect,
  listen: net.Server.prototype.listen,
  starters: PROCESS_STARTERS.map((name) => [name, childProcess[name]] as const),
});
const mutable = childProcess as unknown as Record<string, unknown>;

function guard() {
  net.Socket.prototype.connect = refuse('open a connection (a database, a mail or HTTP server)') as never;
  net.Server.prototype.listen = refuse('listen on a port') as never;
  for (const name of PROCESS_STARTERS) mutable[name] = refuse('start a process');
  // ESM imports of node:child_process read the module's named exports; this copies the change into them.
  syncBuiltinESMExports();
}

// At once (before the test file is imported) and again before its tests, should this file be evaluated once a worker.
guard();
beforeAll(guard);

afterAll(() => {
  net.Socket.prototype.connect = originals.connect;
  net.Server.prototype.listen = originals.listen;
  for (const [name, original] of originals.starters) mutable[name] = original;
  syncBuiltinESMExports();
});
