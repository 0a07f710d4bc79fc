import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_SCHEMA, readCheckpoints, schemaExists } from '@civitas/service-kit/read-models';
import { buildFreshReadModels, createReadSchema, projections, readModelDigest } from '../src/index';
import { eventually } from '../../test-support/eventually';
import { createProjectorFixture, groupCreated, type ProjectorFixture } from './fixture';
import { TEST_VAULT_KEY } from '../../test-support/test-vault-key';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOTAL_EVENTS = 30_000;
const EVENTS_PER_APPEND = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the projector killed with SIGKILL while it projects', () => {
  let fixture: ProjectorFixture;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    fixture = await createProjectorFixture();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await fixture.close();
  });

  const startProjector = () => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', 'projector/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: fixture.database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', VAULT_KEY: TEST_VAULT_KEY },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return process_;
  };
  const checkpoint = async () => ((await schemaExists(fixture.db, 'read_model')) ? (await readCheckpoints(fixture.db)).get('groups') : undefined);
  const killed = (process_: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (process_.exitCode !== null || process_.signalCode !== null) return resolve();
      process_.once('exit', () => resolve());
      process_.kill('SIGKILL');
    });

  it('resumes to read models equal to a from-scratch rebuild, its checkpoint at the last position', async () => {
    // As a first start on an empty store leaves it: live read models at position zero.
    await createReadSchema(fixture.db, READ_SCHEMA, projections);
    let head = '';
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let first = writer * EVENTS_PER_APPEND + 1; first <= TOTAL_EVENTS; first += 4 * EVENTS_PER_APPEND) {
        const events = Array.from({ length: EVENTS_PER_APPEND }, (_, index) => groupCreated(first + index));
        const { position } = await fixture.store.append(`bulk-${first}`, events, 'no_stream');
        if (position > head) head = position;
      }
    });
    await Promise.all(writers);

    const killedMidway: string[] = [];
    for (let attempt = 0; attempt < 8 && killedMidway.length < 5; attempt += 1) {
      const before = await checkpoint();
      child = startProjector();
      // Kill only once it is demonstrably projecting: the checkpoint has moved since the start.
      for (let tries = 0; tries < 1000 && (await checkpoint()) === before; tries += 1) await sleep(5);
      await sleep(Math.floor(Math.random() * 80));
      await killed(child);
      const reached = (await checkpoint())!;
      if (reached < head) killedMidway.push(reached);
    }
    expect(killedMidway.length).toBe(5);
    expect([...killedMidway].sort()).toEqual(killedMidway);

    child = startProjector();
    await eventually(checkpoint, (reached) => reached === head, 120_000);
    await killed(child);
    child = null;

    expect(await checkpoint()).toBe(head);
    const live = await readModelDigest(fixture.db);
    expect(live.groups).toMatch(new RegExp(`^${TOTAL_EVENTS}:`));
    const rebuilt = await buildFreshReadModels({ store: fixture.store, db: fixture.db, registry: fixture.registry, projections });
    expect(await readModelDigest(fixture.db, rebuilt.schema)).toEqual(live);
    await sql`drop schema ${sql.id(rebuilt.schema)} cascade`.execute(fixture.db);
  }, 240_000);
});
