import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { ProjectorService, projections } from '@civitas/projector';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';

export interface TemplateDatabase {
  name: string;
  drop(): Promise<void>;
}

/**
 * A database with the platform's migrations and current read models and nothing else (no events,
 * no vault), made once a test run (global-setup.ts): a test database copied from it starts in
 * milliseconds where migrating and creating the read schema took over a second a file.
 */
export async function createTemplateDatabase(adminUrl: string, projectName: string): Promise<TemplateDatabase> {
  const name = `civitas_template_${projectName.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createKysely(url.toString(), { max: 2 });
  const store = new PostgresEventStore({ connectionString: url.toString(), poolSize: 1 });
  const projector = new ProjectorService({ connectionString: url.toString(), store, db, registry: createEventRegistry(), projections });
  try {
    await migrateToLatest(db, platformMigrations);
    await projector.start();
  } finally {
    await projector.stop();
    await store.close();
    await db.destroy();
  }
  // Nobody connects to it again: a copy is refused while anyone is connected to its template.
  await onServer(adminUrl, `alter database ${name} with is_template true allow_connections false`);
  return {
    name,
    drop: async () => {
      await onServer(adminUrl, `alter database ${name} with is_template false`);
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
