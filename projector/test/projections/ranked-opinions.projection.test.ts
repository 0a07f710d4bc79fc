import { schulze, topicTally, type ClosingTally, type Ranking } from '@civitas/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationProjection } from '../../src/delegation/delegation.projection';
import { electionsProjection } from '../../src/elections/elections.projection';
import { opinionsProjection } from '../../src/opinions/opinions.projection';
import { topicsProjection } from '../../src/topics/topics.projection';
import { Delegations } from '../delegation-events';
import { rankedBallotCast } from '../election-events';
import { ProjectionSpec, at, expectRows, specTime, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import { groupCreated, newId, opinionPosted, topicClosed, topicCreated } from '../spec-events';

const OPEN = 2;
const CLOSED_AT = '2026-04-01T10:00:00.000Z';

/**
 * A law amendment or dispute resolution decided among its opinions (issue #34 item 2) in the read
 * models: the topic's method and closing matrix, its ranked ballots kept whole, each ballot's weight
 * under its voter's id (never an opinion's support), and at closing the opinions' rows holding the
 * TopicClosed tallies.
 */
describe('a law decided among its opinions in the topics, opinions, elections and delegation projections', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([topicsProjection, opinionsProjection, electionsProjection, delegationProjection]);
  });
  afterAll(async () => spec.close());

  const [ada, bob, cy, dee] = [newId(), newId(), newId(), newId()];

  /** A ranked law topic with opinions x and y (posted in that order). */
  const rankedLaw = () => {
    const topicId = newId();
    const [x, y] = [newId(), newId()];
    return {
      topicId,
      x,
      y,
      by: (userId: string) => ({ topicId, groupId: OPEN, userId }),
      opened: [
        groupCreated(OPEN),
        topicCreated(topicId, OPEN, ada, { method: 'schulze' }),
        opinionPosted(x, topicId, OPEN, ada, 'Twice an hour.'),
        opinionPosted(y, topicId, OPEN, bob, 'Every hour.'),
      ],
      /** Every weighted row of the topic: its voters' under the topic, and its opinions'. */
      weights: () => weightsOf(topicId, [x, y]),
    };
  };

  it('names the method of a law decided among its opinions, none for one by support and oppose, and keeps the matrix it closed by', async () => {
    const [amendment, dispute, plain, discussion] = [newId(), newId(), newId(), newId()];
    const closing = topicClosed(amendment, OPEN, CLOSED_AT);
    const pairwise = [
      [0, 1],
      [2, 0],
    ];
    await spec
      .given([
        topicCreated(amendment, OPEN, ada, { method: 'schulze' }),
        topicCreated(dispute, OPEN, ada, { type: 'dispute_resolution', method: 'schulze' }),
        topicCreated(plain, OPEN, ada),
        topicCreated(discussion, OPEN, ada, { type: 'friends_discussion' }),
      ])
      .when([at(CLOSED_AT, { ...closing, data: { ...closing.data, method: 'schulze', pairwise } }), at(CLOSED_AT, topicClosed(plain, OPEN, CLOSED_AT))])
      .then(
        expectRows('topics', { columns: ['id', 'method', 'status', 'pairwise'], orderBy: ['created_position'] }).toEqual([
          { id: amendment, method: 'schulze', status: 'closed', pairwise },
          { id: dispute, method: 'schulze', status: 'active', pairwise: null },
          { id: plain, method: null, status: 'closed', pairwise: null },
          { id: discussion, method: null, status: 'active', pairwise: null },
        ]),
      );
  });

  it('keeps each member\u2019s ranking whole and weighs it under their id alone: the opinions\u2019 rows stay at 0 while open', async () => {
    const d = new Delegations();
    const { topicId, x, y, by, opened, weights } = rankedLaw();
    await spec
      .given([...opened, d.assign(OPEN, cy, bob), d.assign(OPEN, dee, cy)])
      .when([rankedBallotCast(by(bob), [[y], [topicId], [x]]), rankedBallotCast(by(ada), [[x, y]]), rankedBallotCast(by(ada), [[x], [topicId]])])
      .then(
        expectRows('preference_ballots', { columns: ['user_id', 'ranking'], where: { topic_id: topicId }, orderBy: ['cast_at'] }).toEqual([
          { user_id: bob, ranking: [[y], [topicId], [x]] },
          { user_id: ada, ranking: [[x], [topicId]] },
        ]),
        // Bob's ballot carries Cy and Dee (Dee -> Cy -> Bob).
        weights().toEqual(sorted([row(topicId, ada, 1), row(topicId, bob, 3), ...zeroRows([x, y])])),
        expectRows('tally_subjects', { columns: ['subject_id', 'kind', 'is_final'], where: { topic_id: topicId } }).toEqual(
          sortedBy('subject_id', [
            { subject_id: topicId, kind: 'ranking', is_final: false },
            { subject_id: x, kind: 'opinion', is_final: false },
            { subject_id: y, kind: 'opinion', is_final: false },
          ]),
        ),
        expectRows('direct_choices', { columns: ['subject_id', 'user_id', 'choice'], where: { subject_id: topicId }, orderBy: ['choice'] }).toEqual(
          sortedBy('choice', [
            { subject_id: topicId, user_id: ada, choice: ada },
            { subject_id: topicId, user_id: bob, choice: bob },
          ]),
        ),
        // Opinions have no votes: their direct counts stay 0, and no candidate row exists to move.
        expectRows('opinions', { columns: ['id', 'support_count', 'oppose_count'], where: { topic_id: topicId }, orderBy: ['posted_position'] }).toEqual([
          { id: x, support_count: 0, oppose_count: 0 },
          { id: y, support_count: 0, oppose_count: 0 },
        ]),
        expectRows('candidates', { columns: ['id'] }).toEqual([]),
      );
  });

  it('writes the TopicClosed tallies in the opinions\u2019 rows at closing, and moves nothing after', async () => {
    const d = new Delegations();
    const { topicId, x, y, by, opened, weights } = rankedLaw();
    // Ada ranks x alone (x above no change and y; no change ties y); Bob, carrying Cy (2), no change alone (above both).
    const tallies: ClosingTally[] = [
      { subjectId: x, supportCount: 1, opposeCount: 1, weightedSupport: 1, weightedOppose: 2 },
      { subjectId: y, supportCount: 0, opposeCount: 1, weightedSupport: 0, weightedOppose: 2 },
    ];
    const pairwise = [
      [0, 2, 2],
      [1, 0, 1],
      [0, 0, 0],
    ];
    const closing = topicClosed(topicId, OPEN, CLOSED_AT);
    const closed = spec
      .given([...opened, d.assign(OPEN, cy, bob), rankedBallotCast(by(ada), [[x]]), rankedBallotCast(by(bob), [[topicId]])])
      .when([at(CLOSED_AT, { ...closing, data: { ...closing.data, tallies, method: 'schulze', pairwise } })]);
    const final = sorted([row(topicId, ada, 1), row(topicId, bob, 2), row(x, 'support', 1), row(x, 'oppose', 2), row(y, 'support', 0), row(y, 'oppose', 2)]);
    const opinionCounts = expectRows('opinions', {
      columns: ['id', 'support_count', 'oppose_count'],
      where: { topic_id: topicId },
      orderBy: ['posted_position'],
    });
    const counted = opinionCounts.toEqual([
      { id: x, support_count: 1, oppose_count: 1 },
      { id: y, support_count: 0, oppose_count: 1 },
    ]);
    await closed.then(
      weights().toEqual(final),
      counted,
      expectRows('tally_subjects', { columns: ['is_final'], where: { topic_id: topicId } }).toEqual([
        { is_final: true },
        { is_final: true },
        { is_final: true },
      ]),
      expectRows('topics', { columns: ['status', 'pairwise'], where: { id: topicId } }).toEqual([{ status: 'closed', pairwise }]),
    );
    // Redelivered, and followed by a ballot and a delegation: the same rows.
    await closed.redelivered().then(weights().toEqual(final), counted);
    await closed.when([rankedBallotCast(by(dee), [[y]]), d.assign(OPEN, ada, bob)]).then(weights().toEqual(final), counted);
    // A plain law's closing leaves its opinions' direct counts to its votes, as before.
    const plain = newId();
    const opinion = newId();
    const plainClosing = topicClosed(plain, OPEN, CLOSED_AT);
    await spec
      .given([groupCreated(OPEN), topicCreated(plain, OPEN, ada), opinionPosted(opinion, plain, OPEN, ada)])
      .when([at(CLOSED_AT, { ...plainClosing, data: { ...plainClosing.data, tallies: [{ ...tallies[0]!, subjectId: opinion }] } })])
      .then(expectRows('opinions', { columns: ['support_count', 'oppose_count'], where: { id: opinion } }).toEqual([{ support_count: 0, oppose_count: 0 }]));
  });

  it('gives the same rows delivered one by one and redelivered, and the tally module\u2019s matrix from the ballots and their weights', async () => {
    const d = new Delegations();
    const { topicId, x, y, by, opened } = rankedLaw();
    const history: SpecEvent[] = [
      ...opened,
      d.assign(OPEN, ada, bob),
      rankedBallotCast(by(bob), [[x], [topicId], [y]]),
      d.assign(OPEN, bob, cy),
      rankedBallotCast(by(cy), [[topicId, y]]),
      d.assign(OPEN, dee, cy),
      rankedBallotCast(by(bob), [[y]]),
      d.revoke(OPEN, dee),
      rankedBallotCast(by(dee), [[topicId], [x]]),
    ];
    const tables = {
      tally_subjects: ['subject_id', 'kind', 'is_final'],
      direct_choices: ['subject_id', 'user_id', 'choice'],
      weighted_tallies: ['subject_id', 'choice', 'weight'],
      preference_ballots: ['user_id', 'ranking'],
      opinions: ['id', 'support_count', 'oppose_count'],
      topics: ['id', 'method', 'opinion_count'],
    };
    const all = await spec.given(history).run();
    const each = await spec.given([]).whenEach(history).run();
    const again = await spec.given(history.slice(0, 7)).when(history.slice(7)).redelivered().run();
    for (const [table, columns] of Object.entries(tables)) {
      const rows = await all.rows(table, { columns });
      expect(await each.rows(table, { columns }), table).toEqual(rows);
      expect(await again.rows(table, { columns }), table).toEqual(rows);
    }
    const state = topicTally.initial(topicId);
    history.forEach((event, index) => topicTally.apply(state, { type: event.type, data: event.data, at: specTime(index + 1) }));
    const tallies = topicTally.tallies(state);
    const options = [topicId, x, y];
    const { pairwise } = schulze(options, await ballotsOf(all, topicId));
    expect(pairwise).toEqual(tallies.schulze?.pairwise);
    // Bob (carrying Ada, 2) ranks y alone: y above no change and x. Cy (1) ties no change with y, both above x.
    // Dee (1, her delegation revoked): no change above x above y.
    expect(pairwise).toEqual([
      [0, 2, 1],
      [0, 0, 1],
      [2, 3, 0],
    ]);
  });
});

const row = (subject_id: string, choice: string, weight: number) => ({ subject_id, choice, weight });
const zeroRows = (opinions: string[]) => opinions.flatMap((id) => [row(id, 'support', 0), row(id, 'oppose', 0)]);
const sortedBy = <Row extends Record<string, unknown>>(key: keyof Row, rows: Row[]) => [...rows].sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : 1));
const sorted = (rows: Array<ReturnType<typeof row>>) =>
  [...rows].sort((a, b) => (a.subject_id < b.subject_id ? -1 : a.subject_id > b.subject_id ? 1 : a.choice < b.choice ? -1 : 1));

/** Every weighted row of the topic's subject and of its opinions. */
const weightsOf = (topicId: string, opinions: string[]) => ({
  toEqual: (expected: ReturnType<typeof sorted>) => async (outcome: ProjectionOutcome) => {
    const { rows } = await sql<ReturnType<typeof row>>`
      select subject_id, choice, weight from ${sql.id(outcome.schema, 'weighted_tallies')}
      where subject_id = any(${[topicId, ...opinions]}::uuid[]) order by subject_id, choice`.execute(outcome.db);
    expect(rows).toEqual(expected);
  },
});

/** What the query side reads: each ballot with its voter's weight row. */
async function ballotsOf(outcome: ProjectionOutcome, topicId: string) {
  const table = (name: string) => sql.id(outcome.schema, name);
  const { rows } = await sql<{ ranking: Ranking; weight: number }>`
    select pb.ranking, coalesce(w.weight, 0)::int as weight from ${table('preference_ballots')} pb
    left join ${table('weighted_tallies')} w on w.subject_id = pb.topic_id and w.choice = pb.user_id::text
    where pb.topic_id = ${topicId}`.execute(outcome.db);
  return rows;
}
