import { randomBytes } from 'node:crypto';
import type { QueryExecutorProvider } from 'kysely';
import { openVault } from '@civitas/service-kit/personal-data';

/**
 * One vault key per test file, as all the processes of a deployment share one VAULT_KEY: a
 * server restarted on the same database in a test opens its vault again.
 */
export const TEST_VAULT_KEY = randomBytes(32).toString('base64');

/** For tests that seal and open personal data outside a server (projection specs). */
export const openTestVault = (db: QueryExecutorProvider) => openVault(db, { key: Buffer.from(TEST_VAULT_KEY, 'base64'), source: 'the tests\u2019 vault key' });
