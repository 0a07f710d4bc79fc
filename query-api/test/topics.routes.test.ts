import { CATALOGUE, contentModerationStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import {
  groupCreated,
  lawEnacted,
  newId,
  opinionPosted,
  roleGranted,
  topicClosed,
  topicCreated,
  topicDeleted,
  voteCast,
  type VoteTarget,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
const OPEN_UNTIL = '2026-04-01T10:00:00.000Z';
/** Before the query side's clock (2026-03-10T12:00): still active in the read model, but over. */
const EXPIRED_AT = '2026-03-09T00:00:00.000Z';

describe('query-api topics, opinions and laws routes', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  const [open, second, deleted, closed, expired, dispute, privateTopic] = [newId(), newId(), newId(), newId(), newId(), newId(), newId()];
  const [adaOpinion, graceOpinion, unvoted, winning, disputeOpinion, privateOpinion] = [newId(), newId(), newId(), newId(), newId(), newId()];
  const on =
    (topicId: string, groupId: number) =>
    (opinionId: string, userId: string): VoteTarget => ({ opinionId, topicId, groupId, userId });

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        T(1),
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    const vote = on(open, ISLAM);
    await query.record(
      at(T(2), topicCreated(open, ISLAM, ada.id, { title: 'Night buses', description: 'Should buses run all night long?', expiresAt: OPEN_UNTIL })),
      at(T(3), topicCreated(second, ISLAM, grace.id, { type: 'dispute_resolution', expiresAt: OPEN_UNTIL })),
      at(T(3), topicCreated(deleted, ISLAM, grace.id)),
      at(T(4), topicDeleted(deleted, ISLAM, grace.id)),
      at(T(2, 30), topicCreated(expired, ISLAM, ada.id, { expiresAt: EXPIRED_AT })),
      // On the open topic: Grace's opinion gets two supports, Ada's one opposition, the third none.
      at(T(5), opinionPosted(adaOpinion, open, ISLAM, ada.id, 'Every hour.')),
      at(T(5, 1), opinionPosted(graceOpinion, open, ISLAM, grace.id, 'Every half hour.')),
      at(T(5, 2), opinionPosted(unvoted, open, ISLAM, grace.id, 'Only on weekends.')),
      at(T(6), voteCast(vote(graceOpinion, ada.id), 'support')),
      at(T(6), voteCast(vote(graceOpinion, grace.id), 'support')),
      at(T(6), voteCast(vote(adaOpinion, grace.id), 'oppose')),
      // Two laws: a dispute resolved on the 7th, a law amended on the 8th.
      at(T(1, 5), topicCreated(dispute, ISLAM, grace.id, { type: 'dispute_resolution', title: 'The market stalls', expiresAt: T(7) })),
      at(T(1, 6), opinionPosted(disputeOpinion, dispute, ISLAM, grace.id, 'Share them by turns.')),
      at(T(7), topicClosed(dispute, ISLAM, T(7), 'dispute_resolution')),
      at(T(7), lawEnacted(dispute, ISLAM, disputeOpinion, grace.id, T(7), { type: 'dispute_resolution', weightedSupport: 1 })),
      at(T(1, 10), topicCreated(closed, ISLAM, ada.id, { title: 'Library hours', expiresAt: T(8) })),
      at(T(1, 11), opinionPosted(winning, closed, ISLAM, ada.id, 'Open until ten.')),
      at(T(8), topicClosed(closed, ISLAM, T(8))),
      at(T(8), lawEnacted(closed, ISLAM, winning, ada.id, T(8), { weightedSupport: 3, weightedOppose: 1 })),
      // Ada's family: private.
      at(T(4), topicCreated(privateTopic, ada.groups.family, ada.id, { type: 'family_discussion', title: 'Holidays', expiresAt: OPEN_UNTIL })),
      at(T(4, 1), opinionPosted(privateOpinion, privateTopic, ada.groups.family, ada.id, 'The seaside.')),
    );
  });
  afterAll(async () => query.close());

  describe('GET /api/groups/:id/topics', () => {
    it('lists a group\u2019s topics newest first, without deleted ones', async () => {
      const answer = await query.get(`/api/groups/${ISLAM}/topics`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().map((topic: { id: string; status: string; canParticipate: boolean }) => [topic.id, topic.status, topic.canParticipate])).toEqual([
        [second, 'active', false],
        [expired, 'active', false],
        [open, 'active', false],
        [closed, 'closed', false],
        [dispute, 'closed', false],
      ]);
    });

    it('tells a member in which topics they may take part: open ones of groups they may take part in', async () => {
      const answer = await query.get(`/api/groups/${ISLAM}/topics`, { as: ada });
      expect(answer.json().map((topic: { id: string; canParticipate: boolean }) => [topic.id, topic.canParticipate])).toEqual([
        [second, true],
        [expired, false],
        [open, true],
        [closed, false],
        [dispute, false],
      ]);
    });

    it('answers 404 for the topics of another member\u2019s personal group, and lists them for its members', async () => {
      for (const as of [grace, undefined]) {
        const answer = await query.get(`/api/groups/${ada.groups.family}/topics`, { as });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Group not found' });
      }
      const own = await query.get(`/api/groups/${ada.groups.family}/topics`, { as: ada });
      expect(own.json().map((topic: { id: string }) => topic.id)).toEqual([privateTopic]);
      expect((await query.get('/api/groups/1/topics', { as: ada })).json().map((topic: { id: string }) => topic.id)).toEqual([privateTopic]);
    });
  });

  describe('GET /api/topics/:id', () => {
    it('answers a topic with its author and counts', async () => {
      const answer = await query.get(`/api/topics/${open}`, { as: ada });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        id: open,
        title: 'Night buses',
        description: 'Should buses run all night long?',
        type: 'law_amendment',
        groupId: ISLAM,
        createdBy: ada.id,
        status: 'active',
        isMainElection: false,
        method: null,
        // Opened before quorums.
        quorumPercent: null,
        winnerId: null,
        expiresAt: OPEN_UNTIL,
        createdAt: T(2),
        updatedAt: T(2),
        author: { firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
        opinionCount: 3,
        canParticipate: true,
      });
    });

    it('answers 404 JSON for a malformed id, an unknown topic, a deleted one, and a topic of someone else\u2019s personal group', async () => {
      for (const [id, as] of [
        ['not-a-uuid', ada],
        [newId(), ada],
        [deleted, grace],
        [privateTopic, grace],
        [privateTopic, undefined],
      ] as const) {
        const answer = await query.get(`/api/topics/${id}`, { as });
        expect(answer.statusCode, id).toBe(404);
        expect(answer.json()).toEqual({ message: 'Topic not found' });
      }
      expect((await query.get(`/api/topics/${privateTopic}`, { as: ada })).statusCode).toBe(200);
    });
  });

  describe('GET /api/topics/:id/stats', () => {
    it('counts who took part, the opinions and the direct votes', async () => {
      const answer = await query.get(`/api/topics/${open}/stats`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ participants: 2, totalVotes: 3, totalOpinions: 3, support: 2, oppose: 1 });
    });

    it('keeps a private topic\u2019s numbers private', async () => {
      expect((await query.get(`/api/topics/${privateTopic}/stats`, { as: grace })).statusCode).toBe(404);
      expect((await query.get(`/api/topics/${privateTopic}/stats`, { as: ada })).json()).toEqual({
        participants: 1,
        totalVotes: 0,
        totalOpinions: 1,
        support: 0,
        oppose: 0,
      });
    });
  });

  describe('GET /api/topics/:id/opinions', () => {
    it('lists opinions by tally, then oldest first, with each author and the viewer\u2019s own vote', async () => {
      const answer = await query.get(`/api/topics/${open}/opinions`, { as: grace });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        {
          id: graceOpinion,
          topicId: open,
          userId: grace.id,
          content: 'Every half hour.',
          supportCount: 2,
          opposeCount: 0,
          weightedSupport: 2,
          weightedOppose: 0,
          voteCount: 2,
          createdAt: T(5, 1),
          updatedAt: T(6),
          user: { firstName: 'Grace', lastName: 'Tester', profileImageUrl: null },
          myVote: 'support',
          hidden: null,
        },
        {
          id: unvoted,
          topicId: open,
          userId: grace.id,
          content: 'Only on weekends.',
          supportCount: 0,
          opposeCount: 0,
          weightedSupport: 0,
          weightedOppose: 0,
          voteCount: 0,
          createdAt: T(5, 2),
          updatedAt: T(5, 2),
          user: { firstName: 'Grace', lastName: 'Tester', profileImageUrl: null },
          myVote: null,
          hidden: null,
        },
        {
          id: adaOpinion,
          topicId: open,
          userId: ada.id,
          content: 'Every hour.',
          supportCount: 0,
          opposeCount: 1,
          weightedSupport: 0,
          weightedOppose: 1,
          voteCount: -1,
          createdAt: T(5),
          updatedAt: T(6),
          user: { firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
          myVote: 'oppose',
          hidden: null,
        },
      ]);
    });

    it('answers each viewer their own votes, and none signed out', async () => {
      const myVotes = async (as?: Member) =>
        (await query.get(`/api/topics/${open}/opinions`, { as })).json().map((opinion: { myVote: string | null }) => opinion.myVote);
      expect(await myVotes(ada)).toEqual(['support', null, null]);
      expect(await myVotes()).toEqual([null, null, null]);
    });

    it('keeps a private topic\u2019s opinions private (404), and shows them to its group\u2019s members', async () => {
      for (const as of [grace, undefined]) {
        const answer = await query.get(`/api/topics/${privateTopic}/opinions`, { as });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Topic not found' });
      }
      const own = await query.get(`/api/topics/${privateTopic}/opinions`, { as: ada });
      expect(own.json().map((opinion: { id: string; content: string }) => [opinion.id, opinion.content])).toEqual([[privateOpinion, 'The seaside.']]);
    });

    it('answers 404 for a malformed or unknown topic id', async () => {
      for (const id of ['not-a-uuid', newId()]) {
        const answer = await query.get(`/api/topics/${id}/opinions`);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Topic not found' });
      }
    });
  });

  describe('GET /api/laws/:groupId', () => {
    it('lists the laws a group enacted, newest first, with the winning opinion and its proposer', async () => {
      const answer = await query.get(`/api/laws/${ISLAM}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        {
          id: closed,
          topicId: closed,
          opinionId: winning,
          content: 'Open until ten.',
          voteCount: 2,
          weightedSupport: 3,
          weightedOppose: 1,
          createdAt: T(8),
          topic: { id: closed, type: 'law_amendment', title: 'Library hours' },
          user: { firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
          hidden: null,
          method: null,
        },
        {
          id: dispute,
          topicId: dispute,
          opinionId: disputeOpinion,
          content: 'Share them by turns.',
          voteCount: 1,
          weightedSupport: 1,
          weightedOppose: 0,
          createdAt: T(7),
          topic: { id: dispute, type: 'dispute_resolution', title: 'The market stalls' },
          user: { firstName: 'Grace', lastName: 'Tester', profileImageUrl: null },
          hidden: null,
          method: null,
        },
      ]);
    });

    it('answers an empty list for a group without laws, and 404 for someone else\u2019s personal group', async () => {
      expect((await query.get(`/api/laws/${ada.groups.family}`, { as: ada })).json()).toEqual([]);
      const hidden = await query.get(`/api/laws/${ada.groups.family}`, { as: grace });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Group not found' });
    });

    it('reads a law enacted from an opinion an admin later hid as the opinion reads: blank with the reason, the text to admins only', async () => {
      const admin = await query.member('Hind');
      await query.record(roleGranted(admin.id, 'admin'), {
        type: 'ContentHidden',
        streamId: contentModerationStream('opinion', winning),
        data: {
          targetType: 'opinion',
          targetId: winning,
          topicId: closed,
          authorId: ada.id,
          reportId: newId(),
          reason: 'Names a private person.',
          hiddenBy: admin.id,
        },
        time: T(9),
      });
      const lawOf = async (as?: Member) => (await query.get(`/api/laws/${ISLAM}`, as ? { as } : {})).json().find((law: { id: string }) => law.id === closed);
      const notice = { reason: 'Names a private person.', hiddenAt: T(9) };
      // Its own author, another member and a visitor alike: the text is not sent at all.
      for (const reader of [ada, grace, undefined]) expect(await lawOf(reader)).toMatchObject({ content: '', hidden: notice });
      expect(await lawOf(admin)).toMatchObject({ content: 'Open until ten.', hidden: notice });
    });
  });
});
