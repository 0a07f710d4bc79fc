import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { topicsProjection } from '../../src/topics/topics.projection';
import { ProjectionSpec, at, expectQuery, expectRows } from '../projection-spec';
import { lawEnacted, newId, opinionPosted, topicClosed, topicCreated, topicDeleted } from '../spec-events';
import { electionDecided } from '../election-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';
const EXPIRES = '2026-03-08T10:00:00.000Z';

const LIFE = ['status', 'closed_at', 'opinion_count', 'updated_at'];

describe('topics projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(topicsProjection);
  });
  afterAll(async () => spec.close());

  const creator = newId();
  const member = newId();

  it('projects a created topic as active with every field', async () => {
    const topicId = newId();
    await spec
      .given([
        at(
          T1,
          topicCreated(topicId, 1682, creator, {
            title: 'Night buses',
            description: 'Should buses run all night long?',
            type: 'election',
            isMainElection: true,
            expiresAt: EXPIRES,
          }),
        ),
      ])
      .then(
        expectRows('topics', {
          columns: [
            'id',
            'group_id',
            'title',
            'description',
            'type',
            'created_by',
            'status',
            'is_main_election',
            'winner_id',
            'expires_at',
            'closed_at',
            'opinion_count',
            'created_at',
            'updated_at',
          ],
        }).toEqual([
          {
            id: topicId,
            group_id: 1682,
            title: 'Night buses',
            description: 'Should buses run all night long?',
            type: 'election',
            created_by: creator,
            status: 'active',
            is_main_election: true,
            winner_id: null,
            expires_at: EXPIRES,
            closed_at: null,
            opinion_count: 0,
            created_at: T1,
            updated_at: T1,
          },
        ]),
      );
  });

  it('lists topics created in the same instant in the order they were stored, newest first', async () => {
    const [first, second, third] = [newId(), newId(), newId()];
    await spec
      .given([at(T1, topicCreated(first, 2, creator)), at(T1, topicCreated(second, 2, creator))])
      .when([at(T1, topicCreated(third, 2, creator))])
      .then(
        expectQuery(async ({ db, schema }) =>
          (
            await sql<{ id: string }>`
        select id from ${sql.id(schema, 'topics')} where group_id = 2 order by created_at desc, created_position desc`.execute(db)
          ).rows.map((row) => row.id),
        ).toEqual([third, second, first]),
      );
  });

  it('never rewrites a topic created again', async () => {
    const topicId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 2, creator, { title: 'The first title' }))])
      .when([at(T2, topicCreated(topicId, 3, member, { title: 'Another title' }))])
      .then(
        expectRows('topics', { columns: ['group_id', 'title', 'created_by', 'created_at'] }).toEqual([
          { group_id: 2, title: 'The first title', created_by: creator, created_at: T1 },
        ]),
      );
  });

  it('keeps a deleted topic with status deleted', async () => {
    const topicId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 2, creator))])
      .when([at(T2, topicDeleted(topicId, 2, creator))])
      .then(
        expectRows('topics', { columns: ['id', ...LIFE] }).toEqual([{ id: topicId, status: 'deleted', closed_at: null, opinion_count: 0, updated_at: T2 }]),
      );
  });

  it('closes an active topic once, at its first close', async () => {
    const topicId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 2, creator))])
      .when([at(T2, topicClosed(topicId, 2, EXPIRES))])
      .when([at(T3, topicClosed(topicId, 2, T3))])
      .then(expectRows('topics', { columns: LIFE }).toEqual([{ status: 'closed', closed_at: EXPIRES, opinion_count: 0, updated_at: T2 }]));
  });

  it('does not reopen or close a deleted topic', async () => {
    const topicId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 2, creator)), at(T2, topicDeleted(topicId, 2, creator))])
      .when([at(T3, topicClosed(topicId, 2, T3))])
      .then(expectRows('topics', { columns: LIFE }).toEqual([{ status: 'deleted', closed_at: null, opinion_count: 0, updated_at: T2 }]));
  });

  it('counts opinions per topic, in the batch that creates the topic and in later ones', async () => {
    const [busy, quiet, empty] = [newId(), newId(), newId()];
    await spec
      .given([
        at(T1, topicCreated(busy, 2, creator)),
        at(T1, topicCreated(quiet, 2, creator)),
        at(T1, topicCreated(empty, 2, creator)),
        at(T2, opinionPosted(newId(), busy, 2, member)),
        at(T2, opinionPosted(newId(), busy, 2, creator)),
        at(T2, opinionPosted(newId(), quiet, 2, member)),
      ])
      .when([at(T3, opinionPosted(newId(), busy, 2, member))])
      .then(
        expectRows('topics', { columns: ['id', 'opinion_count', 'updated_at'], orderBy: ['opinion_count'] }).toEqual([
          // A posted opinion counts but does not move updated_at.
          { id: empty, opinion_count: 0, updated_at: T1 },
          { id: quiet, opinion_count: 1, updated_at: T1 },
          { id: busy, opinion_count: 3, updated_at: T1 },
        ]),
      );
  });

  it('gives the same counts whether opinions come in one batch or one by one', async () => {
    const topicId = newId();
    const history = [
      at(T1, topicCreated(topicId, 2, creator)),
      at(T2, opinionPosted(newId(), topicId, 2, member)),
      at(T2, opinionPosted(newId(), topicId, 2, member)),
      at(T3, topicClosed(topicId, 2, T3)),
    ];
    const expected = expectRows('topics', { columns: LIFE }).toEqual([{ status: 'closed', closed_at: T3, opinion_count: 2, updated_at: T3 }]);
    await spec.given(history).then(expected);
    await spec.given([]).whenEach(history).then(expected);
  });

  it('records the law a closed law amendment enacted, once', async () => {
    const topicId = newId();
    const opinionId = newId();
    await spec
      .given([at(T1, topicCreated(topicId, 7, creator)), at(T2, opinionPosted(opinionId, topicId, 7, member))])
      .when([at(T3, topicClosed(topicId, 7, T3)), at(T3, lawEnacted(topicId, 7, opinionId, member, T3, { weightedSupport: 5, weightedOppose: 2 }))])
      .when([at(T4, lawEnacted(topicId, 7, newId(), creator, T4, { weightedSupport: 9 }))])
      .then(
        expectRows('laws').toEqual([
          {
            topic_id: topicId,
            group_id: 7,
            opinion_id: opinionId,
            proposer_id: member,
            type: 'law_amendment',
            weighted_support: 5,
            weighted_oppose: 2,
            enacted_at: T3,
          },
        ]),
        expectRows('topics', { columns: LIFE }).toEqual([{ status: 'closed', closed_at: T3, opinion_count: 1, updated_at: T3 }]),
      );
  });

  it('records dispute resolutions as laws of their own type', async () => {
    const topicId = newId();
    const opinionId = newId();
    await spec
      .given([
        at(T1, topicCreated(topicId, 2, creator, { type: 'dispute_resolution' })),
        at(T2, topicClosed(topicId, 2, T2, 'dispute_resolution')),
        at(T2, lawEnacted(topicId, 2, opinionId, creator, T2, { type: 'dispute_resolution', weightedSupport: 1 })),
      ])
      .then(
        expectRows('laws', { columns: ['topic_id', 'type', 'weighted_support', 'weighted_oppose'] }).toEqual([
          { topic_id: topicId, type: 'dispute_resolution', weighted_support: 1, weighted_oppose: 0 },
        ]),
      );
  });

  it('records an election’s winner as it is decided, and none when nobody won', async () => {
    const [won, empty] = [newId(), newId()];
    const election = { type: 'election' as const, isMainElection: true };
    await spec
      .given([at(T1, topicCreated(won, 1682, creator, election)), at(T1, topicCreated(empty, 1682, creator, election))])
      .when([
        at(T3, topicClosed(won, 1682, T3, 'election')),
        at(T3, electionDecided(won, 1682, { userId: member, candidateId: newId() }, T3)),
        at(T3, topicClosed(empty, 1682, T3, 'election')),
        at(T3, electionDecided(empty, 1682, null, T3)),
      ])
      .then(
        expectRows('topics', { columns: ['id', 'status', 'winner_id', 'updated_at'], orderBy: ['created_position'] }).toEqual([
          { id: won, status: 'closed', winner_id: member, updated_at: T3 },
          { id: empty, status: 'closed', winner_id: null, updated_at: T3 },
        ]),
      );
  });

  it('does not fail on events of a topic it has never seen', async () => {
    const topicId = newId();
    await spec
      .given([at(T1, topicDeleted(topicId, 2, creator)), at(T1, topicClosed(topicId, 2, T1)), at(T1, opinionPosted(newId(), topicId, 2, member))])
      .then(expectRows('topics').toEqual([]));
  });
});
