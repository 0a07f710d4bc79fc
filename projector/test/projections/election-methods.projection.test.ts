import { afterAll, beforeAll, describe, it } from 'vitest';
import { notificationsProjection } from '../../src/notifications/notifications.projection';
import { participationProjection } from '../../src/profiles/participation.projection';
import { topicsProjection } from '../../src/topics/topics.projection';
import { Delegations } from '../delegation-events';
import { approvalBallotCast, electionDecided, rankedBallotCast } from '../election-events';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, topicCreated } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:05:00.000Z';
const GROUP = 2;

/** What election methods (issue #34) change in the topics, participation and notifications read models. */
describe('election methods in the topics, participation and notifications projections', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([topicsProjection, participationProjection, notificationsProjection]);
  });
  afterAll(async () => spec.close());

  const [ada, grace, linus] = [newId(), newId(), newId()];

  it('keeps an election\u2019s method (plurality when TopicCreated names none) and no method for other topics', async () => {
    const [schulze, approval, old, law] = [newId(), newId(), newId(), newId()];
    await spec
      .given([
        topicCreated(schulze, GROUP, ada, { type: 'election', method: 'schulze' }),
        topicCreated(approval, GROUP, ada, { type: 'election', method: 'approval' }),
        topicCreated(old, GROUP, ada, { type: 'election' }),
        topicCreated(law, GROUP, ada),
      ])
      .then(
        expectRows('topics', { columns: ['id', 'method'], orderBy: ['created_position'] }).toEqual([
          { id: schulze, method: 'schulze' },
          { id: approval, method: 'approval' },
          { id: old, method: 'plurality' },
          { id: law, method: null },
        ]),
      );
  });

  it('keeps the pairwise matrix a Schulze election was decided by, and none for one decided without it', async () => {
    const [schulze, plurality] = [newId(), newId()];
    const winner = { userId: grace, candidateId: newId() };
    const decided = electionDecided(schulze, GROUP, winner, T2, false);
    await spec
      .given([topicCreated(schulze, GROUP, ada, { type: 'election', method: 'schulze' }), topicCreated(plurality, GROUP, ada, { type: 'election' })])
      .when([
        at(T2, {
          ...decided,
          data: {
            ...decided.data,
            method: 'schulze',
            pairwise: [
              [0, 3],
              [1, 0],
            ],
          },
        }),
        at(T2, electionDecided(plurality, GROUP, winner, T2, false)),
      ])
      .then(
        expectRows('topics', { columns: ['id', 'winner_id', 'pairwise'], orderBy: ['created_position'] }).toEqual([
          {
            id: schulze,
            winner_id: grace,
            pairwise: [
              [0, 3],
              [1, 0],
            ],
          },
          { id: plurality, winner_id: grace, pairwise: null },
        ]),
      );
  });

  it('counts a ranked or approval ballot as taking part, and tells the voter\u2019s delegators', async () => {
    const d = new Delegations();
    const [ranked, approved] = [newId(), newId()];
    await spec
      .given([d.assign(GROUP, ada, linus)])
      .when([
        at(T1, rankedBallotCast({ topicId: ranked, groupId: GROUP, userId: linus }, [[newId()], [newId()]])),
        at(T2, approvalBallotCast({ topicId: approved, groupId: GROUP, userId: grace }, [newId()])),
      ])
      .then(
        expectRows('topic_participants', { columns: ['topic_id', 'user_id'], orderBy: ['user_id'] }).toEqual(
          [
            { topic_id: ranked, user_id: linus },
            { topic_id: approved, user_id: grace },
          ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
        ),
        expectRows('member_stats', { where: { user_id: linus } }).toEqual([]),
        expectRows('notification_items', { columns: ['id', 'user_id', 'type', 'topic_id', 'actor_id'] }).toEqual([
          { id: `delegate_voted:${ranked}:${ada}`, user_id: ada, type: 'delegate_voted', topic_id: ranked, actor_id: linus },
        ]),
        expectRows('notification_audiences', { columns: ['user_id'], where: { group_id: GROUP }, orderBy: ['user_id'] }).toEqual(
          [{ user_id: ada }, { user_id: grace }, { user_id: linus }].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
        ),
      );
  });
});
