import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, delegationStream, type DelegationAssigned, type DelegationRevoked } from '@civitas/events';
import { electionDecided, leaderElected } from '../../projector/test/election-events';
import {
  groupCreated,
  memberJoined,
  memberLeft,
  newId,
  opinionPosted,
  topicCreated,
  topicDeleted,
  voteCast,
  voteRetracted,
} from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

describe('query-api GET /api/user/stats', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers 401 JSON signed out', async () => {
    const answer = await query.get('/api/user/stats');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers zeros for a member who has not taken part', async () => {
    const member = await query.member('Ada');
    const answer = await query.get('/api/user/stats', { as: member });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      topicsCreated: 0,
      votesCast: 0,
      opinionsPosted: 0,
      electionsWon: 0,
      delegatesCount: 0,
      groupsLed: 0,
      participationScore: 0,
    });
  });

  it('answers the member\u2019s own counts and score (+5 per topic, +2 per opinion, +1 per standing vote)', async () => {
    const [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    const [kept, deleted] = [newId(), newId()];
    const [first, second] = [newId(), newId()];
    const vote = (opinionId: string, userId: string) => ({ opinionId, topicId: kept, groupId: 2, userId });
    await query.record(
      topicCreated(kept, 2, ada.id),
      topicCreated(deleted, 2, ada.id),
      topicDeleted(deleted, 2, ada.id),
      opinionPosted(first, kept, 2, ada.id),
      opinionPosted(second, kept, 2, grace.id),
      voteCast(vote(first, ada.id), 'support'),
      voteCast(vote(second, ada.id), 'support'),
      voteCast(vote(second, ada.id), 'oppose', 'support'),
      voteCast(vote(first, grace.id), 'oppose'),
      voteRetracted(vote(first, grace.id), 'oppose'),
    );
    expect((await query.get('/api/user/stats', { as: ada })).json()).toEqual({
      topicsCreated: 1,
      votesCast: 2,
      opinionsPosted: 1,
      electionsWon: 0,
      delegatesCount: 0,
      groupsLed: 0,
      participationScore: 5 + 2 + 2,
    });
    expect((await query.get('/api/user/stats', { as: grace })).json()).toEqual({
      topicsCreated: 0,
      votesCast: 0,
      opinionsPosted: 1,
      electionsWon: 0,
      delegatesCount: 0,
      groupsLed: 0,
      participationScore: 2,
    });
  });

  it('counts elections won (+10 each), members delegating now (each once) and the groups led (not the Alliance seat)', async () => {
    const [ada, grace, linus] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus')];
    const [ISLAM, INTERNATIONAL, ALLIANCE] = [2, 7, 8];
    const assigned = (
      groupId: number,
      delegatorId: string,
      delegateId: string,
      delegationId = newId(),
    ): { type: 'DelegationAssigned'; streamId: string; data: DelegationAssigned['data'] } => ({
      type: 'DelegationAssigned',
      streamId: delegationStream(groupId, delegatorId),
      data: { delegationId, groupId, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null },
    });
    const revoked = (
      groupId: number,
      delegatorId: string,
      delegateId: string,
      delegationId: string,
    ): { type: 'DelegationRevoked'; streamId: string; data: DelegationRevoked['data'] } => ({
      type: 'DelegationRevoked',
      streamId: delegationStream(groupId, delegatorId),
      data: { delegationId, groupId, delegatorId, delegateId },
    });
    const ended = newId();
    const catalogue = (groupId: number) =>
      groupCreated(
        groupId,
        CATALOGUE.find((group) => group.groupId === groupId)!,
      );
    await query.record(
      catalogue(ISLAM),
      catalogue(INTERNATIONAL),
      catalogue(ALLIANCE),
      // Ada won two elections (a main one, then an ordinary one) and leads Islam; Grace led Islam before her.
      electionDecided(newId(), ISLAM, { userId: grace.id, candidateId: newId() }, '2026-03-02T10:00:00.000Z'),
      leaderElected(ISLAM, grace.id, newId()),
      memberJoined(ALLIANCE, grace.id, 'member', true),
      electionDecided(newId(), ISLAM, { userId: ada.id, candidateId: newId() }, '2026-03-03T10:00:00.000Z'),
      leaderElected(ISLAM, ada.id, newId(), grace.id),
      memberJoined(ALLIANCE, ada.id, 'member', true),
      memberLeft(ALLIANCE, grace.id, 'stepped_down', null),
      electionDecided(newId(), ada.groups.business, { userId: ada.id, candidateId: newId() }, '2026-03-04T10:00:00.000Z', false),
      // Grace delegates to Ada in two groups (one member), Linus did and cancelled.
      assigned(ISLAM, grace.id, ada.id),
      assigned(INTERNATIONAL, grace.id, ada.id),
      assigned(ISLAM, linus.id, ada.id, ended),
      revoked(ISLAM, linus.id, ada.id, ended),
    );
    const stats = async (member: { cookie: string }) => (await query.get('/api/user/stats', { as: member })).json();
    expect(await stats(ada)).toMatchObject({ electionsWon: 2, delegatesCount: 1, groupsLed: 1, participationScore: 20 });
    expect(await stats(grace)).toMatchObject({ electionsWon: 1, delegatesCount: 0, groupsLed: 0, participationScore: 10 });
    expect(await stats(linus)).toMatchObject({ electionsWon: 0, delegatesCount: 0, groupsLed: 0 });
    // The score everywhere is the same projected one.
    expect((await query.get('/api/auth/user', { as: ada })).json()).toMatchObject({ participationScore: 20 });
  });
});
