import type { EventRegistry, EventStore } from '@civitas/events';
import type { CivitasApp } from '@civitas/service-kit/http-app';

export interface CommandApiDependencies {
  store: EventStore;
  registry: EventRegistry;
}

/** Command routes (POST/PUT/DELETE /api/...); features register theirs here as they land. */
export async function commandApi(_app: CivitasApp, _dependencies: CommandApiDependencies): Promise<void> {
  // The groups catalogue is created by the platform at start (seedGroupCatalogue), not over HTTP.
}
