import type { EventStore } from '@civitas/events';
import { readCheckpoints } from '@civitas/service-kit/read-models';
import type { Kysely } from 'kysely';

const POLL_MS = 25;
const WAIT_MS = 2000;

/**
 * Waits (up to 2 s) until a projection has passed everything committed when called: a command
 * that finds a member's own thing through a read model then sees their latest writes, as a
 * query with the read position would. True when it got there.
 */
export async function projectionCaughtUp(store: EventStore, readModels: Kysely<any>, projection: string): Promise<boolean> {
  // Not the readers' head: a write of ours may sit behind an older transaction still running.
  const head = await store.lastCommittedPosition();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const reached = (await readCheckpoints(readModels)).get(projection);
    if (reached !== undefined && reached >= head) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
