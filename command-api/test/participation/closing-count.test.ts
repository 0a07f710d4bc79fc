import { createHmac, randomUUID } from 'node:crypto';
import {
  blindWith,
  createEventRegistry,
  delegationStream,
  groupStream,
  topicStream,
  userStream,
  voteStream,
  type DomainEvent,
  type EventMetadata,
  type PostgresEventStore,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type StoreFixture } from '../../../test-support/test-event-store';
import { countTopicOutcome } from '../../src/topics/closing-count';

const registry = createEventRegistry();
const blind = blindWith((value) => createHmac('sha256', 'closing-count-test').update(value).digest('hex'));
const GROUP = 4242;
const EXPIRES = '2026-12-01T00:00:00.000Z';
const BEFORE = '2026-11-30T00:00:00.000Z';
const AFTER = '2026-12-01T00:00:01.000Z';

describe('counting a topic from its events alone', () => {
  let fixture: StoreFixture;
  let store: PostgresEventStore;
  const append = async (stream: string, event: DomainEvent, time = BEFORE) => {
    const { data } = registry.prepare(event);
    const metadata: EventMetadata = { time, schemaVersion: registry.versionOf(event.type) };
    await store.append(stream, [{ id: randomUUID(), type: event.type, data, metadata }], 'any');
  };
  const citizen = async (country: string) => {
    const userId = randomUUID();
    const verificationId = randomUUID();
    await append(userStream(userId), {
      type: 'VerificationSubmitted',
      data: {
        verificationId,
        userId,
        country,
        countryKey: country.toLowerCase(),
        nationalIdSealed: 'sealed',
        verificationType: 'id_number',
        documentImageUrl: null,
      },
    });
    await append(userStream(userId), { type: 'VerificationApproved', data: { verificationId, userId, countryKey: country.toLowerCase(), reviewedBy: null } });
    return userId;
  };
  const delegate = (delegatorId: string, delegateId: string, time = BEFORE) =>
    append(
      delegationStream(GROUP, delegatorId),
      {
        type: 'DelegationAssigned',
        data: { delegationId: randomUUID(), groupId: GROUP, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null },
      },
      time,
    );
  const vote = (topicId: string, opinionId: string, userId: string, voteType: 'support' | 'oppose') =>
    append(voteStream(opinionId, userId), {
      type: 'VoteCast',
      data: { opinionId, topicId, groupId: GROUP, userId, voteType, previousVoteType: null },
    });

  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 5 });
    store = fixture.store;
    await append(groupStream(GROUP), {
      type: 'GroupCreated',
      data: {
        groupId: GROUP,
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

  it('weighs each vote by the chains that reach it, as they stood at expiry, and only eligible members', async () => {
    const [voter, lender, lendersLender, opposer] = [await citizen('Oman'), await citizen('Oman'), await citizen('Oman'), await citizen('Oman')];
    const foreigner = await citizen('Qatar');
    const lateLender = await citizen('Oman');
    const topicId = randomUUID();
    const opinionId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId: GROUP,
        title: 'Harbour fees',
        description: 'Should harbour fees fall next year?',
        type: 'law_amendment',
        createdBy: voter,
        isMainElection: false,
        expiresAt: EXPIRES,
      },
    });
    await append(`opinion-${opinionId}`, { type: 'OpinionPosted', data: { opinionId, topicId, groupId: GROUP, userId: voter, content: 'Lower them.' } });
    await delegate(lendersLender, lender);
    await delegate(lender, voter);
    await delegate(foreigner, voter); // not a citizen of Oman: lends nothing
    await delegate(lateLender, voter, AFTER); // after expiry: not counted
    await vote(topicId, opinionId, voter, 'support');
    await vote(topicId, opinionId, opposer, 'oppose');

    const outcome = await countTopicOutcome(store, registry, { topicId, type: 'law_amendment', expiresAt: EXPIRES }, blind);
    expect(outcome.tallies).toEqual([{ subjectId: opinionId, supportCount: 1, opposeCount: 1, weightedSupport: 3, weightedOppose: 1 }]);
    expect(outcome.standings).toMatchObject([{ opinionId, proposerId: voter, weightedSupport: 3, weightedOppose: 1 }]);
    expect(outcome.election).toBeNull();
    // What it took: everything before expiry that bears on the count, the standing of the members it names. The
    // late lender's delegation (after expiry) is left out, and so is their standing, recorded before it.
    expect(outcome.counted).toMatchObject({
      events: 18,
      byType: { GroupCreated: 1, TopicCreated: 1, OpinionPosted: 1, DelegationAssigned: 3, VoteCast: 2, VerificationSubmitted: 5, VerificationApproved: 5 },
    });
  });

  it('takes the group for what it is whenever its definition was recorded (a catalogue seeded after the expiry)', async () => {
    const lateGroup = GROUP + 1;
    await append(
      groupStream(lateGroup),
      {
        type: 'GroupCreated',
        data: {
          groupId: lateGroup,
          name: 'Oman again',
          description: 'National group',
          department: 'national',
          subcategory: 'oman',
          subscriptionType: 'premium',
          features: [],
          ownerId: null,
        },
      },
      AFTER,
    );
    const voter = await citizen('Oman');
    const topicId = randomUUID();
    const opinionId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId: lateGroup,
        title: 'Harbour lights',
        description: 'Should the harbour stay lit all night?',
        type: 'law_amendment',
        createdBy: voter,
        isMainElection: false,
        expiresAt: EXPIRES,
      },
    });
    await append(`opinion-${opinionId}`, { type: 'OpinionPosted', data: { opinionId, topicId, groupId: lateGroup, userId: voter, content: 'Yes.' } });
    await append(voteStream(opinionId, voter), {
      type: 'VoteCast',
      data: { opinionId, topicId, groupId: lateGroup, userId: voter, voteType: 'support', previousVoteType: null },
    });
    const outcome = await countTopicOutcome(store, registry, { topicId, type: 'law_amendment', expiresAt: EXPIRES }, blind);
    expect(outcome.tallies).toEqual([{ subjectId: opinionId, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 }]);
  });

  it('elects the candidate with the most weighted support; a tie goes to the earliest registration', async () => {
    const [first, second, backer, lender] = [await citizen('Oman'), await citizen('Oman'), await citizen('Oman'), await citizen('Oman')];
    const topicId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId: GROUP,
        title: 'Oman leadership',
        description: 'Who leads the Oman group next?',
        type: 'election',
        createdBy: first,
        isMainElection: true,
        expiresAt: EXPIRES,
      },
    });
    const [firstCandidate, secondCandidate] = [randomUUID(), randomUUID()];
    await append(`candidacy-${topicId}-${first}`, {
      type: 'CandidateRegistered',
      data: { candidateId: firstCandidate, topicId, groupId: GROUP, userId: first, statement: '' },
    });
    await append(`candidacy-${topicId}-${second}`, {
      type: 'CandidateRegistered',
      data: { candidateId: secondCandidate, topicId, groupId: GROUP, userId: second, statement: '' },
    });
    const ballot = (userId: string, candidateId: string) =>
      append(`ballot-${topicId}-${userId}`, { type: 'BallotCast', data: { topicId, groupId: GROUP, userId, candidateId, previousCandidateId: null } });
    await ballot(first, firstCandidate);
    await ballot(second, secondCandidate);
    const tied = await countTopicOutcome(store, registry, { topicId, type: 'election', expiresAt: EXPIRES }, blind);
    expect(tied.election).toEqual({ winnerId: first, winnerCandidateId: firstCandidate });

    await ballot(backer, secondCandidate);
    await delegate(lender, backer);
    const decided = await countTopicOutcome(store, registry, { topicId, type: 'election', expiresAt: EXPIRES }, blind);
    expect(decided.election).toEqual({ winnerId: second, winnerCandidateId: secondCandidate });
    expect(decided.tallies).toEqual([
      { subjectId: firstCandidate, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 },
      { subjectId: secondCandidate, supportCount: 2, opposeCount: 0, weightedSupport: 3, weightedOppose: 0 },
    ]);
  });
});
