import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opinionsProjection } from '../../src/opinions/opinions.projection';
import { ProjectionSpec, at, expectQuery, expectRows, type SpecEvent } from '../projection-spec';
import { newId, opinionPosted, voteCast, voteRetracted, type VoteTarget } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:01:00.000Z';
const T3 = '2026-03-01T10:02:00.000Z';
const T4 = '2026-03-01T10:03:00.000Z';
const T5 = '2026-03-01T10:04:00.000Z';

/** Direct counts only: the weighted ones are the delegation projection's (weighted_tallies). */
const TALLY = ['support_count', 'oppose_count'];
const VOTE = ['user_id', 'vote_type', 'cast_at'];
const tally = (support: number, oppose: number) => ({ support_count: support, oppose_count: oppose });

describe('opinions projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(opinionsProjection);
  });
  afterAll(async () => spec.close());

  const topicId = newId();
  const author = newId();
  const [ada, grace, alan, edsger] = [newId(), newId(), newId(), newId()];
  /** One opinion on the topic and who votes on it. */
  const opinion = () => {
    const opinionId = newId();
    const by = (userId: string): VoteTarget => ({ opinionId, topicId, groupId: 2, userId });
    return { opinionId, posted: at(T1, opinionPosted(opinionId, topicId, 2, author, 'Buses every 30 minutes.')), by };
  };
  const tallyOf = (opinionId: string) => expectRows('opinions', { columns: TALLY, where: { id: opinionId } });
  const votesOn = (opinionId: string) => expectRows('votes', { columns: VOTE, where: { opinion_id: opinionId }, orderBy: ['user_id'] });
  const sortedByUser = <Row extends { user_id: string }>(rows: Row[]) => rows.sort((a, b) => (a.user_id < b.user_id ? -1 : 1));

  it('projects a posted opinion with every field and an empty tally', async () => {
    const { opinionId, posted } = opinion();
    await spec.given([posted]).then(
      expectRows('opinions', { columns: ['id', 'topic_id', 'group_id', 'user_id', 'content', ...TALLY, 'created_at', 'updated_at'] }).toEqual([
        {
          id: opinionId,
          topic_id: topicId,
          group_id: 2,
          user_id: author,
          content: 'Buses every 30 minutes.',
          ...tally(0, 0),
          created_at: T1,
          updated_at: T1,
        },
      ]),
      expectRows('votes').toEqual([]),
    );
  });

  it('counts a support and an oppose directly, each member\u2019s vote once', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted])
      .when([at(T2, voteCast(by(ada), 'support')), at(T3, voteCast(by(grace), 'oppose'))])
      .then(
        tallyOf(opinionId).toEqual([tally(1, 1)]),
        expectRows('opinions', { columns: ['updated_at'], where: { id: opinionId } }).toEqual([{ updated_at: T3 }]),
        votesOn(opinionId).toEqual(
          sortedByUser([
            { user_id: ada, vote_type: 'support', cast_at: T2 },
            { user_id: grace, vote_type: 'oppose', cast_at: T3 },
          ]),
        ),
      );
  });

  it('removes a vote when the same type is chosen again (the decider writes VoteRetracted)', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted, at(T2, voteCast(by(ada), 'support'))])
      .when([at(T3, voteRetracted(by(ada), 'support'))])
      .then(tallyOf(opinionId).toEqual([tally(0, 0)]), votesOn(opinionId).toEqual([]));
  });

  it('replaces a vote when the other type is chosen (VoteCast naming the previous vote)', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted, at(T2, voteCast(by(ada), 'support'))])
      .when([at(T3, voteCast(by(ada), 'oppose', 'support'))])
      .then(tallyOf(opinionId).toEqual([tally(0, 1)]), votesOn(opinionId).toEqual([{ user_id: ada, vote_type: 'oppose', cast_at: T3 }]));
  });

  it('removes an opposing vote retracted through DELETE /api/votes', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted, at(T2, voteCast(by(ada), 'oppose')), at(T2, voteCast(by(grace), 'oppose'))])
      .when([at(T3, voteRetracted(by(grace), 'oppose'))])
      .then(tallyOf(opinionId).toEqual([tally(0, 1)]), votesOn(opinionId).toEqual([{ user_id: ada, vote_type: 'oppose', cast_at: T2 }]));
  });

  /** One member clicking support, oppose, oppose (removes), support: what the decider writes for those clicks. */
  const clicks = (target: VoteTarget): SpecEvent[] => [
    at(T2, voteCast(target, 'support')),
    at(T3, voteCast(target, 'oppose', 'support')),
    at(T4, voteRetracted(target, 'oppose')),
    at(T5, voteCast(target, 'support')),
  ];

  it('folds several votes of one member in one batch into their last vote', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted])
      .when(clicks(by(ada)))
      .then(tallyOf(opinionId).toEqual([tally(1, 0)]), votesOn(opinionId).toEqual([{ user_id: ada, vote_type: 'support', cast_at: T5 }]));
  });

  it('folds to the same rows whether the votes come in one batch or one by one', async () => {
    const { opinionId, posted, by } = opinion();
    const votes = [
      ...clicks(by(ada)),
      at(T5, voteCast(by(grace), 'oppose')),
      at(T5, voteCast(by(alan), 'support')),
      at(T5, voteRetracted(by(alan), 'support')),
    ];
    const expected = [
      expectRows('opinions', { columns: ['id', ...TALLY, 'updated_at'] }).toEqual([{ id: opinionId, ...tally(1, 1), updated_at: T5 }]),
      votesOn(opinionId).toEqual(
        sortedByUser([
          { user_id: ada, vote_type: 'support', cast_at: T5 },
          { user_id: grace, vote_type: 'oppose', cast_at: T5 },
        ]),
      ),
    ];
    await spec
      .given([posted])
      .when(votes)
      .then(...expected);
    await spec
      .given([posted])
      .whenEach(votes)
      .then(...expected);
  });

  // Known bug (see notes/layer-tests.md): a batch whose votes cancel out leaves updated_at where it was, while the same
  // events one by one move it; live batches are small and rebuild batches large, so a rebuild is not byte-identical.
  it('moves updated_at for votes that cancel out within one batch as it does one by one', async () => {
    const { posted, by } = opinion();
    const votes = [at(T2, voteCast(by(ada), 'support')), at(T3, voteRetracted(by(ada), 'support'))];
    const batched = await spec.given([posted]).when(votes).run();
    const oneByOne = await spec.given([posted]).whenEach(votes).run();
    expect(await batched.rows('opinions')).toEqual(await oneByOne.rows('opinions'));
  });

  it('ends with no vote when a member\u2019s batch ends in a retraction', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted, at(T2, voteCast(by(ada), 'oppose'))])
      .when([at(T3, voteCast(by(ada), 'support', 'oppose')), at(T4, voteRetracted(by(ada), 'support'))])
      .then(tallyOf(opinionId).toEqual([tally(0, 0)]), votesOn(opinionId).toEqual([]));
  });

  it('tallies several members on several opinions in one batch', async () => {
    const first = opinion();
    const second = opinion();
    await spec
      .given([first.posted, second.posted])
      .when([
        at(T2, voteCast(first.by(ada), 'support')),
        at(T2, voteCast(first.by(grace), 'support')),
        at(T2, voteCast(first.by(alan), 'support')),
        at(T2, voteCast(first.by(edsger), 'oppose')),
        at(T3, voteCast(second.by(ada), 'oppose')),
        at(T3, voteCast(second.by(grace), 'oppose')),
      ])
      .then(
        tallyOf(first.opinionId).toEqual([tally(3, 1)]),
        tallyOf(second.opinionId).toEqual([tally(0, 2)]),
        expectQuery(
          async ({ db, schema }) =>
            (await sql<{ votes: number }>`select count(*)::int as votes from ${sql.id(schema, 'votes')} where topic_id = ${topicId}`.execute(db)).rows[0]!
              .votes,
        ).toEqual(6),
      );
  });

  it('keeps the order opinions were posted in: the older first, equal times the earlier stored', async () => {
    const [first, tiedEarly, tiedLate, last] = [opinion(), opinion(), opinion(), opinion()];
    await spec
      .given([
        at(T1, opinionPosted(first.opinionId, topicId, 2, author)),
        at(T2, opinionPosted(tiedEarly.opinionId, topicId, 2, author)),
        at(T2, opinionPosted(tiedLate.opinionId, topicId, 2, author)),
        at(T3, opinionPosted(last.opinionId, topicId, 2, author)),
      ])
      .when([at(T4, voteCast(last.by(ada), 'support'))])
      .then(
        expectQuery(async ({ db, schema }) =>
          (
            await sql<{ id: string }>`
      select id from ${sql.id(schema, 'opinions')} where topic_id = ${topicId} order by created_at, posted_position`.execute(db)
          ).rows.map((row) => row.id),
        ).toEqual([first.opinionId, tiedEarly.opinionId, tiedLate.opinionId, last.opinionId]),
      );
  });

  it('keeps an opinion and its tally when the opinion is posted again', async () => {
    const { opinionId, posted, by } = opinion();
    await spec
      .given([posted, at(T2, voteCast(by(ada), 'support'))])
      .when([at(T3, opinionPosted(opinionId, topicId, 2, author, 'Rewritten'))])
      .then(
        expectRows('opinions', { columns: ['content', ...TALLY, 'created_at'] }).toEqual([
          { content: 'Buses every 30 minutes.', ...tally(1, 0), created_at: T1 },
        ]),
      );
  });

  it('changes nothing when a batch of posted opinions is delivered again', async () => {
    const first = opinion();
    const second = opinion();
    await spec
      .given([first.posted, second.posted])
      .redelivered()
      .when([at(T2, voteCast(first.by(ada), 'support'))])
      .then(
        expectRows('opinions', { columns: ['id', 'support_count'], orderBy: ['support_count'] }).toEqual([
          { id: second.opinionId, support_count: 0 },
          { id: first.opinionId, support_count: 1 },
        ]),
      );
  });

  it('does not fail on a vote for an opinion it has never seen', async () => {
    const { opinionId, by } = opinion();
    await spec.given([at(T2, voteCast(by(ada), 'support')), at(T3, voteRetracted(by(grace), 'oppose'))]).then(tallyOf(opinionId).toEqual([]));
  });
});
