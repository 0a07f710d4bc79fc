import { createHmac, randomUUID } from 'node:crypto';
import {
  ballotStream,
  blindWith,
  createEventRegistry,
  delegationStream,
  groupStream,
  topicStream,
  userStream,
  type DomainEvent,
  type EventMetadata,
  type PostgresEventStore,
  type TopicType,
} from '@civitas/events';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresStore, type StoreFixture } from '../../../test-support/test-event-store';
import { CommandBus } from '../../src/lib/command-bus';
import { ParticipationGate } from '../../src/lib/participation-gate';
import { countTopicOutcome } from '../../src/topics/closing-count';
import { TopicsService } from '../../src/topics/topics-service';

export const EXPIRES = '2026-12-01T00:00:00.000Z';
const BEFORE = '2026-11-30T00:00:00.000Z';
export const CLOSED_AT = '2026-12-01T00:00:20.000Z';

/**
 * A national group of its own on real PostgreSQL for the closing tests of the counting methods
 * (issue #34): members are citizens of the group's country made of their verification events, every
 * event recorded before the expiry, and `close` counts and closes a topic as the scheduler does
 * (countTopicOutcome, then the topic decider), giving back the events the closing appended.
 * Registers its own beforeAll/afterAll.
 */
export function closingWorld(groupId: number) {
  const registry = createEventRegistry();
  const blind = blindWith((value) => createHmac('sha256', `closing-world-${groupId}`).update(value).digest('hex'));
  let fixture: StoreFixture | undefined;
  let store: PostgresEventStore;
  let topics: TopicsService;
  const append = async (stream: string, event: DomainEvent) => {
    const { data } = registry.prepare(event);
    const metadata: EventMetadata = { time: BEFORE, schemaVersion: registry.versionOf(event.type) };
    await store.append(stream, [{ id: randomUUID(), type: event.type, data, metadata }], 'any');
  };
  const citizen = async () => {
    const [userId, verificationId] = [randomUUID(), randomUUID()];
    await append(userStream(userId), {
      type: 'VerificationSubmitted',
      data: { verificationId, userId, country: 'Oman', countryKey: 'oman', nationalIdSealed: 'sealed', verificationType: 'id_number', documentImageUrl: null },
    });
    await append(userStream(userId), { type: 'VerificationApproved', data: { verificationId, userId, countryKey: 'oman', reviewedBy: null } });
    return userId;
  };

  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 5 });
    store = fixture.store;
    const bus = new CommandBus(store, registry, () => new Date(CLOSED_AT));
    topics = new TopicsService(bus, new ParticipationGate(bus));
    await append(groupStream(groupId), {
      type: 'GroupCreated',
      data: {
        groupId,
        name: 'Oman',
        description: 'National group',
        department: 'national',
        subcategory: 'oman',
        subscriptionType: 'premium',
        features: [],
        ownerId: null,
      },
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  return {
    append,
    citizens: (count: number) => Promise.all(Array.from({ length: count }, citizen)),
    delegate: (delegatorId: string, delegateId: string) =>
      append(delegationStream(groupId, delegatorId), {
        type: 'DelegationAssigned',
        data: { delegationId: randomUUID(), groupId, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null },
      }),
    rank: (topicId: string, userId: string, ranking: string[][]) =>
      append(ballotStream(topicId, userId), { type: 'RankedBallotCast', data: { topicId, groupId, userId, ranking } }),
    close: async (topicId: string, type: TopicType) => {
      const outcome = await countTopicOutcome(store, registry, { topicId, type, expiresAt: EXPIRES }, blind);
      await topics.close(topicId, outcome, new Date(CLOSED_AT));
      const events = (await store.readStream(topicStream(topicId))).events;
      const data = (eventType: string) => events.find((event) => event.type === eventType)?.data as Record<string, unknown> | undefined;
      return { outcome, types: events.map((event) => event.type), data };
    },
  };
}
