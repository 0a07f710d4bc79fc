import { afterAll, beforeAll, describe, it } from 'vitest';
import { electionsProjection } from '../../src/elections/elections.projection';
import { approvalBallotCast, candidateRegistered, rankedBallotCast } from '../election-events';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const GROUP = 2;

const VOTES = { columns: ['id', 'direct_votes'], orderBy: ['created_position'] } as const;
const BALLOTS = { columns: ['user_id', 'ranking', 'cast_at'], orderBy: ['user_id'] } as const;

/** Ranked and approval ballots in the elections projection (issue #34): the standing ballot of each member, and first preferences / approvals as direct counts. */
describe('elections projection: ranked and approval ballots', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(electionsProjection);
  });
  afterAll(async () => spec.close());

  const [ada, grace, linus, ken] = [newId(), newId(), newId(), newId()];
  /** An election with three candidates: Ada, Grace, Linus, in that order. */
  const election = () => {
    const topicId = newId();
    const [a, g, l] = [newId(), newId(), newId()];
    const by = (userId: string) => ({ topicId, groupId: GROUP, userId });
    const registered = [a, g, l].map((candidateId, index) => at(T1, candidateRegistered(candidateId, topicId, GROUP, [ada, grace, linus][index]!)));
    return { topicId, a, g, l, by, registered };
  };
  const byUser = <Row extends { user_id: string }>(rows: Row[]) => [...rows].sort((x, y) => (x.user_id < y.user_id ? -1 : 1));

  it('keeps each member\u2019s ranking whole and counts first preferences, a tie at the top counting for each', async () => {
    const { topicId, a, g, l, by, registered } = election();
    await spec
      .given(registered)
      .when([at(T2, rankedBallotCast(by(ken), [[g], [a, l]])), at(T2, rankedBallotCast(by(linus), [[a, g], [l]]))])
      .then(
        expectRows('preference_ballots', { ...BALLOTS, where: { topic_id: topicId } }).toEqual(
          byUser([
            { user_id: ken, ranking: [[g], [a, l]], cast_at: T2 },
            { user_id: linus, ranking: [[a, g], [l]], cast_at: T2 },
          ]),
        ),
        expectRows('candidates', VOTES).toEqual([
          { id: a, direct_votes: 1 },
          { id: g, direct_votes: 2 },
          { id: l, direct_votes: 0 },
        ]),
        // Plurality's table is left alone.
        expectRows('ballots').toEqual([]),
      );
  });

  it('keeps an approval ballot as one tier and counts every approval', async () => {
    const { a, g, l, by, registered } = election();
    await spec
      .given(registered)
      .when([at(T2, approvalBallotCast(by(ken), [a, l])), at(T2, approvalBallotCast(by(grace), [l]))])
      .then(
        expectRows('preference_ballots', BALLOTS).toEqual(
          byUser([
            { user_id: ken, ranking: [[a, l]], cast_at: T2 },
            { user_id: grace, ranking: [[l]], cast_at: T2 },
          ]),
        ),
        expectRows('candidates', VOTES).toEqual([
          { id: a, direct_votes: 1 },
          { id: g, direct_votes: 0 },
          { id: l, direct_votes: 2 },
        ]),
      );
  });

  it('replaces a member\u2019s ballot whole: its old choices lose the ballot, the new ones gain it', async () => {
    const { a, g, l, by, registered } = election();
    const given = spec.given([...registered, at(T2, approvalBallotCast(by(ken), [a, g])), at(T2, approvalBallotCast(by(linus), [a]))]);
    await given.when([at(T3, approvalBallotCast(by(ken), [l]))]).then(
      expectRows('candidates', VOTES).toEqual([
        { id: a, direct_votes: 1 },
        { id: g, direct_votes: 0 },
        { id: l, direct_votes: 1 },
      ]),
      expectRows('preference_ballots', { columns: ['ranking', 'cast_at'], where: { user_id: ken } }).toEqual([{ ranking: [[l]], cast_at: T3 }]),
    );
    // Changed twice in one batch: only the last ballot stands.
    await given.when([at(T3, approvalBallotCast(by(ken), [l])), at(T3, approvalBallotCast(by(ken), [g, l]))]).then(
      expectRows('candidates', VOTES).toEqual([
        { id: a, direct_votes: 1 },
        { id: g, direct_votes: 1 },
        { id: l, direct_votes: 1 },
      ]),
    );
  });

  it('gives the same rows whether a history comes in one batch or event by event, and a redelivered batch changes nothing', async () => {
    const { a, g, l, by, registered } = election();
    const history = [
      ...registered,
      at(T2, rankedBallotCast(by(ken), [[a], [g]])),
      at(T2, rankedBallotCast(by(linus), [[g, l]])),
      at(T3, rankedBallotCast(by(ken), [[l], [a]])),
      at(T3, rankedBallotCast(by(ada), [[a]])),
      at(T3, rankedBallotCast(by(linus), [[g], [a], [l]])),
    ];
    const votes = expectRows('candidates', VOTES).toEqual([
      { id: a, direct_votes: 1 },
      { id: g, direct_votes: 1 },
      { id: l, direct_votes: 1 },
    ]);
    const ballots = expectRows('preference_ballots', { columns: ['user_id', 'ranking'], orderBy: ['user_id'] }).toEqual(
      byUser([
        { user_id: ken, ranking: [[l], [a]] },
        { user_id: ada, ranking: [[a]] },
        { user_id: linus, ranking: [[g], [a], [l]] },
      ]),
    );
    await spec.given(history).then(votes, ballots);
    await spec.given([]).whenEach(history).then(votes, ballots);
    await spec.given(registered).when(history.slice(registered.length)).redelivered().then(votes, ballots);
  });
});
