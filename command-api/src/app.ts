import type { EventRegistry, EventStore } from '@civitas/events';
import type { CivitasPlugin } from '@civitas/service-kit/http-app';

export interface CommandApiOptions {
  store: EventStore;
  registry: EventRegistry;
}

/**
 * Command routes (POST/PUT/DELETE /api/...). The groups catalogue is created by the
 * platform at start (seedGroupCatalogue), so no feature registers commands here yet.
 */
export const commandApi: CivitasPlugin<CommandApiOptions> = async () => undefined;
