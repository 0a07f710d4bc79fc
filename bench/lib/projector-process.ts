import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { ProjectorService, projections } from '@civitas/projector';
import { createKysely } from '@civitas/service-kit';
import { openVault } from '@civitas/service-kit/personal-data';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/**
 * A projector in a process of its own, as production runs it (projector/src/server.ts): the bench's
 * appenders then share the machine with it, not their event loop. Started with the database URL and
 * the projections to run and the vault key (in its environment, as production passes it); answers
 * "ready" once caught up and following, and stops on SIGTERM.
 */
export interface ProjectorProcess {
  pid: number;
  stop(): Promise<void>;
}

const VAULT_KEY_VARIABLE = 'CIVITAS_BENCH_VAULT_KEY';

export async function startProjectorProcess(url: string, names: readonly string[], vaultKey: Buffer): Promise<ProjectorProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), url, ...names], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, [VAULT_KEY_VARIABLE]: vaultKey.toString('base64') },
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench's projector process exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('ready\n')) resolve();
    });
  });
  return {
    pid: child.pid!,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function runProjector(url: string, names: readonly string[]): Promise<void> {
  const db = createKysely(url, { applicationName: 'civitas-bench-projector' });
  await openVault(db, { key: Buffer.from(process.env[VAULT_KEY_VARIABLE] ?? '', 'base64'), source: 'the bench' });
  const store = new PostgresEventStore({ connectionString: url });
  const projector = new ProjectorService({
    connectionString: url,
    store,
    db,
    registry: createEventRegistry(),
    projections: projections.filter((projection) => names.includes(projection.name)),
  });
  await projector.start();
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await projector.stop();
      await store.close();
      await db.destroy();
      process.exit(0);
    })();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runProjector(process.argv[2]!, process.argv.slice(3));
