import { POSITION_HEADER, ServiceUnavailableError, ValidationError, isPosition } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { ProjectionWatcher } from './projection-watcher';

export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a query reads: it waits for them to reach the client's X-Civitas-Position. */
    readModels?: readonly ProjectionName[];
  }
}

/** Queries honour X-Civitas-Position: wait up to 2 s for the projections they read, then 503. */
export function registerReadYourWrites(app: ZodRoutes, watcher: ProjectionWatcher, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS): void {
  app.addHook('preHandler', async (request) => {
    // Node lower-cases incoming header names.
    const header = request.headers[POSITION_HEADER.toLowerCase()];
    const readModels = request.routeOptions.config?.readModels;
    if (header === undefined || !readModels?.length) return;
    const position = Array.isArray(header) ? header[0] : header;
    if (!isPosition(position)) throw new ValidationError('X-Civitas-Position is not a position');
    if (!(await watcher.waitFor(readModels, position, timeoutMs))) {
      throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
    }
  });
}
