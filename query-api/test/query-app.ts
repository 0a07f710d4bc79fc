import { randomUUID } from 'node:crypto';
import { LEAF_FORMAT, PostgresEventStore, createEventRegistry, type Position } from '@civitas/events';
import { ProjectorService, projections } from '@civitas/projector';
import { readCheckpoints } from '@civitas/service-kit/read-models';
import {
  createHttpApp,
  createKysely,
  createSessionAuth,
  loadConfig,
  migrateToLatest,
  platformMigrations,
  type CivitasApp,
  type SessionAuth,
} from '@civitas/service-kit';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { eventually } from '../../test-support/eventually';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { openTestVault } from '../../test-support/test-vault-key';
import { memberJoined, personalGroupCreated, userRegistered, type StreamEvent } from '../../projector/test/spec-events';
import { queryApi } from '../src/app';
import { POSITION_HEADER } from '@civitas/events';
import { ProjectionWatcher } from '../src/lib/projection-watcher';
import { recordReadModelReads } from './read-model-reads';

/** The clock the query side reads in these tests: topics expiring before it are over, invitations expired. */
export const NOW = new Date('2026-03-10T12:00:00.000Z');

export interface Member {
  id: string;
  firstName: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
  groups: { family: number; friends: number; business: number };
}

export interface GetOptions {
  /** Sent signed in as this member (or with this session's cookie). */
  as?: Pick<Member, 'cookie'>;
  /** X-Civitas-Position. */
  position?: string;
}

/**
 * query-api on its own, over read models the real projector fills from a real event store:
 * tests record events, then read through `app.inject` as a visitor or a signed-in member.
 */
export interface QueryApp {
  app: CivitasApp;
  db: Kysely<any>;
  /** The connection string of this app's own database (for a command a test spawns against it). */
  databaseUrl: string;
  auth: SessionAuth;
  vault: PersonalDataVault;
  /** Every route query-api registered, with its config (the route-policies test reads their access). */
  routes: RouteOptions[];
  /** Appends events (checked by the registry) without waiting for the projector; their last position. */
  append(...events: Array<StreamEvent & { time?: string }>): Promise<Position>;
  /** The event store the app reads (a test that runs the command side's closing count reads it too). */
  store: PostgresEventStore;
  /** Appends events and waits until every projection has them; their last position. */
  record(...events: Array<StreamEvent & { time?: string }>): Promise<Position>;
  /** A registered member with their three personal groups, signed in. */
  member(firstName?: string | null): Promise<Member>;
  /** A session for an account (whether or not its events exist). */
  signIn(userId: string): Promise<string>;
  get(url: string, options?: GetOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startQueryApp(): Promise<QueryApp> {
  const database: TestDatabase = await createTestDatabase();
  const db = createKysely(database.url, { max: 5 });
  await migrateToLatest(db, platformMigrations);
  // The vault's key, as every process opens it at start: the projector opens sealed names with it.
  await openTestVault(db);
  const registry = createEventRegistry();
  const store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
  const projector = new ProjectorService({ connectionString: database.url, store, db, registry, projections });
  await projector.start();
  const watcher = new ProjectionWatcher(database.url, db, 100);
  await watcher.start();
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const auth = createSessionAuth(db, config);
  const app = await createHttpApp({ title: 'query-api under test', logLevel: 'silent', healthChecks: {} });
  // Every read-model table a request reads must be one its route waits for (read-your-writes).
  const reads = recordReadModelReads(app);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  await app.register(queryApi, {
    db,
    readDb: db.withPlugin(reads.plugin),
    watcher,
    auth,
    paymentProviders: ['sandbox'],
    signInProviders: ['google'],
    publicBaseUrl: 'https://civitas.test',
    now: () => NOW,
    store,
  });
  await app.ready();

  let written = 0;
  let nextPersonalGroup = 10000;

  const append: QueryApp['append'] = async (...events) => {
    let position = '';
    for (const event of events) {
      written += 1;
      // Validated as the command side appends: a malformed test event fails here, loudly.
      const { data, schemaVersion } = registry.prepare(event);
      const time = event.time ?? new Date(Date.parse('2026-03-01T10:00:00.000Z') + written * 1000).toISOString();
      ({ position } = await store.append(
        event.streamId,
        [{ id: randomUUID(), type: event.type, data, metadata: { schemaVersion, time, actorId: null, leafFormat: LEAF_FORMAT } }],
        'any',
      ));
    }
    return position;
  };

  const record: QueryApp['record'] = async (...events) => {
    const position = await append(...events);
    // Appends become visible once older transactions anywhere on the server end: wait for the projector, not a fixed time.
    const reached = (checkpoints: Map<string, string>) => projections.every((projection) => (checkpoints.get(projection.name) ?? '') >= position);
    const checkpoints = await eventually(() => readCheckpoints(db), reached);
    if (!reached(checkpoints)) throw new Error(`the projector did not reach ${position}`);
    return position;
  };

  const signIn = async (userId: string) => `${auth.cookieName}=${(await auth.sessions.create(userId)).token}`;

  return {
    app,
    db,
    databaseUrl: database.url,
    store,
    auth,
    vault: new PersonalDataVault(db),
    routes,
    append,
    record,
    signIn,
    async member(firstName = 'Ada') {
      const id = randomUUID();
      const groups = { family: nextPersonalGroup, friends: nextPersonalGroup + 1, business: nextPersonalGroup + 2 };
      nextPersonalGroup += 3;
      // What sign-up writes: the account, then each personal group with its owner.
      await record(
        userRegistered(id, { firstName, lastName: firstName === null ? null : 'Tester', email: `${id}@example.org` }),
        ...(['family', 'friends', 'business'] as const).flatMap((department) => [
          personalGroupCreated(groups[department], department, id),
          memberJoined(groups[department], id, 'owner'),
        ]),
      );
      return { id, firstName: firstName ?? '', cookie: await signIn(id), groups };
    },
    get(url, options = {}) {
      return app.inject({
        method: 'GET',
        url,
        headers: { ...(options.as ? { cookie: options.as.cookie } : {}), ...(options.position ? { [POSITION_HEADER]: options.position } : {}) },
      });
    },
    async close() {
      await app.close();
      await watcher.close();
      await projector.stop();
      await store.close();
      await db.destroy();
      await database.drop();
      if (reads.undeclared.length > 0) throw new Error(`routes read beyond their readModels:\n${[...new Set(reads.undeclared)].join('\n')}`);
    },
  };
}
