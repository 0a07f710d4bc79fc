import { ACTIVITY_PAGE_SIZE, CATALOGUE, contentModerationStream, type ActivityItem } from '@civitas/events';
import { ProfileImageStore } from '@civitas/service-kit/profile-images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electionDecided, leaderElected } from '../../projector/test/election-events';
import { badgeGranted, delegationAssigned, delegationRevoked, profileImageChanged, profileUpdated } from '../../projector/test/profile-events';
import {
  groupCreated,
  memberJoined,
  newId,
  opinionPosted,
  topicCreated,
  topicDeleted,
  verificationApproved,
  verificationSubmitted,
  voteCast,
  voteRetracted,
} from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const ISLAM = 2;
const SAUDI = 1682;
const catalogue = (groupId: number) =>
  groupCreated(
    groupId,
    CATALOGUE.find((group) => group.groupId === groupId)!,
  );

describe('query-api: the profile page\u2019s reads (issue 14)', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(catalogue(ISLAM), catalogue(SAUDI));
  });
  afterAll(async () => query.close());

  describe('GET /api/user/profile', () => {
    it('answers 401 signed out', async () => {
      expect((await query.get('/api/user/profile')).statusCode).toBe(401);
    });

    it('gives the saved profile, the Active Citizen, Verified, Leader and Founder badges from data, stats and achievements', async () => {
      const [ada, admin] = [await query.member('Ada'), await query.member('Admin')];
      const [firstName, lastName, city] = await query.vault.sealAll(ada.id, ['Ada', 'Byron', 'London']);
      const [nationalIdSealed] = await query.vault.sealAll(ada.id, ['1029384756']);
      const verification = newId();
      const topic = newId();
      await query.record(
        profileUpdated(ada.id, { firstName, lastName, city }),
        profileImageChanged(ada.id, 'd'.repeat(64)),
        verificationSubmitted(verification, ada.id, nationalIdSealed!),
        verificationApproved(verification, ada.id),
        topicCreated(topic, ISLAM, ada.id),
        electionDecided(newId(), SAUDI, { userId: ada.id, candidateId: newId() }, '2026-03-03T10:00:00.000Z'),
        leaderElected(SAUDI, ada.id, newId()),
        memberJoined(SAUDI, ada.id, 'member', true),
        badgeGranted(ada.id, admin.id, 'First member'),
      );
      const answer = await query.get('/api/user/profile', { as: ada });
      expect(answer.statusCode).toBe(200);
      const profile = answer.json();
      expect(profile.user).toMatchObject({
        id: ada.id,
        firstName: 'Ada',
        lastName: 'Byron',
        city: 'London',
        profileImageUrl: `/api/images/${'d'.repeat(64)}.jpg`,
        email: `${ada.id}@example.org`,
      });
      expect(profile.verification).toEqual({ country: 'Saudi Arabia', nationalId: '\u2022\u2022\u2022\u2022 4756' });
      expect(profile.badges).toEqual([
        { id: 'active_citizen', label: 'Active Citizen' },
        { id: 'verified', label: 'Verified' },
        { id: 'leader', label: 'Leader' },
        { id: 'founder', label: 'Founder' },
      ]);
      expect(profile.stats).toMatchObject({ topicsCreated: 1, electionsWon: 1, groupsLed: 1, participationScore: 15 });
      expect(profile.achievements).toEqual([
        { id: 'active_participant', title: 'Active Participant', description: 'Cast 100 votes', value: 0, target: 100, unlocked: false },
        { id: 'topic_creator', title: 'Topic Creator', description: 'Create 10 topics', value: 1, target: 10, unlocked: false },
        { id: 'trusted_delegate', title: 'Trusted Delegate', description: 'Be trusted as a delegate by 50 members', value: 0, target: 50, unlocked: false },
        { id: 'election_winner', title: 'Election Winner', description: 'Win an election', value: 1, target: 1, unlocked: true },
      ]);
      // The admin who granted it has no badge at all: nothing is hard-coded, nothing is shown that is not earned.
      expect((await query.get('/api/user/profile', { as: admin })).json()).toMatchObject({ badges: [], verification: null });
    });
  });

  describe('GET /api/user/activity', () => {
    it('lists the member\u2019s own actions newest first, with titles, texts and names as they are now', async () => {
      const [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
      const [topic, gone, opinion] = [newId(), newId(), newId()];
      const [first, second] = [newId(), newId()];
      const target = { opinionId: opinion, topicId: topic, groupId: ISLAM, userId: ada.id };
      await query.record(
        topicCreated(topic, ISLAM, ada.id, { title: 'Longer library hours' }),
        topicCreated(gone, ISLAM, ada.id, { title: 'A topic taken back' }),
        opinionPosted(opinion, topic, ISLAM, grace.id, `Open until ten. ${'More reasons. '.repeat(20)}`),
        voteCast(target, 'support'),
        voteCast(target, 'oppose', 'support'),
        voteRetracted(target, 'oppose'),
        delegationAssigned(SAUDI, ada.id, grace.id, first),
        delegationAssigned(SAUDI, ada.id, grace.id, second, { delegationId: first, delegateId: grace.id }),
        delegationRevoked(SAUDI, ada.id, grace.id, second),
        topicDeleted(gone, ISLAM, ada.id),
      );
      const answer = await query.get('/api/user/activity', { as: ada });
      expect(answer.statusCode).toBe(200);
      const { items, nextCursor } = answer.json() as { items: ActivityItem[]; nextCursor: string | null };
      expect(nextCursor).toBeNull();
      expect(items.map((item) => item.kind)).toEqual([
        'delegation_cancelled',
        'delegation_changed',
        'delegation_given',
        'vote_retracted',
        'vote_changed',
        'vote_cast',
        'topic_created',
        'topic_created',
      ]);
      const grace_ = { id: grace.id, firstName: 'Grace', lastName: 'Tester', profileImageUrl: null };
      expect(items[0]).toEqual({
        id: expect.any(String),
        kind: 'delegation_cancelled',
        occurredAt: expect.any(String),
        topic: null,
        group: { id: SAUDI, name: 'Saudi Arabia' },
        opinion: null,
        voteType: null,
        person: grace_,
        link: `/group/${SAUDI}`,
      });
      const vote = items.find((item) => item.kind === 'vote_changed')!;
      expect(vote).toMatchObject({
        topic: { id: topic, title: 'Longer library hours', isDeleted: false },
        voteType: 'oppose',
        link: `/topic/${topic}`,
        person: null,
      });
      expect(vote.opinion!.excerpt.startsWith('Open until ten.')).toBe(true);
      expect(vote.opinion!.excerpt.length).toBeLessThanOrEqual(140);
      expect(vote.opinion!.excerpt.endsWith('\u2026')).toBe(true);
      // A deleted topic says so and links nowhere.
      expect(items.find((item) => item.topic?.id === gone)).toMatchObject({
        kind: 'topic_created',
        topic: { id: gone, title: 'A topic taken back', isDeleted: true },
        link: null,
      });
      // Grace sees her own activity only.
      expect((await query.get('/api/user/activity', { as: grace })).json().items.map((item: ActivityItem) => item.kind)).toEqual(['opinion_posted']);
    });

    it('quotes no excerpt of an opinion an admin hid, to its own author either, and says why', async () => {
      const [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
      const [topic, opinion] = [newId(), newId()];
      await query.record(
        topicCreated(topic, ISLAM, ada.id, { title: 'Market days' }),
        opinionPosted(opinion, topic, ISLAM, grace.id, 'Something the moderators took down.'),
        {
          type: 'ContentHidden',
          streamId: contentModerationStream('opinion', opinion),
          data: {
            targetType: 'opinion',
            targetId: opinion,
            topicId: topic,
            authorId: grace.id,
            reportId: newId(),
            reason: 'Insults another member.',
            hiddenBy: ada.id,
          },
        },
      );
      const [posted] = (await query.get('/api/user/activity', { as: grace })).json().items as ActivityItem[];
      expect(posted).toMatchObject({ kind: 'opinion_posted', opinion: { id: opinion, excerpt: '', hidden: { reason: 'Insults another member.' } } });
      expect(JSON.stringify(posted)).not.toContain('took down');
    });

    it('pages back with the cursor until there is nothing older', async () => {
      const ada = await query.member('Ada');
      const topics = Array.from({ length: ACTIVITY_PAGE_SIZE + 5 }, () => newId());
      await query.record(...topics.map((topic, index) => topicCreated(topic, ISLAM, ada.id, { title: `Topic number ${index + 1}` })));
      const first = (await query.get('/api/user/activity', { as: ada })).json();
      expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
      expect(first.items[0].topic.title).toBe(`Topic number ${ACTIVITY_PAGE_SIZE + 5}`);
      expect(first.nextCursor).toBe(first.items.at(-1).id);
      const second = (await query.get(`/api/user/activity?before=${first.nextCursor}`, { as: ada })).json();
      expect(second.items.map((item: ActivityItem) => item.topic!.title)).toEqual([5, 4, 3, 2, 1].map((n) => `Topic number ${n}`));
      expect(second.nextCursor).toBeNull();
    });

    it('refuses a cursor that is not one (400) and visitors (401)', async () => {
      const ada = await query.member('Ada');
      expect((await query.get('/api/user/activity?before=yesterday', { as: ada })).json()).toEqual({ message: 'before must be a cursor from a previous page' });
      expect((await query.get('/api/user/activity?before=yesterday', { as: ada })).statusCode).toBe(400);
      expect((await query.get('/api/user/activity')).statusCode).toBe(401);
    });
  });

  describe('GET /api/user/delegations/overview', () => {
    it('gives per group whom the member trusts, who trusts them, and the weight they carry', async () => {
      const [ada, grace, linus, zoe] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus'), await query.member('Zoe')];
      // Religion groups are open to everyone: every delegator carries weight.
      await query.record(
        delegationAssigned(ISLAM, grace.id, ada.id, newId()),
        delegationAssigned(ISLAM, linus.id, grace.id, newId()),
        delegationAssigned(ISLAM, ada.id, zoe.id, newId()),
        delegationAssigned(SAUDI, zoe.id, ada.id, newId()),
      );
      const answer = await query.get('/api/user/delegations/overview', { as: ada });
      expect(answer.statusCode).toBe(200);
      const person = (member: { id: string; firstName: string }) => ({ id: member.id, firstName: member.firstName, lastName: 'Tester', profileImageUrl: null });
      expect(answer.json()).toEqual([
        {
          groupId: ISLAM,
          groupName: 'Islam',
          given: { delegationId: expect.any(String), delegate: person(zoe), since: expect.any(String) },
          received: [{ delegator: person(grace), since: expect.any(String) }],
          // Grace directly, Linus through Grace, and Ada herself.
          carried: { directDelegators: 1, weight: 3 },
        },
        // In Saudi Arabia nobody is a verified citizen: Zoe trusts Ada, but no weight flows.
        {
          groupId: SAUDI,
          groupName: 'Saudi Arabia',
          given: null,
          received: [{ delegator: person(zoe), since: expect.any(String) }],
          carried: { directDelegators: 0, weight: 0 },
        },
      ]);
      expect((await query.get('/api/user/delegations/overview', { as: linus })).json()).toEqual([
        {
          groupId: ISLAM,
          groupName: 'Islam',
          given: { delegationId: expect.any(String), delegate: person(grace), since: expect.any(String) },
          received: [],
          carried: { directDelegators: 0, weight: 1 },
        },
      ]);
      expect((await query.get('/api/user/delegations/overview')).statusCode).toBe(401);
    });
  });

  describe('GET /api/images/<hash>.jpg', () => {
    it('serves a stored picture to anyone with a year of immutable caching, and 404 once it is gone', async () => {
      const images = new ProfileImageStore(query.db);
      const hash = 'e'.repeat(64);
      const owner = newId();
      await images.put(owner, hash, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      const served = await query.get(`/api/images/${hash}.jpg`);
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(served.rawPayload.equals(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBe(true);
      await images.deleteAllOf(owner);
      expect((await query.get(`/api/images/${hash}.jpg`)).statusCode).toBe(404);
    });
  });
});
