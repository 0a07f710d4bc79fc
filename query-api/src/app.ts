import { READ_SCHEMA } from '@civitas/projector';
import type { CivitasApp } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import { groupsRoutes } from './groups/groups.routes';
import type { ProjectionWatcher } from './lib/projection-watcher';
import { registerReadYourWrites } from './lib/read-your-writes';

export interface QueryApiDependencies {
  db: Kysely<any>;
  watcher: ProjectionWatcher;
}

/** GET routes over the read models; each declares the projections it reads. */
export async function queryApi(app: CivitasApp, { db, watcher }: QueryApiDependencies): Promise<void> {
  registerReadYourWrites(app, watcher);
  const readModels = db.withSchema(READ_SCHEMA);
  groupsRoutes(app, readModels);
}
