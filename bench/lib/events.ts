import { randomUUID } from 'node:crypto';
import { GROUP_DEPARTMENTS, createEventRegistry, type GroupCreated, type NewEvent } from '@civitas/events';

const registry = createEventRegistry();
const SUBSCRIPTIONS = ['free', 'premium', 'elite'] as const;
const FEATURES = ['Discussion topics', 'Opinion voting', 'Real-time chat', 'Vote delegation'];

/** Bench group ids start here, above the catalogue's and far from any real personal group. */
export const BENCH_GROUP_ID_BASE = 100_000_000;

/** One of 10,000 bench owners: a uuid, as the groups read model stores owner ids. */
export const benchUserId = (groupId: number) => `00000000-0000-4000-8000-${String(groupId % 10_000).padStart(12, '0')}`;

export function groupCreatedData(groupId: number): GroupCreated['data'] {
  return {
    groupId,
    name: `Bench group ${groupId}`,
    description: `A group created by the benchmark to measure appends, catch-up reads and projection (${groupId}).`,
    department: GROUP_DEPARTMENTS[groupId % GROUP_DEPARTMENTS.length]!,
    subcategory: groupId % 2 === 0 ? null : 'bench',
    subscriptionType: SUBSCRIPTIONS[groupId % SUBSCRIPTIONS.length]!,
    features: FEATURES,
    ownerId: benchUserId(groupId),
  };
}

/** A GroupCreated event as the command side would append it: validated, with full metadata. */
export function groupCreatedEvent(groupId: number): NewEvent {
  const prepared = registry.prepare({ type: 'GroupCreated', data: groupCreatedData(groupId) });
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: 'GroupCreated',
    data: prepared.data,
    metadata: {
      actorId: benchUserId(groupId),
      commandId,
      correlationId: commandId,
      causationId: commandId,
      time: new Date().toISOString(),
      schemaVersion: prepared.schemaVersion,
    },
  };
}
