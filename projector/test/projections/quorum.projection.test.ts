import { afterAll, beforeAll, describe, it } from 'vitest';
import { groupsProjection } from '../../src/groups/groups.projection';
import { topicsProjection } from '../../src/topics/topics.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { groupCreated, memberJoined, newId, personalGroupCreated, quorumSet, topicClosed, topicCreated } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';

const QUORUM_COLUMNS = ['quorum_percent', 'quorum_eligible_weight', 'quorum_participating_weight', 'quorum_reached', 'decided_by'];

/** A TopicClosed as a topic opened with a quorum records it (issue #34 item 3). */
const closedWithQuorum = (
  topicId: string,
  groupId: number,
  closedAt: string,
  quorum: { percent: number; eligibleWeight: number; participatingWeight: number; reached: boolean },
  decidedBy: 'quorum_not_reached' | 'majority' | 'no_majority' | 'method_winner',
  type: 'law_amendment' | 'election' = 'law_amendment',
) => {
  const closed = topicClosed(topicId, groupId, closedAt, type);
  return { ...closed, data: { ...closed.data, quorum, decidedBy } };
};

/** Quorum and majority in the read models (issue #34 item 3): what a topic opened and closed with, and the quorums a group's leaders set. */
describe('quorums in the topics and groups projections', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([groupsProjection, topicsProjection]);
  });
  afterAll(async () => spec.close());

  const [owner, leader] = [newId(), newId()];

  describe('topics', () => {
    it('keeps the quorum a topic opened with, none for a discussion or a topic opened before quorums', async () => {
      const [law, election, legacy, discussion] = [newId(), newId(), newId(), newId()];
      await spec
        .given([
          at(T1, topicCreated(law, 2, owner, { quorumPercent: 25 })),
          at(T1, topicCreated(election, 2, owner, { type: 'election', isMainElection: true, quorumPercent: 0 })),
          at(T1, topicCreated(legacy, 2, owner)),
          at(T1, topicCreated(discussion, 2, owner, { type: 'friends_discussion' })),
        ])
        .then(
          expectRows('topics', { columns: ['id', ...QUORUM_COLUMNS], orderBy: ['created_position'] }).toEqual([
            { id: law, quorum_percent: 25, quorum_eligible_weight: null, quorum_participating_weight: null, quorum_reached: null, decided_by: null },
            { id: election, quorum_percent: 0, quorum_eligible_weight: null, quorum_participating_weight: null, quorum_reached: null, decided_by: null },
            { id: legacy, quorum_percent: null, quorum_eligible_weight: null, quorum_participating_weight: null, quorum_reached: null, decided_by: null },
            { id: discussion, quorum_percent: null, quorum_eligible_weight: null, quorum_participating_weight: null, quorum_reached: null, decided_by: null },
          ]),
        );
    });

    it('records the figures and the rule a topic closed by, nothing for one closed before quorums, and keeps the first closing', async () => {
      const [short, enacted, legacy] = [newId(), newId(), newId()];
      await spec
        .given([
          at(T1, topicCreated(short, 2, owner, { quorumPercent: 10 })),
          at(T1, topicCreated(enacted, 2, owner, { type: 'election', quorumPercent: 10 })),
          at(T1, topicCreated(legacy, 2, owner)),
        ])
        .when([
          at(T2, closedWithQuorum(short, 2, T2, { percent: 10, eligibleWeight: 120, participatingWeight: 11, reached: false }, 'quorum_not_reached')),
          at(T2, closedWithQuorum(enacted, 2, T2, { percent: 10, eligibleWeight: 120, participatingWeight: 12, reached: true }, 'method_winner', 'election')),
          at(T2, topicClosed(legacy, 2, T2)),
        ])
        // A closing delivered twice over (never by the deciders) changes nothing: the first stands.
        .when([at(T3, closedWithQuorum(short, 2, T3, { percent: 10, eligibleWeight: 5, participatingWeight: 5, reached: true }, 'majority'))])
        .then(
          expectRows('topics', { columns: ['id', 'status', ...QUORUM_COLUMNS], orderBy: ['created_position'] }).toEqual([
            {
              id: short,
              status: 'closed',
              quorum_percent: 10,
              quorum_eligible_weight: 120,
              quorum_participating_weight: 11,
              quorum_reached: false,
              decided_by: 'quorum_not_reached',
            },
            {
              id: enacted,
              status: 'closed',
              quorum_percent: 10,
              quorum_eligible_weight: 120,
              quorum_participating_weight: 12,
              quorum_reached: true,
              decided_by: 'method_winner',
            },
            {
              id: legacy,
              status: 'closed',
              quorum_percent: null,
              quorum_eligible_weight: null,
              quorum_participating_weight: null,
              quorum_reached: null,
              decided_by: null,
            },
          ]),
        );
    });

    it('gives the same rows in one batch, event by event and redelivered', async () => {
      const topicId = newId();
      const history = [
        at(T1, topicCreated(topicId, 2, owner, { quorumPercent: 50 })),
        at(T2, closedWithQuorum(topicId, 2, T2, { percent: 50, eligibleWeight: 4, participatingWeight: 3, reached: true }, 'no_majority')),
      ];
      const expected = expectRows('topics', { columns: QUORUM_COLUMNS }).toEqual([
        { quorum_percent: 50, quorum_eligible_weight: 4, quorum_participating_weight: 3, quorum_reached: true, decided_by: 'no_majority' },
      ]);
      await spec.given(history).then(expected);
      await spec.given([]).whenEach(history).then(expected);
      await spec.given(history).redelivered().then(expected);
    });
  });

  describe('groups', () => {
    const family = () => [at(T1, personalGroupCreated(10000, 'family', owner)), at(T1, memberJoined(10000, owner, 'owner'))];

    it('keeps the last quorum set for each type, the others unset (their defaults apply)', async () => {
      await spec
        .given(family())
        .when([at(T2, quorumSet(10000, 'law_amendment', 25, owner)), at(T2, quorumSet(10000, 'election', 5, owner))])
        .when([at(T3, quorumSet(10000, 'law_amendment', 40, owner))])
        .then(
          expectRows('groups', { columns: ['id', 'quorums', 'member_count', 'updated_at'] }).toEqual([
            { id: 10000, quorums: { law_amendment: 40, election: 5 }, member_count: 1, updated_at: T3 },
          ]),
        );
    });

    it('keeps a quorum of 0 (an explicit setting, not the default)', async () => {
      await spec
        .given([at(T1, groupCreated(1682, { department: 'national', subcategory: 'saudi_arabia' }))])
        .when([at(T2, quorumSet(1682, 'dispute_resolution', 0, leader))])
        .then(expectRows('groups', { columns: ['quorums'] }).toEqual([{ quorums: { dispute_resolution: 0 } }]));
    });

    it('gives the same rows in one batch, event by event and redelivered, and ignores a group it has never seen', async () => {
      const history = [
        ...family(),
        at(T2, quorumSet(10000, 'dispute_resolution', 15, owner)),
        at(T3, quorumSet(10000, 'dispute_resolution', 20, owner)),
        at(T4, quorumSet(99, 'law_amendment', 30, leader)),
      ];
      const expected = expectRows('groups', { columns: ['id', 'quorums', 'updated_at'] }).toEqual([
        { id: 10000, quorums: { dispute_resolution: 20 }, updated_at: T3 },
      ]);
      await spec.given(history).then(expected);
      await spec.given([]).whenEach(history).then(expected);
      await spec.given(history).redelivered().then(expected);
    });
  });
});
