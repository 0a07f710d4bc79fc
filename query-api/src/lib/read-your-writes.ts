import { POSITION_HEADER, ServiceUnavailableError, ValidationError, isPosition, type Position } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { ProjectionWatcher } from './projection-watcher';

export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a query reads: it waits for them to reach the client's X-Civitas-Position. */
    readModels?: readonly ProjectionName[];
  }
}

/**
 * Queries wait up to 2 s for the projections they read to reach the higher of X-Civitas-Position and
 * the session's own last command (recorded by command-api), then 503. A client without the header
 * (curl, another app) thus still reads its own writes; a visitor waits only for a header.
 */
export function registerReadYourWrites(app: ZodRoutes, watcher: ProjectionWatcher, auth: SessionAuth | null, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): void {
  app.addHook('preHandler', async (request) => {
    const readModels = request.routeOptions.config?.readModels;
    if (!readModels?.length) return;
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
    if (position && !(await watcher.waitFor(readModels, position, timeoutMs))) {
      throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
    }
  });
}
