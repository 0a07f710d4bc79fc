import { SCORE_POINTS } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participationProjection } from '../../src/profiles/participation.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, opinionPosted, topicCreated, topicDeleted, voteCast, voteRetracted, type VoteTarget } from '../spec-events';
import { ballotCast, candidateRegistered, electionDecided } from '../election-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:01:00.000Z';
const T3 = '2026-03-01T10:02:00.000Z';
const T4 = '2026-03-01T10:03:00.000Z';

/** A member_stats row; the score by docs/decisions.md: +1 per standing vote, +2 per opinion, +5 per topic, +10 per election won. */
const stats = (userId: string, counts: { topics?: number; opinions?: number; votes?: number; electionsWon?: number }) => {
  const topics = counts.topics ?? 0;
  const opinions = counts.opinions ?? 0;
  const votes = counts.votes ?? 0;
  const electionsWon = counts.electionsWon ?? 0;
  return {
    user_id: userId,
    topics_created: topics,
    opinions_posted: opinions,
    votes_cast: votes,
    elections_won: electionsWon,
    participation_score: votes + 2 * opinions + 5 * topics + 10 * electionsWon,
  };
};

describe('participation projection (member_stats and who took part)', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(participationProjection);
  });
  afterAll(async () => spec.close());

  const statsOf = (userId: string) => expectRows('member_stats', { where: { user_id: userId } });

  it('scores by the rule the decisions state', () => {
    expect(SCORE_POINTS).toEqual({ vote: 1, opinion: 2, topic: 5, electionWon: 10 });
  });

  it('gives 5 for a created topic and counts its creator as taking part in topic and group', async () => {
    const creator = newId();
    const topicId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 1682, creator))])
      .then(
        expectRows('member_stats').toEqual([stats(creator, { topics: 1 })]),
        expectRows('topic_participants').toEqual([{ topic_id: topicId, user_id: creator }]),
        expectRows('group_participants').toEqual([{ group_id: 1682, user_id: creator }]),
        expectRows('group_activity').toEqual([{ group_id: 1682, participant_count: 1 }]),
      );
  });

  it('takes the 5 back when the topic is deleted', async () => {
    const creator = newId();
    const [kept, deleted] = [newId(), newId()];
    await spec
      .given([at(T1, topicCreated(kept, 2, creator)), at(T1, topicCreated(deleted, 2, creator))])
      .when([at(T2, topicDeleted(deleted, 2, creator))])
      .then(statsOf(creator).toEqual([stats(creator, { topics: 1 })]));
  });

  it('gives 2 per opinion posted', async () => {
    const member = newId();
    const topicId = newId();
    await spec
      .given([at(T1, opinionPosted(newId(), topicId, 2, member))])
      .when([at(T2, opinionPosted(newId(), topicId, 2, member))])
      .then(statsOf(member).toEqual([stats(member, { opinions: 2 })]), expectRows('topic_participants').toEqual([{ topic_id: topicId, user_id: member }]));
  });

  describe('elections: +10 per election won; standing and casting a ballot are taking part', () => {
    it('gives 10 to the winner of every election decided for them, main or not, and nothing when nobody won', async () => {
      const [winner, creator] = [newId(), newId()];
      const [main, business, empty] = [newId(), newId(), newId()];
      await spec
        .given([at(T1, topicCreated(main, 1682, creator, { type: 'election', isMainElection: true }))])
        .when([at(T2, electionDecided(main, 1682, { userId: winner, candidateId: newId() }, T2))])
        .when([at(T3, electionDecided(business, 10002, { userId: winner, candidateId: newId() }, T3, false)), at(T3, electionDecided(empty, 1682, null, T3))])
        .then(statsOf(winner).toEqual([stats(winner, { electionsWon: 2 })]), statsOf(creator).toEqual([stats(creator, { topics: 1 })]));
    });

    it('counts candidates and ballot casters as taking part in the election, without counting a ballot as a vote', async () => {
      const [candidate, voter] = [newId(), newId()];
      const topicId = newId();
      const candidateId = newId();
      await spec
        .given([at(T1, candidateRegistered(candidateId, topicId, 1682, candidate))])
        .when([
          at(T2, ballotCast({ topicId, groupId: 1682, userId: voter }, candidateId)),
          at(T3, ballotCast({ topicId, groupId: 1682, userId: candidate }, candidateId)),
        ])
        .then(
          expectRows('topic_participants', { columns: ['user_id'], where: { topic_id: topicId }, orderBy: ['user_id'] }).toEqual(
            [{ user_id: candidate }, { user_id: voter }].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
          ),
          expectRows('group_activity', { where: { group_id: 1682 } }).toEqual([{ group_id: 1682, participant_count: 2 }]),
          expectRows('member_stats', { where: { user_id: voter } }).toEqual([]),
        );
    });
  });

  describe('votes: +1 for each opinion the member has a standing vote on', () => {
    const topicId = newId();
    const on = (opinionId: string, userId: string): VoteTarget => ({ opinionId, topicId, groupId: 2, userId });

    it('counts a new vote, and a changed vote still as one', async () => {
      const member = newId();
      const opinionId = newId();
      await spec
        .given([at(T1, voteCast(on(opinionId, member), 'support'))])
        .when([at(T2, voteCast(on(opinionId, member), 'oppose', 'support'))])
        .then(statsOf(member).toEqual([stats(member, { votes: 1 })]));
    });

    it('takes the point back when the vote is removed (toggling earns nothing)', async () => {
      const member = newId();
      const opinionId = newId();
      const toggledOff = spec.given([at(T1, voteCast(on(opinionId, member), 'support'))]).when([at(T2, voteRetracted(on(opinionId, member), 'support'))]);
      await toggledOff.then(statsOf(member).toEqual([stats(member, { votes: 0 })]));
      await toggledOff.when([at(T3, voteCast(on(opinionId, member), 'support'))]).then(statsOf(member).toEqual([stats(member, { votes: 1 })]));
    });

    it('counts one point per opinion voted on, several in one batch', async () => {
      const member = newId();
      const [first, second, third] = [newId(), newId(), newId()];
      await spec
        .given([
          at(T1, voteCast(on(first, member), 'support')),
          at(T1, voteCast(on(second, member), 'oppose')),
          at(T1, voteCast(on(third, member), 'support')),
          at(T2, voteCast(on(first, member), 'oppose', 'support')),
          at(T3, voteRetracted(on(third, member), 'support')),
        ])
        .then(statsOf(member).toEqual([stats(member, { votes: 2 })]));
    });
  });

  it('adds topics, opinions and votes into one score per member', async () => {
    const [creator, voter] = [newId(), newId()];
    const topicId = newId();
    const [mine, theirs] = [newId(), newId()];
    const target = (opinionId: string, userId: string): VoteTarget => ({ opinionId, topicId, groupId: 7, userId });
    await spec
      .given([at(T1, topicCreated(topicId, 7, creator)), at(T2, opinionPosted(mine, topicId, 7, creator)), at(T2, opinionPosted(theirs, topicId, 7, voter))])
      .when([
        at(T3, voteCast(target(mine, creator), 'support')),
        at(T3, voteCast(target(theirs, creator), 'oppose')),
        at(T3, voteCast(target(mine, voter), 'support')),
      ])
      .then(
        statsOf(creator).toEqual([stats(creator, { topics: 1, opinions: 1, votes: 2 })]),
        statsOf(voter).toEqual([stats(voter, { opinions: 1, votes: 1 })]),
        expectRows('member_stats', { columns: ['participation_score'], where: { user_id: creator } }).toEqual([{ participation_score: 5 + 2 + 2 }]),
      );
  });

  it('counts each member once per topic and group, however they took part and in however many batches', async () => {
    const [creator, poster, voter] = [newId(), newId(), newId()];
    const [topicId, otherTopic, opinionId] = [newId(), newId(), newId()];
    const target = (userId: string): VoteTarget => ({ opinionId, topicId, groupId: 3, userId });
    await spec
      .given([at(T1, topicCreated(topicId, 3, creator)), at(T1, opinionPosted(opinionId, topicId, 3, poster))])
      .when([at(T2, voteCast(target(creator), 'support')), at(T2, voteCast(target(poster), 'support')), at(T2, voteCast(target(voter), 'oppose'))])
      .when([at(T3, voteRetracted(target(voter), 'oppose')), at(T3, topicCreated(otherTopic, 3, voter)), at(T4, topicCreated(newId(), 4, voter))])
      .then(
        expectRows('topic_participants', { where: { topic_id: topicId }, orderBy: ['user_id'] }).toEqual(
          [creator, poster, voter].sort().map((userId) => ({ topic_id: topicId, user_id: userId })),
        ),
        expectRows('topic_participants', { where: { topic_id: otherTopic } }).toEqual([{ topic_id: otherTopic, user_id: voter }]),
        expectRows('group_activity').toEqual([
          { group_id: 3, participant_count: 3 },
          { group_id: 4, participant_count: 1 },
        ]),
        expectRows('group_participants', { where: { group_id: 4 } }).toEqual([{ group_id: 4, user_id: voter }]),
      );
  });

  it('gives the same rows whether a history comes in one batch or event by event', async () => {
    const [creator, member] = [newId(), newId()];
    const [topicId, opinionId] = [newId(), newId()];
    const target = (userId: string): VoteTarget => ({ opinionId, topicId, groupId: 2, userId });
    const history = [
      at(T1, topicCreated(topicId, 2, creator)),
      at(T1, opinionPosted(opinionId, topicId, 2, member)),
      at(T2, voteCast(target(creator), 'support')),
      at(T2, voteCast(target(member), 'support')),
      at(T3, voteCast(target(creator), 'oppose', 'support')),
      at(T3, voteRetracted(target(member), 'support')),
      at(T4, voteCast(target(member), 'oppose')),
    ];
    const expected = [
      expectRows('member_stats').toEqual(
        [stats(creator, { topics: 1, votes: 1 }), stats(member, { opinions: 1, votes: 1 })].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      ),
      expectRows('group_activity').toEqual([{ group_id: 2, participant_count: 2 }]),
    ];
    await spec.given(history).then(...expected);
    await spec
      .given([])
      .whenEach(history)
      .then(...expected);
  });

  // Known bug (see notes/layer-tests.md): a member whose events in one batch cancel out gets no member_stats row, while
  // the same events one by one leave a row of zeros; a rebuild (large batches) then differs from the live read models.
  it('leaves the same member_stats rows for events that cancel out within one batch as one by one', async () => {
    const member = newId();
    const target: VoteTarget = { opinionId: newId(), topicId: newId(), groupId: 2, userId: member };
    const votes = [at(T1, voteCast(target, 'support')), at(T2, voteRetracted(target, 'support'))];
    const batched = await spec.given(votes).run();
    const oneByOne = await spec.given([]).whenEach(votes).run();
    expect(await batched.rows('member_stats')).toEqual(await oneByOne.rows('member_stats'));
  });
});
