import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server tests create their databases on (set by global-setup.ts). */
    adminDatabaseUrl: string;
    /** A database with migrations and read models only, to copy (template-database.ts). */
    templateDatabase: string;
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Each test file gets a database of its own on the shared server: empty, or with `migrated` a copy
 * of the run's template (migrations and current read models, no events), which saves the second or
 * so a process takes to migrate and create the read schema.
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `civitas_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name, migrated ? inject('templateDatabase') : null);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A pool's end() resolves before its sockets are gone: a forced drop then cuts a connection that
      // is still closing, and its FATAL surfaces as an unhandled error. Let them go first (2 s at most).
      for (let waited = 0; waited < 2000; waited += 20) {
        const { rows } = await client.query<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** PostgreSQL refuses a copy while a session is still on the template (one ending a moment ago); it is soon gone. */
async function createDatabase(admin: pg.Client, name: string, template: string | null, attempt = 1): Promise<void> {
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    await createDatabase(admin, name, template, attempt + 1);
  }
}
