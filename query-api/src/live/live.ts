import type { ReadModels } from '@civitas/projector/read-models';
import type { ChangeNotice } from '@civitas/service-kit/read-models';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyInstance } from 'fastify';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { ProjectionWatcher } from '../lib/projection-watcher';
import type { ChatCommands } from './chat-commands';
import { LiveFanout } from './live-fanout';
import { CLOSE_SHUTDOWN, LIVE_LIMITS, LiveHub, type LiveLimits } from './live-hub';
import { liveRoutes } from './live.routes';
import { SessionWatch } from './session-watch';

/** What the composition root gives the live socket. */
export interface LiveOptions {
  /** For the sessions channel's LISTEN connection. */
  databaseUrl: string;
  /** How chat frames reach command-api (in-process inject, or HTTP to COMMAND_API_URL). */
  chatCommands: ChatCommands;
  limits?: Partial<LiveLimits>;
}

export interface LiveContext {
  /** The primary: the sessions the socket checks. */
  db: Kysely<PlatformDatabase>;
  readModels: Kysely<ReadModels>;
  watcher: ProjectionWatcher;
  auth: SessionAuth;
  publicBaseUrl: string;
  now: () => Date;
}

/** /ws with its fan-out from the projector's notices and its session watch; all stop with the app. */
export async function registerLive(instance: FastifyInstance, context: LiveContext, options: LiveOptions): Promise<void> {
  const hub = new LiveHub({ ...LIVE_LIMITS, ...options.limits });
  const fanout = new LiveFanout(context.readModels, hub, instance.log, instance.databaseOutage);
  const onNotice = (notice: ChangeNotice) => fanout.accept(notice);
  context.watcher.on('notice', onNotice);
  const sessions = new SessionWatch(options.databaseUrl, context.db, context.readModels, hub, context.now, instance.log, instance.databaseOutage);
  await sessions.start();
  instance.addHook('preClose', async () => {
    context.watcher.off('notice', onNotice);
    hub.closeAll(CLOSE_SHUTDOWN);
    await sessions.close();
    await fanout.idle();
  });
  await liveRoutes(instance, {
    hub,
    auth: context.auth,
    readModels: context.readModels,
    chatCommands: options.chatCommands,
    publicBaseUrl: context.publicBaseUrl,
  });
}
