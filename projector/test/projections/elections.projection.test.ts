import { encodePosition } from '@civitas/events';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { electionsProjection } from '../../src/elections/elections.projection';
import { ballotCast, ballotWithdrawn, candidateRegistered } from '../election-events';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const GROUP = 1682;

const VOTES = { columns: ['id', 'direct_votes'], orderBy: ['created_position'] } as const;

describe('elections projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(electionsProjection);
  });
  afterAll(async () => spec.close());

  const [ada, grace, linus, ken] = [newId(), newId(), newId(), newId()];
  /** An election with two candidates, Ada then Grace. */
  const election = () => {
    const topicId = newId();
    const [first, second] = [newId(), newId()];
    const by = (userId: string) => ({ topicId, groupId: GROUP, userId });
    return {
      topicId,
      first,
      second,
      by,
      registered: [at(T1, candidateRegistered(first, topicId, GROUP, ada, 'Open books.')), at(T1, candidateRegistered(second, topicId, GROUP, grace, ''))],
    };
  };

  it('projects candidates with every field, in registration order, with no ballots', async () => {
    const { topicId, first, second, registered } = election();
    await spec.given(registered).then(
      expectRows('candidates', { orderBy: ['created_position'] }).toEqual([
        {
          id: first,
          user_id: ada,
          group_id: GROUP,
          topic_id: topicId,
          statement: 'Open books.',
          direct_votes: 0,
          created_at: T1,
          created_position: encodePosition(1n, 1n),
        },
        {
          id: second,
          user_id: grace,
          group_id: GROUP,
          topic_id: topicId,
          statement: '',
          direct_votes: 0,
          created_at: T1,
          created_position: encodePosition(1n, 2n),
        },
      ]),
    );
  });

  it('counts direct ballots, moves one with its member and withdraws it', async () => {
    const { first, second, by, registered } = election();
    const given = spec.given(registered).when([at(T2, ballotCast(by(linus), first)), at(T2, ballotCast(by(ken), first))]);
    await given.then(
      expectRows('candidates', VOTES).toEqual([
        { id: first, direct_votes: 2 },
        { id: second, direct_votes: 0 },
      ]),
      expectRows('ballots', { columns: ['user_id', 'candidate_id', 'cast_at'], orderBy: ['candidate_id', 'user_id'] }).toEqual(
        [
          { user_id: linus, candidate_id: first, cast_at: T2 },
          { user_id: ken, candidate_id: first, cast_at: T2 },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      ),
    );
    await given.when([at(T3, ballotCast(by(linus), second, first))]).then(
      expectRows('candidates', VOTES).toEqual([
        { id: first, direct_votes: 1 },
        { id: second, direct_votes: 1 },
      ]),
      expectRows('ballots', { columns: ['candidate_id', 'cast_at'], where: { user_id: linus } }).toEqual([{ candidate_id: second, cast_at: T3 }]),
    );
    await given.when([at(T3, ballotWithdrawn(by(ken), first))]).then(
      expectRows('candidates', VOTES).toEqual([
        { id: first, direct_votes: 1 },
        { id: second, direct_votes: 0 },
      ]),
      expectRows('ballots', { columns: ['user_id'], where: { user_id: ken } }).toEqual([]),
    );
  });

  it('gives the same rows whether a history comes in one batch or event by event', async () => {
    const { first, second, by, registered } = election();
    const history = [
      ...registered,
      at(T2, ballotCast(by(linus), first)),
      at(T2, ballotCast(by(ken), second)),
      at(T2, ballotCast(by(linus), second, first)),
      at(T3, ballotWithdrawn(by(ken), second)),
      at(T3, ballotCast(by(ken), first)),
      at(T3, ballotCast(by(ada), first)),
    ];
    const expected = expectRows('candidates', VOTES).toEqual([
      { id: first, direct_votes: 2 },
      { id: second, direct_votes: 1 },
    ]);
    await spec.given(history).then(expected);
    await spec.given([]).whenEach(history).then(expected);
  });

  it('changes nothing when a batch is delivered again', async () => {
    const { first, second, by, registered } = election();
    await spec
      .given(registered)
      .when([at(T2, ballotCast(by(linus), first)), at(T2, ballotCast(by(ken), second))])
      .redelivered()
      .then(
        expectRows('candidates', VOTES).toEqual([
          { id: first, direct_votes: 1 },
          { id: second, direct_votes: 1 },
        ]),
      );
  });

  it('does not fail on a ballot for a candidate it has never seen', async () => {
    const { topicId, by } = election();
    const stranger = newId();
    await spec
      .given([at(T2, ballotCast(by(linus), stranger))])
      .then(
        expectRows('candidates').toEqual([]),
        expectRows('ballots', { columns: ['topic_id', 'candidate_id'] }).toEqual([{ topic_id: topicId, candidate_id: stranger }]),
      );
  });
});
