import { CATALOGUE, groupStream, handleCommand, type EventRegistry, type EventStore, type Position } from '@civitas/events';
import { groupsDecider } from './groups.decider';

/**
 * Creates the platform's groups as events on first start. Fixed command ids give fixed
 * event ids, so a restart, or two instances starting at once, add nothing.
 */
export async function seedGroupCatalogue(
  store: EventStore,
  registry: EventRegistry,
  now: () => Date = () => new Date(),
): Promise<{ created: number; position: Position | null }> {
  let created = 0;
  let position: Position | null = null;
  const queue = [...CATALOGUE];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      const result = await handleCommand(
        store,
        registry,
        groupStream(group.groupId),
        groupsDecider,
        { type: 'createGroup', group },
        {
          commandId: `seed-group-${group.groupId}`,
          actorId: null,
          time: now().toISOString(),
        },
      );
      if (result.position && !result.replayed) {
        created += 1;
        if (position === null || result.position > position) position = result.position;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { created, position };
}
