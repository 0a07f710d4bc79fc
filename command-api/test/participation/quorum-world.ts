import { createHmac, randomUUID } from 'node:crypto';
import {
  blindWith,
  createEventRegistry,
  delegationStream,
  groupStream,
  opinionStream,
  topicStream,
  userStream,
  voteStream,
  type Department,
  type DomainEvent,
  type EventMetadata,
  type PostgresEventStore,
  type TopicCreated,
} from '@civitas/events';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresStore, type StoreFixture } from '../../../test-support/test-event-store';
import { GroupsService } from '../../src/groups/groups-service';
import { CommandBus } from '../../src/lib/command-bus';
import { ParticipationGate } from '../../src/lib/participation-gate';
import { countTopicOutcome } from '../../src/topics/closing-count';
import { TopicsService } from '../../src/topics/topics-service';

export const OPENED = '2026-11-20T00:00:00.000Z';
export const EXPIRES = '2026-12-01T00:00:00.000Z';
const BEFORE = '2026-11-30T00:00:00.000Z';
export const AFTER = '2026-12-01T00:00:05.000Z';
const CLOSED_AT = '2026-12-01T00:00:20.000Z';

/**
 * Groups of every kind on real PostgreSQL for the closing tests of quorum and majority (issue #34
 * item 3): their members, citizens and subscribers made of their events (recorded before expiry
 * unless a time is given), topics written as the topics service writes them, and `close`, which
 * counts and closes a topic as the scheduler does (countTopicOutcome, then the topic decider). The
 * topics and groups services run on the same store, their clock at OPENED (at a topic's closing while it closes). Registers its own
 * beforeAll/afterAll.
 */
export function quorumWorld() {
  const registry = createEventRegistry();
  const blind = blindWith((value) => createHmac('sha256', 'quorum-world').update(value).digest('hex'));
  let fixture: StoreFixture | undefined;
  let store: PostgresEventStore;
  let nextGroup = 5000;
  /** OPENED, but while a topic closes: its closing time. */
  let clock = OPENED;
  const services = {} as { topics: TopicsService; groups: GroupsService };
  const append = async (stream: string, event: DomainEvent, time = BEFORE) => {
    const { data } = registry.prepare(event);
    const metadata: EventMetadata = { time, schemaVersion: registry.versionOf(event.type) };
    await store.append(stream, [{ id: randomUUID(), type: event.type, data, metadata }], 'any');
  };
  const subscribe = async (userId: string, endDate = '2027-01-01T00:00:00.000Z') => {
    const paymentId = randomUUID();
    await append(userStream(userId), {
      type: 'SubscriptionActivated',
      data: { userId, paymentId, planId: 'civic_participation_monthly', startDate: OPENED, endDate },
    });
  };
  const verify = async (userId: string, countryKey: string, time = BEFORE) => {
    const verificationId = randomUUID();
    await append(userStream(userId), {
      type: 'VerificationSubmitted',
      data: { verificationId, userId, country: countryKey, countryKey, nationalIdSealed: 'sealed', verificationType: 'id_number', documentImageUrl: null },
    });
    await append(userStream(userId), { type: 'VerificationApproved', data: { verificationId, userId, countryKey, reviewedBy: null } }, time);
  };

  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 5 });
    store = fixture.store;
    const bus = new CommandBus(store, registry, () => new Date(clock));
    services.topics = new TopicsService(bus, new ParticipationGate(bus));
    services.groups = new GroupsService(bus);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** A group of the department with `count` members, the first its owner (a personal group) or only a member; none for an open group. */
  const group = async (department: Department, count: number, subcategory: string | null = null) => {
    const groupId = (nextGroup += 1);
    const members = Array.from({ length: count }, () => randomUUID());
    const ownerId = department === 'family' || department === 'friends' || department === 'business' ? members[0]! : null;
    const features: string[] = [];
    await append(groupStream(groupId), {
      type: 'GroupCreated',
      data: { groupId, name: `Group ${groupId}`, description: 'A group of the test', department, subcategory, subscriptionType: 'free', features, ownerId },
    });
    for (const [index, userId] of members.entries()) {
      const role = index === 0 && ownerId ? ('owner' as const) : ('member' as const);
      await append(groupStream(groupId), { type: 'GroupMemberJoined', data: { groupId, userId, role, isLeader: false } });
    }
    return { groupId, members };
  };

  /** A topic as the topics service writes it, with an opinion for each author; `quorumPercent` absent: opened before quorums. */
  const topic = async (groupId: number, authors: string[], extra: Partial<TopicCreated['data']> = {}) => {
    const topicId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId,
        title: 'Harbour fees',
        description: 'What should harbour fees be next year?',
        type: 'law_amendment',
        createdBy: authors[0]!,
        isMainElection: false,
        expiresAt: EXPIRES,
        ...extra,
      },
    });
    return { topicId, opinionIds: await Promise.all(authors.map((userId) => opinion(topicId, groupId, userId))) };
  };
  const opinion = async (topicId: string, groupId: number, userId: string) => {
    const opinionId = randomUUID();
    await append(opinionStream(opinionId), { type: 'OpinionPosted', data: { opinionId, topicId, groupId, userId, content: 'A proposal' } });
    return opinionId;
  };
  const vote = (groupId: number, topicId: string, opinionId: string, voters: string[], voteType: 'support' | 'oppose' = 'support') =>
    Promise.all(
      voters.map((userId) =>
        append(voteStream(opinionId, userId), { type: 'VoteCast', data: { opinionId, topicId, groupId, userId, voteType, previousVoteType: null } }),
      ),
    );
  const delegate = (groupId: number, delegatorId: string, delegateId: string) =>
    append(delegationStream(groupId, delegatorId), {
      type: 'DelegationAssigned',
      data: { delegationId: randomUUID(), groupId, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null },
    });
  const close = async (topicId: string, type: TopicCreated['data']['type'] = 'law_amendment', expiresAt = EXPIRES) => {
    const outcome = await countTopicOutcome(store, registry, { topicId, type, expiresAt }, blind);
    clock = new Date(Math.max(Date.parse(CLOSED_AT), Date.parse(expiresAt) + 20_000)).toISOString();
    try {
      await services.topics.close(topicId, outcome);
    } finally {
      clock = OPENED;
    }
    const events = (await store.readStream(topicStream(topicId))).events;
    const data = (eventType: string) => events.find((event) => event.type === eventType)?.data as Record<string, unknown> | undefined;
    return { outcome, types: events.map((event) => event.type), closed: data('TopicClosed')!, enacted: data('LawEnacted') };
  };

  return {
    append,
    subscribe,
    verify,
    group,
    topic,
    opinion,
    vote,
    delegate,
    close,
    services,
  };
}
