import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { decodeVaultKey } from './vault-key-text';

/** The vault's key-encryption key and where it came from (for error messages, never the key). */
export interface VaultKey {
  key: Buffer;
  source: string;
}

export const vaultKeyFile = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'vault.key');

/**
 * VAULT_KEY when set; else DATA_DIR/vault.key (0600), made on first use with the embedded
 * database. With DATABASE_URL the database outlives any one process's DATA_DIR and several
 * processes share it, so there the key is never made silently: it must be given.
 */
export function loadVaultKey(config: Pick<Config, 'VAULT_KEY' | 'DATA_DIR' | 'DATABASE_URL'>): VaultKey {
  if (config.VAULT_KEY) {
    const key = decodeVaultKey(config.VAULT_KEY);
    if (!key) throw new Error('VAULT_KEY must be 32 bytes: 64 hex characters or base64');
    return { key, source: 'VAULT_KEY' };
  }
  const file = vaultKeyFile(config);
  const existing = readKeyFile(file);
  if (existing) return { key: existing, source: file };
  if (config.DATABASE_URL) {
    throw new Error(
      `VAULT_KEY is not set: with DATABASE_URL every process must be given the same vault key (32 random bytes, e.g. \`openssl rand -base64 32\`), in VAULT_KEY or in ${file}`,
    );
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const key = randomBytes(32);
  // Complete before it appears (written aside, then linked), and never over a key made meanwhile.
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  const descriptor = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(descriptor, `${key.toString('base64url')}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Another process sharing this DATA_DIR made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { key: readKeyFile(file)!, source: file };
    throw error;
  } finally {
    unlinkSync(temporary);
  }
  return { key, source: file };
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = decodeVaultKey(text);
  if (!key) throw new Error(`${file} does not hold a vault key (32 bytes: 64 hex characters or base64)`);
  return key;
}
