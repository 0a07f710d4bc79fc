import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '@civitas/service-kit/config';
import { startEmbeddedPostgres, type RunningDatabase } from '@civitas/service-kit/embedded-postgres';
import { createTemplateDatabase, type TemplateDatabase } from './template-database';

let embedded: RunningDatabase | undefined;
let template: TemplateDatabase | undefined;

/** Tests use DATABASE_URL when set (CI: the machine's server), else the same embedded PostgreSQL `npm start` uses. */
export async function setup(project: TestProject) {
  const config = loadConfig();
  if (config.DATABASE_URL) return provideDatabases(project, config.DATABASE_URL);
  // One cluster per vitest project: their global setups run side by side.
  const clusterDir = path.resolve(config.DATA_DIR, `test-postgres-${project.name}`);
  try {
    embedded = await startEmbeddedPostgres(clusterDir, 'postgres');
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    throw new Error(`The tests' embedded PostgreSQL (${clusterDir}) could not start: ${reason}. Or set DATABASE_URL to test against a running server.`, {
      cause: error,
    });
  }
  await provideDatabases(project, embedded.url);
}

async function provideDatabases(project: TestProject, adminUrl: string) {
  project.provide('adminDatabaseUrl', adminUrl);
  template = await createTemplateDatabase(adminUrl, project.name);
  project.provide('templateDatabase', template.name);
}

export async function teardown() {
  await template?.drop();
  await embedded?.stop();
}
