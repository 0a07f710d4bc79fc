import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_EMBEDDED_PASSWORD, REACH_AROUND_ROOT, clusterFiles, startEmbeddedPostgres } from '../src/embedded-postgres';

const runsAsRoot = process.getuid?.() === 0;
const made: string[] = [];

/** A data folder PostgreSQL's own user can enter (as root it runs as that user). */
function openDataDir(): string {
  const base = mkdtempSync(path.join(tmpdir(), 'civitas-embedded-'));
  made.push(base);
  chmodSync(base, 0o755);
  return path.join(base, 'data');
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function signInWith(url: string, password: string): Promise<string> {
  const client = new pg.Client({ connectionString: Object.assign(new URL(url), { password }).toString() });
  try {
    await client.connect();
    return 'signed in';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('initialises a cluster with a generated password in a 0600 file, refuses the fixed one, and keeps data across restarts', async () => {
    const clusterDir = path.join(openDataDir(), 'postgres');
    const files = clusterFiles(clusterDir);
    const first = await startEmbeddedPostgres(clusterDir, 'civitas');
    try {
      await query(first.url, "create table kept (value text); insert into kept values ('still here')");
      const password = readFileSync(files.password, 'utf8').trim();
      expect(statSync(files.password).mode & 0o777).toBe(0o600);
      expect(Buffer.from(password, 'base64url')).toHaveLength(32);
      expect(decodeURIComponent(new URL(first.url).password)).toBe(password);
      expect(await signInWith(first.url, LEGACY_EMBEDDED_PASSWORD)).toBe('28P01');
      // The one-use password initdb read from a shared temp file no longer signs in, and no file keeps it.
      expect(existsSync(files.initialPassword) || existsSync(files.nextPassword)).toBe(false);
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres(clusterDir, 'civitas');
    try {
      expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'still here' }]);
      expect(new URL(second.url).password).toBe(new URL(first.url).password);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('gives a cluster made with the fixed password a generated one at its next start', async () => {
    const clusterDir = path.join(openDataDir(), 'postgres');
    const files = clusterFiles(clusterDir);
    // A cluster as earlier versions left it: the superuser's password is 'postgres' and no file holds one.
    const made = await startEmbeddedPostgres(clusterDir, 'civitas');
    try {
      await query(made.url, "create table kept (value text); insert into kept values ('from before')");
      await query(made.url, `alter role postgres password '${LEGACY_EMBEDDED_PASSWORD}'`);
    } finally {
      await made.stop();
    }
    rmSync(files.password);
    // A start cut short before its new password reached the server left this behind: it must not be trusted.
    writeFileSync(files.nextPassword, 'never-applied\n', { mode: 0o600 });

    const migrated = await startEmbeddedPostgres(clusterDir, 'civitas');
    try {
      expect(await query(migrated.url, 'select value from kept')).toEqual([{ value: 'from before' }]);
      expect(await signInWith(migrated.url, LEGACY_EMBEDDED_PASSWORD)).toBe('28P01');
      expect(statSync(files.password).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(migrated.url).password)).toBe(readFileSync(files.password, 'utf8').trim());
      expect(existsSync(files.nextPassword)).toBe(false);
    } finally {
      await migrated.stop();
    }

    const again = await startEmbeddedPostgres(clusterDir, 'civitas');
    try {
      expect(new URL(again.url).password).toBe(new URL(migrated.url).password);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it.runIf(runsAsRoot)(
    'as root, keeps the cluster where PostgreSQL\u2019s user can reach it when DATA_DIR is closed to it, and finds it again',
    async () => {
      // A stand-in for /root: a folder only root may enter.
      const closed = mkdtempSync(path.join(tmpdir(), 'civitas-closed-'));
      made.push(closed);
      chmodSync(closed, 0o700);
      const dataDir = path.join(closed, 'data');
      const clusterDir = path.join(dataDir, 'postgres');
      const files = clusterFiles(clusterDir);

      const first = await startEmbeddedPostgres(clusterDir, 'civitas');
      const place = readFileSync(files.location, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('/'))!;
      made.push(path.dirname(place));
      try {
        await query(first.url, "create table kept (value text); insert into kept values ('reached around')");
      } finally {
        await first.stop();
      }
      expect(path.dirname(path.dirname(place))).toBe(REACH_AROUND_ROOT);
      expect(existsSync(path.join(place, 'PG_VERSION'))).toBe(true);
      expect(existsSync(clusterDir)).toBe(false);
      const placeStat = statSync(place);
      expect(placeStat.mode & 0o777).toBe(0o700);
      expect(placeStat.uid).not.toBe(0);
      // The user's folder is left as it was.
      expect(statSync(closed).mode & 0o777).toBe(0o700);

      const second = await startEmbeddedPostgres(clusterDir, 'civitas');
      try {
        expect(await query(second.url, 'select value from kept')).toEqual([{ value: 'reached around' }]);
      } finally {
        await second.stop();
      }

      // DATA_DIR removed to start afresh: a new cluster, the old one set aside rather than deleted.
      rmSync(dataDir, { recursive: true });
      const fresh = await startEmbeddedPostgres(clusterDir, 'civitas');
      try {
        expect(await query(fresh.url, "select to_regclass('kept') as kept")).toEqual([{ kept: null }]);
      } finally {
        await fresh.stop();
      }
      expect(readdirSync(path.dirname(place)).filter((name) => name.startsWith('postgres.set-aside-'))).toHaveLength(1);
    },
    180_000,
  );
});
