import { topicTally, type ClosingTally } from '@civitas/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationProjection } from '../../src/delegation/delegation.projection';
import { electionsProjection } from '../../src/elections/elections.projection';
import { Delegations } from '../delegation-events';
import { approvalBallotCast, ballotCast, candidateRegistered, rankedBallotCast } from '../election-events';
import { ProjectionSpec, expectRows, specTime, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import { groupCreated, newId, topicClosed, topicCreated, verificationApproved } from '../spec-events';

// An open religion group (everyone may take part) and a national one (only its verified citizens).
const OPEN = 2;
const NATIONAL = 1682;
const groups = [groupCreated(OPEN), groupCreated(NATIONAL, { department: 'national', subcategory: 'saudi_arabia', name: 'Saudi Arabia' })];

/**
 * The delegation projection weighs each ranked or approval ballot (issue #34 item 4): the voter
 * "chooses" their own id, so the election's weighted_tallies row under the voter's id is the weight
 * their whole ballot counts with (chains, overrides, eligibility as for any choice).
 */
describe('delegation projection: weights of ranked and approval ballots', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([electionsProjection, delegationProjection]);
  });
  afterAll(async () => spec.close());

  const [ada, bob, cy, dee, eve] = [newId(), newId(), newId(), newId(), newId()];

  /** An election in a group with candidates a, b and c. */
  const electionIn = (groupId: number, method: 'schulze' | 'approval') => {
    const topicId = newId();
    const [a, b, c] = [newId(), newId(), newId()];
    const by = (userId: string) => ({ topicId, groupId, userId });
    return {
      topicId,
      a,
      b,
      c,
      by,
      opened: [
        topicCreated(topicId, groupId, eve, { type: 'election', method }),
        candidateRegistered(a, topicId, groupId, eve),
        candidateRegistered(b, topicId, groupId, dee),
        candidateRegistered(c, topicId, groupId, newId()),
      ],
      /** Every weighted row of the election: its candidates' and its voters'. */
      rows: () => expectRows('weighted_tallies', { columns: ['choice', 'weight'], where: { subject_id: topicId }, orderBy: ['choice'] }),
    };
  };
  const sorted = (rows: Array<{ choice: string; weight: number }>) => [...rows].sort((x, y) => (x.choice < y.choice ? -1 : 1));
  const candidatesAt = (ids: string[], weight = 0) => ids.map((choice) => ({ choice, weight }));

  it('gives the ballot at the end of a chain A -> B -> C the weight of all three, its candidates\u2019 rows staying at 0', async () => {
    const d = new Delegations();
    const { opened, a, b, c, by, rows } = electionIn(OPEN, 'schulze');
    const chain = [d.assign(OPEN, ada, bob), d.assign(OPEN, bob, cy), d.assign(OPEN, dee, ada)];
    const expected = sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 4 }]);
    await spec
      .given([...groups, ...opened, ...chain])
      .when([rankedBallotCast(by(cy), [[b], [a]])])
      .then(rows().toEqual(expected), expectRows('direct_choices', { columns: ['user_id', 'choice'] }).toEqual([{ user_id: cy, choice: cy }]));
    // The ballot first, the delegations after: the same weight.
    const later = new Delegations();
    await spec
      .given([...groups, ...opened, rankedBallotCast(by(cy), [[b], [a]])])
      .whenEach([later.assign(OPEN, ada, bob), later.assign(OPEN, bob, cy), later.assign(OPEN, dee, ada)])
      .then(rows().toEqual(expected));
  });

  it('lets a delegator\u2019s own ballot override their delegation, for them and those who delegate to them', async () => {
    const d = new Delegations();
    const { opened, a, b, c, by, rows } = electionIn(OPEN, 'approval');
    const given = spec.given([
      ...groups,
      ...opened,
      d.assign(OPEN, ada, bob),
      d.assign(OPEN, bob, cy),
      d.assign(OPEN, dee, ada),
      approvalBallotCast(by(cy), [a]),
    ]);
    await given
      .when([approvalBallotCast(by(ada), [b, c])])
      .then(rows().toEqual(sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 2 }, { choice: ada, weight: 2 }])));
    // A new ballot replaces the old: the weight stays the voter's.
    await given
      .when([approvalBallotCast(by(ada), [b, c]), approvalBallotCast(by(ada), [a])])
      .then(rows().toEqual(sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 2 }, { choice: ada, weight: 2 }])));
    // Revoked: Bob's weight returns to himself, and he has no ballot; Cy keeps only their own.
    await given
      .when([approvalBallotCast(by(ada), [b]), d.revoke(OPEN, bob)])
      .then(rows().toEqual(sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 1 }, { choice: ada, weight: 2 }])));
  });

  it('stops a national chain at a member without verification', async () => {
    const d = new Delegations();
    const { opened, a, b, c, by, rows } = electionIn(NATIONAL, 'approval');
    const given = spec.given([
      ...groups,
      ...opened,
      ...[ada, cy].map((userId) => verificationApproved(newId(), userId)),
      d.assign(NATIONAL, ada, bob),
      d.assign(NATIONAL, bob, cy),
      approvalBallotCast(by(cy), [a, b]),
    ]);
    await given.then(rows().toEqual(sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 1 }])));
    await given.when([verificationApproved(newId(), bob)]).then(rows().toEqual(sorted([...candidatesAt([a, b, c]), { choice: cy, weight: 3 }])));
  });

  it('gives the same rows delivered one by one, and applies a redelivered batch once', async () => {
    const d = new Delegations();
    const { opened, a, b, by } = electionIn(OPEN, 'schulze');
    const history: SpecEvent[] = [
      ...groups,
      ...opened,
      d.assign(OPEN, ada, bob),
      rankedBallotCast(by(bob), [[a], [b]]),
      d.assign(OPEN, bob, cy),
      rankedBallotCast(by(cy), [[b, a]]),
      d.assign(OPEN, dee, cy),
      rankedBallotCast(by(bob), [[b]]),
      d.revoke(OPEN, dee),
      rankedBallotCast(by(dee), [[a]]),
    ];
    // Each table by its key (cast_at aside: one-by-one delivery gives each event its own time).
    const tables = {
      tally_subjects: ['subject_id', 'is_final'],
      direct_choices: ['subject_id', 'user_id', 'choice'],
      weighted_tallies: ['subject_id', 'choice', 'weight'],
      preference_ballots: ['user_id', 'ranking'],
      candidates: ['id', 'direct_votes'],
    };
    const all = await spec.given(history).run();
    const each = await spec.given([]).whenEach(history).run();
    const again = await spec.given(history.slice(0, 6)).when(history.slice(6)).redelivered().run();
    for (const [table, columns] of Object.entries(tables)) {
      const rows = await all.rows(table, { columns });
      expect(await each.rows(table, { columns }), table).toEqual(rows);
      expect(await again.rows(table, { columns }), table).toEqual(rows);
    }
    // Bob carries Ada; Cy only themself; Dee their own.
    expect(await all.rows('weighted_tallies', { columns: ['choice', 'weight'], where: { weight: 2 } })).toEqual([{ choice: bob, weight: 2 }]);
  });

  it('writes the closing tallies in the candidates\u2019 rows, and moves nothing after', async () => {
    const d = new Delegations();
    const { topicId, opened, a, b, c, by, rows } = electionIn(OPEN, 'approval');
    const closing = topicClosed(topicId, OPEN, '2026-04-01T10:00:00.000Z', 'election');
    const tallies: ClosingTally[] = [
      { subjectId: a, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: b, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: c, supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0 },
    ];
    const closed = spec
      .given([...groups, ...opened, d.assign(OPEN, ada, bob), approvalBallotCast(by(bob), [a, b])])
      .when([{ ...closing, data: { ...closing.data, tallies } }]);
    const final = sorted([
      { choice: a, weight: 2 },
      { choice: b, weight: 2 },
      { choice: c, weight: 0 },
      { choice: bob, weight: 2 },
    ]);
    await closed.then(rows().toEqual(final), expectRows('tally_subjects', { columns: ['is_final'] }).toEqual([{ is_final: true }]));
    await closed.when([approvalBallotCast(by(cy), [c]), d.assign(OPEN, dee, bob)]).then(rows().toEqual(final));
  });

  it('gives each candidate, as the sum of the weights of the ballots approving it, the tally module\u2019s count', async () => {
    const d = new Delegations();
    const { topicId, opened, a, b, c, by } = electionIn(OPEN, 'approval');
    const [fay, gus] = [newId(), newId()];
    const history: SpecEvent[] = [
      ...groups,
      ...opened,
      d.assign(OPEN, ada, bob),
      d.assign(OPEN, bob, cy),
      d.assign(OPEN, fay, gus),
      d.assign(OPEN, gus, fay),
      d.assign(OPEN, dee, fay),
      approvalBallotCast(by(cy), [a, b]),
      approvalBallotCast(by(bob), [b]),
      approvalBallotCast(by(eve), [c, a]),
      approvalBallotCast(by(gus), [c]),
      approvalBallotCast(by(eve), [c]),
    ];
    const outcome = await spec.given(history).run();
    const state = topicTally.initial(topicId);
    // The spec's nth event happened at specTime(n): the module folds the same history.
    history.forEach((event, index) => topicTally.apply(state, { type: event.type, data: event.data, at: specTime(index + 1) }));
    const module = new Map(topicTally.tallies(state).candidates.map((tally) => [tally.subjectId, tally.weightedSupport]));
    expect(await approvalsWeighted(outcome, topicId)).toEqual(new Map([a, b, c].map((id) => [id, module.get(id)])));
    // Ballot weights: Bob 2 (Ada; his own ballot stops his chain before Cy), Cy 1, Eve 1 (her last ballot only), Gus 3 (Fay, and Dee through Fay).
    expect(Object.fromEntries(await approvalsWeighted(outcome, topicId))).toEqual({ [a]: 1, [b]: 3, [c]: 4 });
  });

  it('keeps plurality ballots on their candidates\u2019 rows', async () => {
    const { topicId, a } = electionIn(OPEN, 'approval');
    await spec
      .given([...groups, topicCreated(topicId, OPEN, eve, { type: 'election' }), candidateRegistered(a, topicId, OPEN, eve)])
      .when([ballotCast({ topicId, groupId: OPEN, userId: ada }, a)])
      .then(expectRows('weighted_tallies', { columns: ['choice', 'weight'], where: { subject_id: topicId } }).toEqual([{ choice: a, weight: 1 }]));
  });
});

/** What the query side reads for an approval election: per candidate, the weights of the ballots approving it. */
async function approvalsWeighted(outcome: ProjectionOutcome, topicId: string): Promise<Map<string, number>> {
  const table = (name: string) => sql.id(outcome.schema, name);
  const { rows } = await sql<{ id: string; weight: number }>`
    select c.id, coalesce(sum(w.weight), 0)::int as weight from ${table('candidates')} c
    left join ${table('preference_ballots')} pb on pb.topic_id = c.topic_id and pb.ranking -> 0 @> jsonb_build_array(c.id::text)
    left join ${table('weighted_tallies')} w on w.subject_id = pb.topic_id and w.choice = pb.user_id::text
    where c.topic_id = ${topicId} group by c.id, c.created_position order by c.created_position`.execute(outcome.db);
  return new Map(rows.map((row) => [row.id, row.weight]));
}
