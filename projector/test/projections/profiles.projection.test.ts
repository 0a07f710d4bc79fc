import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilesProjection } from '../../src/profiles/profiles.projection';
import { candidateRegistered, electionDecided } from '../election-events';
import { badgeGranted, badgeRevoked, delegationAssigned, delegationRevoked } from '../profile-events';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, opinionPosted, topicCreated, userRegistered, voteCast, voteRetracted } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const ACTIVITY = ['kind', 'topic_id', 'opinion_id', 'group_id', 'other_user_id', 'vote_type'];
const SAUDI = 1682;

describe('profiles projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(profilesProjection);
  });
  afterAll(async () => spec.close());

  describe('user_activity', () => {
    const ada = newId();
    const grace = newId();
    const topic = newId();
    const opinion = newId();
    const election = newId();
    const target = { opinionId: opinion, topicId: topic, groupId: SAUDI, userId: ada };
    const [first, second] = [newId(), newId()];
    const history = [
      userRegistered(ada),
      topicCreated(topic, SAUDI, ada),
      opinionPosted(opinion, topic, SAUDI, grace),
      voteCast(target, 'support'),
      voteCast(target, 'oppose', 'support'),
      voteRetracted(target, 'oppose'),
      delegationAssigned(SAUDI, ada, grace, first),
      delegationAssigned(SAUDI, ada, grace, second, { delegationId: first, delegateId: grace }),
      delegationRevoked(SAUDI, ada, grace, second),
      candidateRegistered(newId(), election, SAUDI, ada),
      electionDecided(election, SAUDI, { userId: ada, candidateId: newId() }, T3),
      electionDecided(newId(), SAUDI, null, T3),
    ];
    const expected = [
      { kind: 'topic_created', topic_id: topic, opinion_id: null, group_id: SAUDI, other_user_id: null, vote_type: null },
      { kind: 'vote_cast', topic_id: topic, opinion_id: opinion, group_id: SAUDI, other_user_id: null, vote_type: 'support' },
      { kind: 'vote_changed', topic_id: topic, opinion_id: opinion, group_id: SAUDI, other_user_id: null, vote_type: 'oppose' },
      { kind: 'vote_retracted', topic_id: topic, opinion_id: opinion, group_id: SAUDI, other_user_id: null, vote_type: 'oppose' },
      { kind: 'delegation_given', topic_id: null, opinion_id: null, group_id: SAUDI, other_user_id: grace, vote_type: null },
      { kind: 'delegation_changed', topic_id: null, opinion_id: null, group_id: SAUDI, other_user_id: grace, vote_type: null },
      { kind: 'delegation_cancelled', topic_id: null, opinion_id: null, group_id: SAUDI, other_user_id: grace, vote_type: null },
      { kind: 'candidacy_registered', topic_id: election, opinion_id: null, group_id: SAUDI, other_user_id: null, vote_type: null },
      { kind: 'election_won', topic_id: election, opinion_id: null, group_id: SAUDI, other_user_id: null, vote_type: null },
    ];

    it('records each of the member\u2019s own actions in store order, ids only, and nothing for an election nobody won', async () => {
      await spec
        .given(history)
        .then(
          expectRows('user_activity', { columns: ACTIVITY, where: { user_id: ada }, orderBy: ['position'] }).toEqual(expected),
          expectRows('user_activity', { columns: ['kind', 'opinion_id'], where: { user_id: grace } }).toEqual([
            { kind: 'opinion_posted', opinion_id: opinion },
          ]),
        );
    });

    it('gives the same rows delivered one by one, and inserts nothing twice when a batch comes again', async () => {
      await spec
        .given([])
        .whenEach(history)
        .then(expectRows('user_activity', { columns: ACTIVITY, where: { user_id: ada }, orderBy: ['position'] }).toEqual(expected));
      await spec
        .given(history)
        .redelivered()
        .then(expectRows('user_activity', { columns: ACTIVITY, where: { user_id: ada }, orderBy: ['position'] }).toEqual(expected));
    });

    it('keeps when it happened (the command\u2019s time) and announces whose activity changed', async () => {
      const outcome = await spec.given([at(T1, topicCreated(newId(), SAUDI, ada)), at(T2, opinionPosted(newId(), newId(), SAUDI, grace))]).run();
      await expectRows('user_activity', { columns: ['user_id', 'occurred_at'] }).toEqual(
        [
          { user_id: ada, occurred_at: T1 },
          { user_id: grace, occurred_at: T2 },
        ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
      )(outcome);
      expect([...(outcome.changes[0]!.changes.get('user_activity') ?? [])].sort()).toEqual([ada, grace].sort());
    });
  });

  describe('user_badges', () => {
    it('holds a granted badge with who granted it and why, until it is revoked; granted again, it is back', async () => {
      const member = newId();
      const admin = newId();
      const granted = spec.given([at(T1, badgeGranted(member, admin, 'Built the first version'))]);
      await granted.then(
        expectRows('user_badges').toEqual([{ user_id: member, badge: 'founder', granted_by: admin, reason: 'Built the first version', granted_at: T1 }]),
      );
      const revoked = granted.when([at(T2, badgeRevoked(member, admin))]);
      await revoked.then(expectRows('user_badges').toEqual([]));
      await revoked
        .when([at(T3, badgeGranted(member, admin))])
        .then(expectRows('user_badges', { columns: ['badge', 'reason', 'granted_at'] }).toEqual([{ badge: 'founder', reason: null, granted_at: T3 }]));
    });

    it('gives the same rows for a grant and a revoke in one batch as one by one', async () => {
      const member = newId();
      const admin = newId();
      const events = [badgeGranted(member, admin), badgeRevoked(member, admin), badgeGranted(member, admin, 'Again')];
      await spec.given(events).then(expectRows('user_badges', { columns: ['badge', 'reason'] }).toEqual([{ badge: 'founder', reason: 'Again' }]));
      await spec
        .given([])
        .whenEach(events)
        .then(expectRows('user_badges', { columns: ['badge', 'reason'] }).toEqual([{ badge: 'founder', reason: 'Again' }]));
    });
  });
});
