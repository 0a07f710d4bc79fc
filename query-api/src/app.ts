import { READ_SCHEMA } from '@civitas/projector';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import { groupsRoutes } from './groups/groups.routes';
import type { ProjectionWatcher } from './lib/projection-watcher';
import { registerReadYourWrites } from './lib/read-your-writes';

export interface QueryApiOptions {
  db: Kysely<any>;
  watcher: ProjectionWatcher;
}

/** GET routes over the read models; each declares the projections it reads. */
export const queryApi: CivitasPlugin<QueryApiOptions> = async (instance, { db, watcher }) => {
  const app = zodRoutes(instance);
  registerReadYourWrites(app, watcher);
  const readModels = db.withSchema(READ_SCHEMA);
  groupsRoutes(app, readModels);
};
