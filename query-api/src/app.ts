import { READ_SCHEMA } from '@civitas/projector';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import type { Kysely } from 'kysely';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { groupsRoutes } from './groups/groups.routes';
import { authUserRoutes } from './identity/auth-user.routes';
import { paymentRoutes } from './subscriptions/payments.routes';
import type { ProjectionWatcher } from './lib/projection-watcher';
import { registerReadYourWrites } from './lib/read-your-writes';

export interface QueryApiOptions {
  db: Kysely<any>;
  watcher: ProjectionWatcher;
  auth: SessionAuth;
  paymentProviders: ReadonlyArray<'moyasar' | 'sandbox'>;
}

/** GET routes over the read models; each declares the projections it reads. */
export const queryApi: CivitasPlugin<QueryApiOptions> = async (instance, { db, watcher, auth, paymentProviders }) => {
  const app = zodRoutes(instance);
  registerReadYourWrites(app, watcher);
  const readModels = db.withSchema(READ_SCHEMA);
  groupsRoutes(app, readModels);
  authUserRoutes(app, readModels, auth);
  paymentRoutes(app, readModels, auth, paymentProviders);
};
