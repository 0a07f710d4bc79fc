import { CATALOGUE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import {
  groupCreated,
  lawEnacted,
  memberJoined,
  memberLeft,
  newId,
  opinionPosted,
  subscriptionActivated,
  topicClosed,
  topicCreated,
  topicDeleted,
  verificationApproved,
  verificationSubmitted,
  voteCast,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const CREATED = '2026-03-01T09:00:00.000Z';
const ISLAM = 2;
const CHRISTIANITY = 3;
const INTERNATIONAL = 7;
const ALLIANCE = 8;
const SAUDI_ARABIA = 1682;
const EGYPT = 1818;

const catalogue = (groupId: number) =>
  at(
    CREATED,
    groupCreated(
      groupId,
      CATALOGUE.find((group) => group.groupId === groupId)!,
    ),
  );

describe('query-api groups routes', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let alan: Member;
  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(...[ISLAM, CHRISTIANITY, INTERNATIONAL, ALLIANCE, SAUDI_ARABIA, EGYPT].map(catalogue));
    ada = await query.member('Ada');
    grace = await query.member('Grace');
    alan = await query.member('Alan');
    const verification = newId();
    // Ada: a verified Saudi citizen, not subscribed. Grace: subscribed, and Ada's friend. Alan: cut from Ada's friends.
    await query.record(
      verificationSubmitted(verification, ada.id, await query.vault.seal(ada.id, '1012345678')),
      verificationApproved(verification, ada.id),
      subscriptionActivated(grace.id, newId(), '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      memberJoined(ada.groups.friends, grace.id),
      memberJoined(ada.groups.friends, alan.id),
      memberLeft(ada.groups.friends, alan.id, 'cut', ada.id),
    );
  });
  afterAll(async () => query.close());

  describe('GET /api/groups', () => {
    it('lists the catalogue signed out: religions, International, countries by name, then the Alliance', async () => {
      const answer = await query.get('/api/groups');
      expect(answer.statusCode).toBe(200);
      const groups = answer.json() as Array<{ id: number; canParticipate: boolean; isMember: boolean }>;
      expect(groups.map((group) => group.id)).toEqual([ISLAM, CHRISTIANITY, INTERNATIONAL, EGYPT, SAUDI_ARABIA, ALLIANCE]);
      expect(groups.every((group) => !group.canParticipate && !group.isMember)).toBe(true);
    });

    it('answers each group with the client view of its fields', async () => {
      const islam = CATALOGUE.find((group) => group.groupId === ISLAM)!;
      const listed = (await query.get('/api/groups')).json()[0];
      expect(listed).toEqual({
        id: ISLAM,
        name: 'Islam',
        description: islam.description,
        department: 'religion',
        subcategory: 'islam',
        subscriptionType: 'free',
        features: islam.features,
        ownerId: null,
        memberCount: 0,
        type: 'religion',
        requiresSubscription: false,
        canParticipate: false,
        isMember: false,
        createdAt: CREATED,
        updatedAt: CREATED,
      });
      expect((await query.get(`/api/groups/${ISLAM}`)).json()).toEqual(listed);
    });

    it('adds the member\u2019s own personal groups first, by their owner\u2019s name, and what the member may do in each', async () => {
      const answer = await query.get('/api/groups', { as: ada });
      expect(answer.statusCode).toBe(200);
      const groups = (
        answer.json() as Array<{ id: number; name: string; canParticipate: boolean; isMember: boolean; memberCount: number; requiresSubscription: boolean }>
      ).map(({ id, name, canParticipate, isMember, memberCount, requiresSubscription }) => ({
        id,
        name,
        canParticipate,
        isMember,
        memberCount,
        requiresSubscription,
      }));
      expect(groups).toEqual([
        { id: ada.groups.family, name: "Ada's Family", canParticipate: true, isMember: true, memberCount: 1, requiresSubscription: false },
        { id: ada.groups.friends, name: "Ada's Friends", canParticipate: true, isMember: true, memberCount: 2, requiresSubscription: false },
        // Business groups need the participant's own subscription.
        { id: ada.groups.business, name: "Ada's Business", canParticipate: false, isMember: true, memberCount: 1, requiresSubscription: true },
        { id: ISLAM, name: 'Islam', canParticipate: true, isMember: false, memberCount: 0, requiresSubscription: false },
        { id: CHRISTIANITY, name: 'Christianity', canParticipate: true, isMember: false, memberCount: 0, requiresSubscription: false },
        { id: INTERNATIONAL, name: 'International', canParticipate: false, isMember: false, memberCount: 0, requiresSubscription: true },
        { id: EGYPT, name: 'Egypt', canParticipate: false, isMember: false, memberCount: 0, requiresSubscription: true },
        { id: SAUDI_ARABIA, name: 'Saudi Arabia', canParticipate: true, isMember: false, memberCount: 0, requiresSubscription: true },
        { id: ALLIANCE, name: 'Alliance', canParticipate: false, isMember: false, memberCount: 0, requiresSubscription: false },
      ]);
    });

    it('lists a group the member was invited into, and not one they were cut from', async () => {
      const graceGroups = (await query.get('/api/groups', { as: grace })).json() as Array<{
        id: number;
        name: string;
        isMember: boolean;
        canParticipate: boolean;
      }>;
      expect(graceGroups.find((group) => group.id === ada.groups.friends)).toMatchObject({ name: "Ada's Friends", isMember: true, canParticipate: true });
      // A subscriber may take part in International.
      expect(graceGroups.find((group) => group.id === INTERNATIONAL)).toMatchObject({ canParticipate: true });
      const alanGroups = (await query.get('/api/groups', { as: alan })).json() as Array<{ id: number }>;
      expect(alanGroups.map((group) => group.id)).not.toContain(ada.groups.friends);
      expect(alanGroups.map((group) => group.id)).not.toContain(grace.groups.family);
    });
  });

  describe('GET /api/groups/:id', () => {
    it('answers a member\u2019s own personal group with its owner\u2019s name', async () => {
      const answer = await query.get(`/api/groups/${grace.groups.family}`, { as: grace });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id: grace.groups.family,
        name: "Grace's Family",
        department: 'family',
        ownerId: grace.id,
        memberCount: 1,
        isMember: true,
        canParticipate: true,
      });
    });

    it('answers 404 for another member\u2019s personal group, signed in or out', async () => {
      for (const as of [ada, undefined]) {
        const answer = await query.get(`/api/groups/${grace.groups.family}`, { as });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Group not found' });
      }
      // Cut from the friends group: it is someone else's again.
      expect((await query.get(`/api/groups/${ada.groups.friends}`, { as: alan })).statusCode).toBe(404);
    });

    it('reads group 1 as the member\u2019s own family group, and as no group signed out', async () => {
      const own = await query.get('/api/groups/1', { as: ada });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: ada.groups.family, name: "Ada's Family" });
      expect((await query.get('/api/groups/1')).statusCode).toBe(404);
    });

    it('answers 404 for a group that does not exist and for an id no group can have', async () => {
      const missing = await query.get('/api/groups/999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Group not found' });
      for (const id of ['abc', '0x1', '1e1', '0', '01', '2147483648']) {
        const malformed = await query.get(`/api/groups/${id}`);
        expect({ id, status: malformed.statusCode, body: malformed.json() }).toEqual({ id, status: 404, body: { message: 'Group not found' } });
      }
    });
  });

  describe('GET /api/user/groups', () => {
    it('answers 401 JSON signed out', async () => {
      const answer = await query.get('/api/user/groups');
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    });

    it('lists the member\u2019s active memberships with their role', async () => {
      const answer = await query.get('/api/user/groups', { as: grace });
      expect(answer.statusCode).toBe(200);
      const memberships = answer.json() as Array<Record<string, any>>;
      expect(memberships.map(({ id, userId, groupId, role, isLeader, isSubscribed }) => ({ id, userId, groupId, role, isLeader, isSubscribed }))).toEqual([
        { id: `${grace.groups.family}:${grace.id}`, userId: grace.id, groupId: grace.groups.family, role: 'owner', isLeader: false, isSubscribed: true },
        { id: `${ada.groups.friends}:${grace.id}`, userId: grace.id, groupId: ada.groups.friends, role: 'member', isLeader: false, isSubscribed: true },
        { id: `${grace.groups.friends}:${grace.id}`, userId: grace.id, groupId: grace.groups.friends, role: 'owner', isLeader: false, isSubscribed: true },
        { id: `${grace.groups.business}:${grace.id}`, userId: grace.id, groupId: grace.groups.business, role: 'owner', isLeader: false, isSubscribed: true },
      ]);
      expect(memberships[1]).toMatchObject({ joinedAt: expect.any(String), group: { id: ada.groups.friends, name: "Ada's Friends", isMember: true } });
      expect((await query.get('/api/user/groups', { as: alan })).json().map((membership: { groupId: number }) => membership.groupId)).toEqual(
        Object.values(alan.groups),
      );
    });
  });

  describe('statistics', () => {
    beforeAll(async () => {
      const [open, closed, deleted, election, law] = [newId(), newId(), newId(), newId(), newId()];
      const [opinion, proposal] = [newId(), newId()];
      await query.record(
        topicCreated(open, ISLAM, ada.id),
        topicCreated(closed, ISLAM, ada.id, { type: 'dispute_resolution' }),
        topicCreated(deleted, ISLAM, grace.id),
        opinionPosted(opinion, open, ISLAM, grace.id),
        voteCast({ opinionId: opinion, topicId: open, groupId: ISLAM, userId: alan.id }, 'support'),
        topicDeleted(deleted, ISLAM, grace.id),
        topicClosed(closed, ISLAM, '2026-03-05T00:00:00.000Z', 'dispute_resolution'),
        topicCreated(election, grace.groups.business, grace.id, { type: 'election' }),
        topicCreated(law, INTERNATIONAL, grace.id),
        opinionPosted(proposal, law, INTERNATIONAL, grace.id),
        topicClosed(law, INTERNATIONAL, '2026-03-06T00:00:00.000Z'),
        lawEnacted(law, INTERNATIONAL, proposal, grace.id, '2026-03-06T00:00:00.000Z'),
      );
    });

    it('counts an open group\u2019s members who took part, and its active, election and closed topics', async () => {
      const answer = await query.get(`/api/groups/${ISLAM}/stats`);
      expect(answer.statusCode).toBe(200);
      // Ada created topics, Grace created one (since deleted) and posted, Alan voted.
      expect(answer.json()).toEqual({ activeMembers: 3, activeTopics: 1, pendingElections: 0, resolvedIssues: 1 });
      expect((await query.get(`/api/groups/${ISLAM}`)).json()).toMatchObject({ memberCount: 3 });
    });

    it('counts a personal group\u2019s members and its open elections, for its members only', async () => {
      expect((await query.get(`/api/groups/${grace.groups.business}/stats`, { as: grace })).json()).toEqual({
        activeMembers: 1,
        activeTopics: 1,
        pendingElections: 1,
        resolvedIssues: 0,
      });
      const hidden = await query.get(`/api/groups/${grace.groups.business}/stats`, { as: ada });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Group not found' });
    });

    it('counts the platform\u2019s closed disputes, amended laws and closed elections', async () => {
      const answer = await query.get('/api/platform/stats');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ resolvedDisputes: 1, lawsAmended: 1, electionsHeld: 0 });
    });
  });
});
