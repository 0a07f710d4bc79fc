import { createHmac, randomUUID } from 'node:crypto';
import {
  CATALOGUE,
  MAIN_ELECTION_EXISTS,
  blindWith,
  createEventRegistry,
  groupStream,
  groupView,
  leadershipView,
  mainElectionStream,
  topicStream,
  userStream,
  type PostgresEventStore,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type StoreFixture } from '../../../test-support/test-event-store';
import { groupLeadershipDecider } from '../../src/elections/leadership.decider';
import { ElectionsService } from '../../src/elections/elections-service';
import { Receipts } from '../../src/lib/receipt';
import { mainElectionDecider } from '../../src/elections/main-election.decider';
import { CommandBus } from '../../src/lib/command-bus';
import { ParticipationGate } from '../../src/lib/participation-gate';
import { OpinionsService } from '../../src/opinions/opinions-service';
import { TopicsService } from '../../src/topics/topics-service';

const registry = createEventRegistry();
const SAUDI_ARABIA = 1682;
const INTERNATIONAL = 7;
const ISLAM = 2;
const ALLIANCE = CATALOGUE.find((group) => group.department === 'alliance')!.groupId;

/** The elections service on the events alone: what must survive repeats and crashes half-way. */
describe('elections service', () => {
  let fixture: StoreFixture;
  let store: PostgresEventStore;
  let bus: CommandBus;
  let elections: ElectionsService;
  let topics: TopicsService;

  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 5 });
    store = fixture.store;
    for (const groupId of [SAUDI_ARABIA, INTERNATIONAL, ALLIANCE, ISLAM]) {
      const { data } = registry.prepare({ type: 'GroupCreated', data: CATALOGUE.find((group) => group.groupId === groupId)! });
      await store.append(groupStream(groupId), [{ id: randomUUID(), type: 'GroupCreated', data, metadata: { schemaVersion: 1 } }], 'no_stream');
    }
    bus = new CommandBus(store, registry, () => new Date('2026-12-01T10:00:00Z'));
    const gate = new ParticipationGate(bus);
    topics = new TopicsService(bus, gate);
    // A real HMAC blinder with a key of the test's own (the service kit reads the platform's from its database).
    elections = new ElectionsService(
      bus,
      gate,
      topics,
      new Receipts(store, async () => blindWith((value) => createHmac('sha256', 'test-key').update(value).digest('hex'))),
      new OpinionsService(bus, gate, topics),
    );
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const typesOf = async (stream: string) => (await store.readStream(stream)).events.map((event) => event.type);
  const alliance = async () => (await bus.load(groupStream(ALLIANCE), groupView)).state.members.toJS();
  const led = async (userId: string) => (await bus.load(userStream(userId), leadershipView)).state.ledGroups;
  const leaderOf = async (groupId: number) => (await bus.load(groupStream(groupId), groupView)).state.leaderId;

  it('records the leader, their leadership and their Alliance seat once, however often it runs', async () => {
    const [winner, election] = [randomUUID(), randomUUID()];
    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: winner, electionId: election });
    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: winner, electionId: election });
    await Promise.all([1, 2].map(() => elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: winner, electionId: election })));
    expect((await typesOf(groupStream(SAUDI_ARABIA))).filter((type) => type === 'GroupLeaderElected')).toHaveLength(1);
    expect(await typesOf(userStream(winner))).toEqual(['LeadershipTaken']);
    expect(await alliance()).toMatchObject({ [winner]: { role: 'member', isLeader: true } });
    expect(await typesOf(groupStream(ALLIANCE))).toEqual(['GroupCreated', 'GroupMemberJoined']);
    expect(await leaderOf(SAUDI_ARABIA)).toBe(winner);
  });

  it('finishes after a crash that left only the group\u2019s event, naming the leader before it as the one who steps down', async () => {
    const previous = await leaderOf(SAUDI_ARABIA);
    const [winner, election] = [randomUUID(), randomUUID()];
    // The crash: the group's event was appended, nothing else.
    await bus.run(
      groupStream(SAUDI_ARABIA),
      groupLeadershipDecider,
      { type: 'electLeader', groupId: SAUDI_ARABIA, winnerId: winner, electionId: election },
      { actorId: null, commandId: `leader-elected-${election}` },
    );
    expect(await leaderOf(SAUDI_ARABIA)).toBe(winner);

    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: winner, electionId: election });
    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: winner, electionId: election });
    const elected = (await store.readStream(groupStream(SAUDI_ARABIA))).events
      .filter((event) => event.type === 'GroupLeaderElected')
      .map((event) => event.data);
    expect(elected.at(-1)).toMatchObject({ userId: winner, previousLeaderId: previous });
    expect(await typesOf(userStream(previous!))).toEqual(['LeadershipTaken', 'LeadershipEnded']);
    expect(await led(previous!)).toEqual([]);
    const seats = await alliance();
    expect(Object.keys(seats)).toEqual([winner]);
    expect((await store.readStream(groupStream(ALLIANCE))).events.map((event) => [event.type, (event.data as { reason?: string }).reason])).toEqual([
      ['GroupCreated', undefined],
      ['GroupMemberJoined', undefined],
      ['GroupMemberJoined', undefined],
      ['GroupMemberLeft', 'stepped_down'],
    ]);
  });

  it('keeps a replaced leader in the Alliance while they lead another group, and a re-elected one as they were', async () => {
    const leader = await leaderOf(SAUDI_ARABIA);
    await elections.installLeader({ groupId: INTERNATIONAL, winnerId: leader!, electionId: randomUUID() });
    expect(await led(leader!)).toEqual([SAUDI_ARABIA, INTERNATIONAL]);

    const successor = randomUUID();
    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: successor, electionId: randomUUID() });
    expect(await led(leader!)).toEqual([INTERNATIONAL]);
    expect(Object.keys(await alliance()).sort()).toEqual([leader!, successor].sort());

    const before = await store.readStream(userStream(successor));
    await elections.installLeader({ groupId: SAUDI_ARABIA, winnerId: successor, electionId: randomUUID() });
    const after = (await store.readStream(userStream(successor))).events.slice(before.events.length).map((event) => event.type);
    expect(after).toEqual(['LeadershipTaken']);
    expect(await led(successor)).toEqual([SAUDI_ARABIA]);
    expect(Object.keys(await alliance()).sort()).toEqual([leader!, successor].sort());
  });

  it('knows no group that does not exist', async () => {
    await expect(elections.installLeader({ groupId: 424_242, winnerId: randomUUID(), electionId: randomUUID() })).rejects.toThrow('Group not found');
  });

  it('writes the topic of a main election a crash left without one, and keeps refusing a second election until it is deleted', async () => {
    const [opener, other, topicId] = [randomUUID(), randomUUID(), randomUUID()];
    const expiresAt = '2026-12-15T10:00:00.000Z';
    // The crash: the opening was recorded, its topic never written.
    await bus.run(
      mainElectionStream(ISLAM),
      mainElectionDecider,
      {
        type: 'openMainElection',
        opening: { groupId: ISLAM, topicId, openedBy: opener, expiresAt },
        now: '2026-12-01T10:00:00.000Z',
        deletedTopicId: null,
      },
      { actorId: opener },
    );
    await expect(elections.openMainElection(other, ISLAM)).rejects.toThrow(MAIN_ELECTION_EXISTS);
    await expect(elections.openMainElection(other, ISLAM)).rejects.toThrow(MAIN_ELECTION_EXISTS);
    const written = (await store.readStream(topicStream(topicId))).events;
    expect(written.map((event) => [event.type, event.data])).toEqual([
      [
        'TopicCreated',
        {
          topicId,
          groupId: ISLAM,
          title: 'Islam Leadership Election',
          description: expect.stringContaining('Islam'),
          type: 'election',
          createdBy: opener,
          isMainElection: true,
          expiresAt,
          // Opened before methods existed: written as plurality, and saying so.
          method: 'plurality',
          // Written now: held to the group's election quorum as it stands (the default, none).
          quorumPercent: 0,
        },
      ],
    ]);

    await topics.delete(opener, topicId);
    const next = await elections.openMainElection(other, ISLAM);
    expect(next.topic).toMatchObject({ groupId: ISLAM, createdBy: other, isMainElection: true, expiresAt: '2026-12-15T10:00:00.000Z' });
    expect((await store.readStream(mainElectionStream(ISLAM))).events.map((event) => (event.data as { topicId: string }).topicId)).toEqual([
      topicId,
      next.topic.topicId,
    ]);
  });

  it('writes the topic a crash left without one with the method its opening chose, not the method of the request that finds it', async () => {
    const CHRISTIANITY = 3;
    const { data } = registry.prepare({ type: 'GroupCreated', data: CATALOGUE.find((group) => group.groupId === CHRISTIANITY)! });
    await store.append(groupStream(CHRISTIANITY), [{ id: randomUUID(), type: 'GroupCreated', data, metadata: { schemaVersion: 1 } }], 'no_stream');
    const [opener, other, topicId] = [randomUUID(), randomUUID(), randomUUID()];
    const opening = { groupId: CHRISTIANITY, topicId, openedBy: opener, expiresAt: '2026-12-15T10:00:00.000Z', method: 'schulze' as const };
    await bus.run(
      mainElectionStream(CHRISTIANITY),
      mainElectionDecider,
      { type: 'openMainElection', opening, now: '2026-12-01T10:00:00.000Z', deletedTopicId: null },
      { actorId: opener },
    );
    await expect(elections.openMainElection(other, CHRISTIANITY, undefined, 'approval')).rejects.toThrow(MAIN_ELECTION_EXISTS);
    const written = (await store.readStream(topicStream(topicId))).events;
    expect(written.map((event) => [event.type, (event.data as { method?: string }).method])).toEqual([['TopicCreated', 'schulze']]);
  });
});
