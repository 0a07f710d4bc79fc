import { POSITION_HEADER, ServiceUnavailableError, ValidationError, isPosition, type Position } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { FastifyRequest } from 'fastify';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { ProjectionWatcher } from './projection-watcher';

export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a query reads: it waits for them to reach the client's X-Civitas-Position. */
    readModels?: readonly ProjectionName[];
  }
}

/** Waits until `projections` have reached the request's position (the header or the session's own last command); 503 after the cap. */
export type ReachPosition = (request: FastifyRequest, projections: readonly ProjectionName[]) => Promise<void>;

/**
 * Queries wait up to 2 s for the projections they read to reach the higher of X-Civitas-Position and
 * the session's own last command (recorded by command-api), then 503. A client without the header
 * (curl, another app) thus still reads its own writes; a visitor waits only for a header.
 */
export function readYourWrites(watcher: ProjectionWatcher, auth: SessionAuth | null, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): ReachPosition {
  return async (request, projections) => {
    // Node lower-cases incoming header names.
    const header = request.headers[POSITION_HEADER.toLowerCase()];
    let position: Position | null = null;
    if (header !== undefined) {
      position = Array.isArray(header) ? header[0]! : header;
      if (!isPosition(position)) throw new ValidationError('X-Civitas-Position is not a position');
    }
    // The same lookup the route's viewer uses (memoized per request), so no extra round trip for it.
    const session = auth ? await auth.current(request) : null;
    if (session?.position && (!position || session.position > position)) position = session.position;
    if (position && !(await watcher.waitFor(projections, position, timeoutMs))) {
      throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
    }
  };
}

/** Every route that names the projections it reads (config.readModels) waits for them before its handler. */
export function registerReadYourWrites(app: ZodRoutes, reach: ReachPosition): void {
  app.addHook('preHandler', async (request) => {
    const readModels = request.routeOptions.config?.readModels;
    if (readModels?.length) await reach(request, readModels);
  });
}
