import {
  ballotStream,
  candidacyStream,
  createEventRegistry,
  encodePosition,
  participationRefusal,
  recount,
  type BallotCast,
  type BallotWithdrawn,
  type CandidateRegistered,
  type ClosingTally,
  type DelegationNetwork,
  type Department,
  type GroupLeaderElected,
} from '@civitas/events';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationProjection } from '../../src/delegation/delegation.projection';
import { ChangeSet, type ProjectedEvent } from '../../src/projection';
import { Delegations } from '../delegation-events';
import { ProjectionSpec, expectRows, specTime, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import {
  groupCreated,
  memberJoined,
  memberLeft,
  newId,
  opinionPosted,
  subscriptionActivated,
  subscriptionCancelled,
  subscriptionExpired,
  topicClosed,
  topicCreated,
  topicDeleted,
  verificationApproved,
  verificationRejected,
  verificationRemoved,
  voteCast,
  voteRetracted,
} from '../spec-events';

// Groups: an open religion group (everyone may take part), a national one, International, a friends group.
const OPEN = 2;
const NATIONAL = 1682;
const INTERNATIONAL = 7;
const FRIENDS = 10_001;
const groups = [
  groupCreated(OPEN),
  groupCreated(NATIONAL, { department: 'national', subcategory: 'saudi_arabia', name: 'Saudi Arabia' }),
  groupCreated(INTERNATIONAL, { department: 'international', subcategory: null, name: 'International', subscriptionType: 'premium' }),
  groupCreated(FRIENDS, { department: 'friends', subcategory: null, name: 'Friends', subscriptionType: 'free' }),
];

type Of<Event extends { type: string; data: unknown }> = { type: Event['type']; data: Event['data']; streamId: string };

const candidateRegistered = (candidateId: string, topicId: string, groupId: number, userId: string): Of<CandidateRegistered> => ({
  type: 'CandidateRegistered',
  streamId: candidacyStream(topicId, userId),
  data: { candidateId, topicId, groupId, userId, statement: 'I will listen.' },
});
const ballotCast = (topicId: string, groupId: number, userId: string, candidateId: string, previousCandidateId: string | null = null): Of<BallotCast> => ({
  type: 'BallotCast',
  streamId: ballotStream(topicId, userId),
  data: { topicId, groupId, userId, candidateId, previousCandidateId },
});
const ballotWithdrawn = (topicId: string, groupId: number, userId: string, previousCandidateId: string): Of<BallotWithdrawn> => ({
  type: 'BallotWithdrawn',
  streamId: ballotStream(topicId, userId),
  data: { topicId, groupId, userId, previousCandidateId },
});
const leaderElected = (groupId: number, userId: string, previousLeaderId: string | null): Of<GroupLeaderElected> => ({
  type: 'GroupLeaderElected',
  streamId: `group-${groupId}`,
  data: { groupId, userId, electionId: newId(), previousLeaderId },
});
const closedWith = (topicId: string, groupId: number, type: 'law_amendment' | 'election', tallies: ClosingTally[]): SpecEvent => {
  const event = topicClosed(topicId, groupId, '2026-03-20T10:00:00.000Z', type);
  return { ...event, data: { ...event.data, tallies } };
};

const TALLY = ['subject_id', 'choice', 'weight'];

describe('delegation projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(delegationProjection);
  });
  afterAll(async () => spec.close());

  /** One opinion in a group, and how members vote on it. */
  const opinionIn = (groupId: number) => {
    const topicId = newId();
    const opinionId = newId();
    const by = (userId: string) => ({ opinionId, topicId, groupId, userId });
    return {
      topicId,
      opinionId,
      by,
      opened: [topicCreated(topicId, groupId, newId()), opinionPosted(opinionId, topicId, groupId, newId())],
      tally: () => expectRows('weighted_tallies', { columns: ['choice', 'weight'], where: { subject_id: opinionId } }),
    };
  };
  const support = (weight: number, oppose = 0) => [
    { choice: 'oppose', weight: oppose },
    { choice: 'support', weight },
  ];
  const [ada, bob, cy, dee, eve] = [newId(), newId(), newId(), newId(), newId()];

  it('starts an opinion at 0 for support and oppose and registers it as a subject', async () => {
    const { opened, opinionId, topicId, tally } = opinionIn(OPEN);
    await spec
      .given([...groups, ...opened])
      .then(
        tally().toEqual(support(0)),
        expectRows('tally_subjects', { columns: ['subject_id', 'kind', 'topic_id', 'group_id', 'is_final'] }).toEqual([
          { subject_id: opinionId, kind: 'opinion', topic_id: topicId, group_id: OPEN, is_final: false },
        ]),
      );
  });

  it('gives the voter at the end of a chain A -> B -> C the weight of all three', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(OPEN);
    const events = [d.assign(OPEN, ada, bob), d.assign(OPEN, bob, cy), voteCast(by(cy), 'support')];
    await spec
      .given([...groups, ...opened])
      .when(events)
      .then(
        tally().toEqual(support(3)),
        expectRows('direct_choices', { columns: ['user_id', 'choice'] }).toEqual([{ user_id: cy, choice: 'support' }]),
        expectRows('delegations', { columns: ['delegator_id', 'delegate_id', 'group_id', 'is_active'], orderBy: ['created_at'] }).toEqual([
          { delegator_id: ada, delegate_id: bob, group_id: OPEN, is_active: true },
          { delegator_id: bob, delegate_id: cy, group_id: OPEN, is_active: true },
        ]),
      );
    // Votes first, delegations after: the same count.
    const later = new Delegations();
    await spec
      .given([...groups, ...opened])
      .when([voteCast(by(cy), 'support')])
      .whenEach([later.assign(OPEN, ada, bob), later.assign(OPEN, bob, cy)])
      .then(tally().toEqual(support(3)));
  });

  it('moves the weight with a change of delegate, ending the old delegation row', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(OPEN);
    const first = d.assign(OPEN, ada, bob);
    const change = d.assign(OPEN, ada, cy);
    await spec
      .given([...groups, ...opened, voteCast(by(bob), 'support'), voteCast(by(cy), 'oppose'), first])
      .when([change])
      .then(
        tally().toEqual(support(1, 2)),
        expectRows('delegations', { columns: ['id', 'delegate_id', 'is_active', 'created_at', 'updated_at'], orderBy: ['created_at'] }).toEqual([
          { id: first.data.delegationId, delegate_id: bob, is_active: false, created_at: specTime(9), updated_at: specTime(10) },
          { id: change.data.delegationId, delegate_id: cy, is_active: true, created_at: specTime(10), updated_at: specTime(10) },
        ]),
      );
  });

  it('gives the weight back when a delegation is revoked, and lets a direct vote override it', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(OPEN);
    const given = spec.given([...groups, ...opened, d.assign(OPEN, ada, bob), d.assign(OPEN, cy, bob), voteCast(by(bob), 'support')]);
    await given.then(tally().toEqual(support(3)));
    await given.when([voteCast(by(ada), 'oppose')]).then(tally().toEqual(support(2, 1)));
    await given.when([voteCast(by(ada), 'oppose'), voteRetracted(by(ada), 'oppose')]).then(tally().toEqual(support(3)));
    await given
      .when([d.revoke(OPEN, cy)])
      .then(
        tally().toEqual(support(2)),
        expectRows('delegations', { columns: ['delegator_id', 'is_active'], where: { delegator_id: cy } }).toEqual([{ delegator_id: cy, is_active: false }]),
      );
  });

  it('lets a cycle abstain until someone on it votes', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(OPEN);
    const cycle = spec.given([...groups, ...opened, d.assign(OPEN, ada, bob), d.assign(OPEN, bob, cy), d.assign(OPEN, cy, ada), d.assign(OPEN, dee, ada)]);
    await cycle.then(tally().toEqual(support(0)));
    await cycle.when([voteCast(by(bob), 'oppose')]).then(tally().toEqual(support(0, 4)));
  });

  it('stops a national chain at a member without verification, and moves the tally when they are verified later', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(NATIONAL);
    const verified = [ada, cy, dee].map((userId) => verificationApproved(newId(), userId));
    const bobVerification = newId();
    const given = spec.given([
      ...groups,
      ...opened,
      ...verified,
      d.assign(NATIONAL, ada, bob),
      d.assign(NATIONAL, bob, cy),
      d.assign(NATIONAL, dee, cy),
      voteCast(by(cy), 'support'),
    ]);
    // Ada's chain reaches Bob, who may not take part: it stops there; Dee's reaches Cy.
    await given.then(tally().toEqual(support(2)));
    await given
      .when([verificationApproved(bobVerification, bob)])
      .then(
        tally().toEqual(support(4)),
        expectRows('delegation_standing', { columns: ['is_subscribed', 'verified_country_keys'], where: { user_id: bob } }).toEqual([
          { is_subscribed: false, verified_country_keys: ['saudi_arabia'] },
        ]),
      );
    // A verification of another country does not make Bob a citizen here.
    await given.when([verificationApproved(bobVerification, bob, null, 'france')]).then(tally().toEqual(support(2)));
    // Rejected: the key goes (and the tally back) only with the verification that granted it.
    await given
      .when([verificationApproved(bobVerification, bob), verificationRejected(bobVerification, bob, eve, 'Blurred document')])
      .then(tally().toEqual(support(2)));
    // Removed by the member: the same.
    await given.when([verificationApproved(bobVerification, bob), verificationRemoved(bobVerification, bob)]).then(tally().toEqual(support(2)));
    // An ineligible voter counts nothing, not even their own vote; verified, their whole catchment comes.
    await given.when([voteCast(by(bob), 'oppose')]).then(tally().toEqual(support(2)));
    await given.when([voteCast(by(bob), 'oppose'), verificationApproved(bobVerification, bob)]).then(tally().toEqual(support(2, 2)));
  });

  it('counts an International member only while subscribed (cancelled keeps access until expiry)', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(INTERNATIONAL);
    const subscribed = [ada, bob, cy].map((userId) => subscriptionActivated(userId, newId(), '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'));
    const given = spec.given([
      ...groups,
      ...opened,
      ...subscribed,
      d.assign(INTERNATIONAL, ada, bob),
      d.assign(INTERNATIONAL, bob, cy),
      voteCast(by(cy), 'support'),
    ]);
    await given.then(tally().toEqual(support(3)));
    await given.when([subscriptionCancelled(bob, '2026-03-05T00:00:00.000Z', '2026-04-01T00:00:00.000Z')]).then(tally().toEqual(support(3)));
    await given
      .when([subscriptionExpired(bob, '2026-04-01T00:00:00.000Z')])
      .then(
        tally().toEqual(support(1)),
        expectRows('delegation_standing', { columns: ['is_subscribed'], where: { user_id: bob } }).toEqual([{ is_subscribed: false }]),
      );
    await given.when([subscriptionExpired(cy, '2026-04-01T00:00:00.000Z')]).then(tally().toEqual(support(0)));
  });

  it('follows memberships in a group that has members: a member who leaves lends nothing', async () => {
    const d = new Delegations();
    const { opened, by, tally } = opinionIn(FRIENDS);
    const given = spec.given([
      ...groups,
      ...opened,
      memberJoined(FRIENDS, ada),
      memberJoined(FRIENDS, bob),
      d.assign(FRIENDS, ada, bob),
      voteCast(by(bob), 'oppose'),
    ]);
    await given.then(
      tally().toEqual(support(0, 2)),
      expectRows('delegation_members', { columns: ['user_id', 'is_leader'], where: { group_id: FRIENDS }, orderBy: ['user_id'] }).toEqual(
        [ada, bob].sort().map((userId) => ({ user_id: userId, is_leader: false })),
      ),
    );
    await given
      .when([memberLeft(FRIENDS, ada, 'left', null)])
      .then(
        tally().toEqual(support(0, 1)),
        expectRows('delegation_members', { columns: ['user_id'], where: { group_id: FRIENDS } }).toEqual([{ user_id: bob }]),
      );
  });

  it('marks the elected leader and the one who steps down', async () => {
    await spec
      .given([...groups, memberJoined(8, ada, 'member', true)])
      .when([leaderElected(OPEN, bob, null), leaderElected(OPEN, cy, bob)])
      .then(
        expectRows('delegation_members', { columns: ['group_id', 'user_id', 'is_leader'], orderBy: ['group_id', 'is_leader'] }).toEqual([
          { group_id: OPEN, user_id: bob, is_leader: false },
          { group_id: OPEN, user_id: cy, is_leader: true },
          { group_id: 8, user_id: ada, is_leader: true },
        ]),
      );
  });

  it('counts ballots with delegation: one row per candidate', async () => {
    const d = new Delegations();
    const topicId = newId();
    const [first, second] = [newId(), newId()];
    const rows = (firstWeight: number, secondWeight: number) =>
      expectRows('weighted_tallies', { columns: ['choice', 'weight'], where: { subject_id: topicId }, orderBy: ['weight', 'choice'] }).toEqual(
        [
          { choice: first, weight: firstWeight },
          { choice: second, weight: secondWeight },
        ].sort((a, b) => a.weight - b.weight || (a.choice < b.choice ? -1 : 1)),
      );
    const given = spec.given([
      ...groups,
      topicCreated(topicId, OPEN, eve, { type: 'election' }),
      candidateRegistered(first, topicId, OPEN, bob),
      candidateRegistered(second, topicId, OPEN, cy),
      d.assign(OPEN, ada, bob),
      d.assign(OPEN, dee, ada),
    ]);
    await given.then(
      rows(0, 0),
      expectRows('tally_subjects', { columns: ['subject_id', 'kind', 'topic_id'] }).toEqual([{ subject_id: topicId, kind: 'election', topic_id: topicId }]),
    );
    await given.when([ballotCast(topicId, OPEN, bob, first), ballotCast(topicId, OPEN, cy, second)]).then(rows(3, 1));
    await given.when([ballotCast(topicId, OPEN, bob, first), ballotCast(topicId, OPEN, ada, second)]).then(rows(1, 2));
    await given.when([ballotCast(topicId, OPEN, bob, first), ballotCast(topicId, OPEN, bob, second, first)]).then(rows(0, 3));
    await given.when([ballotCast(topicId, OPEN, bob, first), ballotWithdrawn(topicId, OPEN, bob, first)]).then(rows(0, 0));
  });

  it('freezes a closed topic at the tallies its closing wrote; nothing moves it after', async () => {
    const d = new Delegations();
    const { opened, opinionId, topicId, by, tally } = opinionIn(OPEN);
    const closing = closedWith(topicId, OPEN, 'law_amendment', [
      { subjectId: opinionId, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
    ]);
    const given = spec.given([...groups, ...opened, d.assign(OPEN, ada, bob), voteCast(by(bob), 'support')]).when([closing]);
    await given.then(tally().toEqual(support(2)), expectRows('tally_subjects', { columns: ['is_final'] }).toEqual([{ is_final: true }]));
    await given
      .when([voteCast(by(cy), 'oppose'), d.revoke(OPEN, ada), d.assign(OPEN, dee, bob)])
      .then(tally().toEqual(support(2)), expectRows('direct_choices', { columns: ['user_id'] }).toEqual([{ user_id: bob }]));
  });

  it('writes the closing tallies of an election per candidate, and keeps a deleted topic as it was', async () => {
    const topicId = newId();
    const candidate = newId();
    const closing = closedWith(topicId, OPEN, 'election', [{ subjectId: candidate, supportCount: 1, opposeCount: 0, weightedSupport: 5, weightedOppose: 0 }]);
    await spec
      .given([
        ...groups,
        topicCreated(topicId, OPEN, eve, { type: 'election' }),
        candidateRegistered(candidate, topicId, OPEN, bob),
        ballotCast(topicId, OPEN, bob, candidate),
      ])
      .when([closing])
      .then(expectRows('weighted_tallies', { columns: TALLY }).toEqual([{ subject_id: topicId, choice: candidate, weight: 5 }]));
    const deleted = opinionIn(OPEN);
    await spec
      .given([...groups, ...deleted.opened, voteCast(deleted.by(ada), 'support'), topicDeleted(deleted.topicId, OPEN, eve)])
      .when([voteCast(deleted.by(bob), 'support')])
      .then(deleted.tally().toEqual(support(1)), expectRows('tally_subjects', { columns: ['is_final'] }).toEqual([{ is_final: true }]));
  });

  it('gives the same rows delivered one by one, and applies a redelivered batch once', async () => {
    const d = new Delegations();
    const { opened, by } = opinionIn(NATIONAL);
    const history: SpecEvent[] = [
      ...groups,
      ...opened,
      verificationApproved(newId(), ada),
      verificationApproved(newId(), cy),
      d.assign(NATIONAL, ada, bob),
      d.assign(NATIONAL, bob, cy),
      voteCast(by(cy), 'support'),
      verificationApproved(newId(), bob),
      d.assign(NATIONAL, ada, cy),
      voteCast(by(bob), 'oppose'),
      d.revoke(NATIONAL, bob),
    ];
    const tables = ['delegations', 'delegation_standing', 'delegation_groups', 'delegation_members', 'tally_subjects', 'direct_choices', 'weighted_tallies'];
    const all = await spec.given(history).run();
    const each = await spec.given([]).whenEach(history).run();
    const again = await spec.given(history).redelivered().run();
    for (const table of tables) {
      const rows = await all.rows(table);
      expect(await each.rows(table), table).toEqual(rows);
      expect(await again.rows(table), table).toEqual(rows);
    }
    expect(await all.rows('weighted_tallies', { columns: ['choice', 'weight'] })).toEqual([
      { choice: 'oppose', weight: 1 },
      { choice: 'support', weight: 2 },
    ]);
  });

  it('keeps the cache right when a batch is rolled back after applying', async () => {
    const d = new Delegations();
    const { opened, by, opinionId } = opinionIn(OPEN);
    const fay = newId();
    const given = spec.given([...groups, ...opened, d.assign(OPEN, ada, bob), voteCast(by(bob), 'support')]);
    // Cy's delegation and Dee's vote would make it support 3, oppose 1.
    const failingEvents = [d.assign(OPEN, cy, bob), voteCast(by(dee), 'oppose')];
    const failAfterApply = (outcome: ProjectionOutcome, events: readonly ProjectedEvent[]) =>
      outcome.db.transaction().execute(async (trx: Kysely<any>) => {
        await delegationProjection.apply(trx, outcome.schema, events, new ChangeSet());
        throw new Error('another projection failed');
      });
    const tallyOf = (outcome: ProjectionOutcome) => outcome.rows('weighted_tallies', { columns: ['choice', 'weight'], where: { subject_id: opinionId } });

    // The runner's retry: the batch applies (the cache moves with it), the transaction rolls back, the same batch comes again.
    const retried = await given.run();
    const retries = new Batches(retried, 100);
    const failing = retries.next(failingEvents);
    await expect(failAfterApply(retried, failing)).rejects.toThrow('another projection failed');
    expect(await tallyOf(retried)).toEqual(support(2));
    await retries.apply(failing);
    expect(await tallyOf(retried)).toEqual(support(3, 1));
    await retries.apply(retries.next([voteCast(by(eve), 'oppose')]));
    expect(await tallyOf(retried)).toEqual(support(3, 2));

    // Rolled back, then other events: they see the tables as they are, not the rolled-back cache.
    const moved = await given.run();
    const later = new Batches(moved, 100);
    await expect(failAfterApply(moved, later.next(failingEvents))).rejects.toThrow('another projection failed');
    await later.apply(later.next([voteCast(by(eve), 'oppose')]));
    expect(await tallyOf(moved)).toEqual(support(2, 1));
    // A savepoint rolled back inside a transaction that commits: the same.
    await moved.db.transaction().execute(async (trx: Kysely<any>) => {
      await sql`savepoint attempt`.execute(trx);
      await delegationProjection.apply(trx, moved.schema, later.next(failingEvents), new ChangeSet());
      await sql`rollback to savepoint attempt`.execute(trx);
    });
    await later.apply(later.next([voteCast(by(fay), 'support')]));
    expect(await tallyOf(moved)).toEqual(support(3, 1));
    await later.apply(later.next(failingEvents));
    expect(await tallyOf(moved)).toEqual(support(4, 2));
  });

  it('agrees with a recount over the final state, for random histories cut into random batches', async () => {
    await fc.assert(
      fc.asyncProperty(randomHistory, async ({ events, cuts }) => {
        const outcome = await spec.given(groups).run();
        const batches = new Batches(outcome, 10);
        let start = 0;
        for (const cut of [...cuts.filter((at) => at < events.length).sort((a, b) => a - b), events.length]) {
          await batches.apply(batches.next(events.slice(start, cut)));
          start = cut;
        }
        const rows = await outcome.rows('weighted_tallies', { columns: TALLY });
        expect(sortRows(rows.filter((row) => row.weight !== 0) as TallyRow[])).toEqual(recountFinal(events));
      }),
      { numRuns: 40 },
    );
  });
});

const registry = createEventRegistry();

/** Applies batches straight to a spec run's schema, as the runner would: one transaction each, positions after the run's own. */
class Batches {
  private count = 0;
  constructor(
    private readonly outcome: ProjectionOutcome,
    private readonly major: number,
  ) {}

  next(events: readonly SpecEvent[]): ProjectedEvent[] {
    this.count += 1;
    return events.map((event, index) => {
      const time = new Date(Date.parse('2026-03-10T00:00:00.000Z') + this.count * 1000 + index).toISOString();
      const { type, data } = registry.decode({ type: event.type, data: event.data, metadata: { schemaVersion: registry.versionOf(event.type) } });
      return {
        id: randomUUID(),
        type,
        data,
        metadata: { schemaVersion: registry.versionOf(event.type), time },
        streamId: event.streamId ?? 'spec',
        position: encodePosition(BigInt(this.major + this.count), BigInt(index + 1)),
        recordedAt: new Date(time),
      };
    });
  }

  async apply(events: readonly ProjectedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.outcome.db.transaction().execute((trx: Kysely<any>) => delegationProjection.apply(trx, this.outcome.schema, events, new ChangeSet()));
  }
}

// Random histories: a few members across the four groups, every kind of event the tallies depend on.

const MEMBERS = Array.from({ length: 6 }, (_, index) => `00000000-0000-4000-8000-00000000000${index}`);
const GROUP_IDS = [OPEN, NATIONAL, INTERNATIONAL, FRIENDS];
const DEPARTMENTS: Record<number, { department: Department; subcategory: string | null }> = {
  [OPEN]: { department: 'religion', subcategory: 'islam' },
  [NATIONAL]: { department: 'national', subcategory: 'saudi_arabia' },
  [INTERNATIONAL]: { department: 'international', subcategory: null },
  [FRIENDS]: { department: 'friends', subcategory: null },
};
/** Two opinions per group and one election, fixed so that the random steps can name them. */
const SUBJECTS = GROUP_IDS.flatMap((groupId, index) => [
  { groupId, topicId: `10000000-0000-4000-8000-00000000000${index}`, opinionId: `20000000-0000-4000-8000-00000000000${index}` },
  { groupId, topicId: `10000000-0000-4000-8000-00000000000${index}`, opinionId: `20000000-0000-4000-8000-00000000001${index}` },
]);
const ELECTIONS = GROUP_IDS.map((groupId, index) => ({
  groupId,
  topicId: `30000000-0000-4000-8000-00000000000${index}`,
  candidates: [`40000000-0000-4000-8000-00000000000${index}`, `40000000-0000-4000-8000-00000000001${index}`],
}));

type Step =
  | { kind: 'delegate'; group: number; member: number; to: number | null }
  | { kind: 'vote'; subject: number; member: number; choice: 'support' | 'oppose' | null }
  | { kind: 'ballot'; election: number; member: number; candidate: number | null }
  | { kind: 'subscription'; member: number; on: boolean }
  | { kind: 'verification'; member: number; country: 'saudi_arabia' | 'france'; approve: boolean }
  | { kind: 'membership'; member: number; on: boolean };

const member = fc.integer({ min: 0, max: MEMBERS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('delegate' as const),
      group: fc.integer({ min: 0, max: 3 }),
      member,
      to: fc.option(member, { nil: null, freq: 4 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('vote' as const),
      subject: fc.integer({ min: 0, max: SUBJECTS.length - 1 }),
      member,
      choice: fc.constantFrom('support' as const, 'oppose' as const, null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('ballot' as const), election: fc.integer({ min: 0, max: 3 }), member, candidate: fc.constantFrom(0, 1, null) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('subscription' as const), member, on: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('verification' as const),
      member,
      country: fc.constantFrom('saudi_arabia' as const, 'france' as const),
      approve: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('membership' as const), member, on: fc.boolean() }) },
);

/** Turns steps into the events the command side would write (only valid ones: a revoke needs a delegation, and so on). */
function eventsOf(steps: readonly Step[]): SpecEvent[] {
  const d = new Delegations();
  const delegates = new Map<string, string>();
  const votes = new Map<string, 'support' | 'oppose'>();
  const ballots = new Map<string, string>();
  const approved = new Map<string, { id: string; country: string }>();
  const members = new Set<string>();
  const events: SpecEvent[] = [];
  for (const { topicId, groupId } of SUBJECTS.filter((_, index) => index % 2 === 0)) events.push(topicCreated(topicId, groupId, MEMBERS[0]!));
  for (const { topicId, opinionId, groupId } of SUBJECTS) events.push(opinionPosted(opinionId, topicId, groupId, MEMBERS[0]!));
  for (const { topicId, groupId, candidates } of ELECTIONS) {
    events.push(topicCreated(topicId, groupId, MEMBERS[0]!, { type: 'election' }));
    candidates.forEach((candidateId, index) => events.push(candidateRegistered(candidateId, topicId, groupId, MEMBERS[index]!)));
  }
  for (const s of steps) {
    const userId = MEMBERS[s.member]!;
    switch (s.kind) {
      case 'delegate': {
        const groupId = GROUP_IDS[s.group]!;
        const key = `${groupId}:${userId}`;
        const to = s.to === null || s.to === s.member ? null : MEMBERS[s.to]!;
        if (to === null) {
          if (delegates.has(key)) events.push(d.revoke(groupId, userId));
          delegates.delete(key);
        } else if (delegates.get(key) !== to) {
          events.push(d.assign(groupId, userId, to));
          delegates.set(key, to);
        }
        break;
      }
      case 'vote': {
        const { opinionId, topicId, groupId } = SUBJECTS[s.subject]!;
        const target = { opinionId, topicId, groupId, userId };
        const previous = votes.get(`${opinionId}:${userId}`) ?? null;
        if (s.choice === null) {
          if (previous) events.push(voteRetracted(target, previous));
          votes.delete(`${opinionId}:${userId}`);
        } else if (previous !== s.choice) {
          events.push(voteCast(target, s.choice, previous));
          votes.set(`${opinionId}:${userId}`, s.choice);
        }
        break;
      }
      case 'ballot': {
        const { topicId, groupId, candidates } = ELECTIONS[s.election]!;
        const previous = ballots.get(`${topicId}:${userId}`) ?? null;
        const candidate = s.candidate === null ? null : candidates[s.candidate]!;
        if (candidate === null) {
          if (previous) events.push(ballotWithdrawn(topicId, groupId, userId, previous));
          ballots.delete(`${topicId}:${userId}`);
        } else if (previous !== candidate) {
          events.push(ballotCast(topicId, groupId, userId, candidate, previous));
          ballots.set(`${topicId}:${userId}`, candidate);
        }
        break;
      }
      case 'subscription':
        events.push(
          s.on
            ? subscriptionActivated(userId, newId(), '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z')
            : subscriptionExpired(userId, '2026-04-01T00:00:00.000Z'),
        );
        break;
      case 'verification': {
        const key = `${userId}:${s.country}`;
        const current = approved.get(key);
        if (s.approve && !current) {
          const id = newId();
          approved.set(key, { id, country: s.country });
          events.push(verificationApproved(id, userId, null, s.country));
        } else if (!s.approve && current) {
          approved.delete(key);
          events.push(verificationRejected(current.id, userId, MEMBERS[0]!, 'Not valid', s.country));
        }
        break;
      }
      case 'membership':
        if (s.on && !members.has(userId)) events.push(memberJoined(FRIENDS, userId));
        if (!s.on && members.has(userId)) events.push(memberLeft(FRIENDS, userId, 'left', null));
        if (s.on) members.add(userId);
        else members.delete(userId);
        break;
    }
  }
  return events;
}

const randomHistory = fc
  .record({ steps: fc.array(step, { minLength: 20, maxLength: 120 }), cuts: fc.uniqueArray(fc.nat(150), { maxLength: 6 }) })
  .map(({ steps, cuts }) => ({ events: eventsOf(steps), cuts }));

/** The oracle: fold the events into the final facts and recount every subject by the definition. */
function recountFinal(events: readonly SpecEvent[]): TallyRow[] {
  const delegates = new Map<number, Map<string, string>>(GROUP_IDS.map((groupId) => [groupId, new Map()]));
  const choices = new Map<string, Map<string, string>>();
  const subjectGroup = new Map<string, number>();
  const subscribed = new Set<string>();
  const keys = new Map<string, Map<string, string>>();
  const members = new Set<string>();
  for (const { type, data } of events as Array<{ type: string; data: any }>) {
    const chosen = (subjectId: string, choice: string | null) => {
      if (!choices.has(subjectId)) choices.set(subjectId, new Map());
      if (choice === null) choices.get(subjectId)!.delete(data.userId);
      else choices.get(subjectId)!.set(data.userId, choice);
    };
    if (type === 'OpinionPosted') subjectGroup.set(data.opinionId, data.groupId);
    if (type === 'TopicCreated' && data.type === 'election') subjectGroup.set(data.topicId, data.groupId);
    if (type === 'DelegationAssigned') delegates.get(data.groupId)!.set(data.delegatorId, data.delegateId);
    if (type === 'DelegationRevoked') delegates.get(data.groupId)!.delete(data.delegatorId);
    if (type === 'VoteCast') chosen(data.opinionId, data.voteType);
    if (type === 'VoteRetracted') chosen(data.opinionId, null);
    if (type === 'BallotCast') chosen(data.topicId, data.candidateId);
    if (type === 'BallotWithdrawn') chosen(data.topicId, null);
    if (type === 'SubscriptionActivated') subscribed.add(data.userId);
    if (type === 'SubscriptionExpired') subscribed.delete(data.userId);
    if (type === 'VerificationApproved') keys.set(data.userId, new Map([...(keys.get(data.userId) ?? []), [data.verificationId, data.countryKey]]));
    if (type === 'VerificationRejected' || type === 'VerificationRemoved') keys.get(data.userId)?.delete(data.verificationId);
    if (type === 'GroupMemberJoined' && data.groupId === FRIENDS) members.add(data.userId);
    if (type === 'GroupMemberLeft' && data.groupId === FRIENDS) members.delete(data.userId);
  }
  const rows: TallyRow[] = [];
  for (const [subjectId, groupId] of subjectGroup) {
    const graph = delegates.get(groupId)!;
    const network: DelegationNetwork = {
      delegateOf: (id) => graph.get(id),
      delegatorsOf: (id) => [...graph].filter(([, to]) => to === id).map(([from]) => from),
      isEligible: (id) =>
        participationRefusal(DEPARTMENTS[groupId]!, {
          isSubscribed: subscribed.has(id),
          verifiedCountryKeys: [...(keys.get(id)?.values() ?? [])],
          membership: members.has(id) ? { isLeader: false } : null,
        }) === null,
    };
    for (const [choice, weight] of recount(network, choices.get(subjectId) ?? new Map(), MEMBERS)) rows.push({ subject_id: subjectId, choice, weight });
  }
  return sortRows(rows.filter((row) => row.weight !== 0));
}

type TallyRow = { subject_id: string; choice: string; weight: number };
const sortRows = (rows: TallyRow[]) => rows.sort((a, b) => (`${a.subject_id} ${a.choice}` < `${b.subject_id} ${b.choice}` ? -1 : 1));
