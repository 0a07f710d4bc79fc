import { afterAll, beforeAll, describe, it } from 'vitest';
import { groupsProjection } from '../../src/groups/groups.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { groupCreated, memberJoined, memberLeft, newId, personalGroupCreated } from '../spec-events';
import { leaderElected } from '../election-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';

const GROUP_COLUMNS = ['id', 'name', 'department', 'owner_id', 'member_count', 'created_at', 'updated_at'];
const MEMBER_COLUMNS = ['group_id', 'user_id', 'role', 'is_leader', 'status', 'joined_at', 'removed_at', 'removed_by'];

describe('groups projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(groupsProjection);
  });
  afterAll(async () => spec.close());

  const owner = newId();
  const friend = newId();
  const other = newId();

  it('projects a created group with every field and no members', async () => {
    await spec
      .given([
        at(
          T1,
          groupCreated(1682, {
            name: 'Saudi Arabia',
            description: 'The national group of Saudi Arabia.',
            department: 'national',
            subcategory: 'saudi_arabia',
            subscriptionType: 'premium',
            features: ['Discussion topics', 'Law amendments'],
            ownerId: null,
          }),
        ),
      ])
      .then(
        expectRows('groups').toEqual([
          {
            id: 1682,
            name: 'Saudi Arabia',
            description: 'The national group of Saudi Arabia.',
            department: 'national',
            subcategory: 'saudi_arabia',
            subscription_type: 'premium',
            features: ['Discussion topics', 'Law amendments'],
            owner_id: null,
            member_count: 0,
            quorums: {},
            created_at: T1,
            updated_at: T1,
          },
        ]),
      );
  });

  it('never rewrites an existing group when it is created again', async () => {
    await spec
      .given([at(T1, groupCreated(2, { name: 'Islam' }))])
      .when([at(T2, groupCreated(2, { name: 'Renamed' }))])
      .then(expectRows('groups', { columns: ['id', 'name', 'created_at'] }).toEqual([{ id: 2, name: 'Islam', created_at: T1 }]));
  });

  it('counts the owner who joins a personal group as it is created, in the same batch', async () => {
    await spec
      .given([at(T1, personalGroupCreated(10000, 'family', owner)), at(T1, memberJoined(10000, owner, 'owner'))])
      .then(
        expectRows('groups', { columns: GROUP_COLUMNS }).toEqual([
          { id: 10000, name: 'Family', department: 'family', owner_id: owner, member_count: 1, created_at: T1, updated_at: T1 },
        ]),
        expectRows('group_members', { columns: MEMBER_COLUMNS }).toEqual([
          { group_id: 10000, user_id: owner, role: 'owner', is_leader: false, status: 'active', joined_at: T1, removed_at: null, removed_by: null },
        ]),
      );
  });

  it('counts a member once however often they join, keeping the first joining time', async () => {
    await spec
      .given([at(T1, personalGroupCreated(10001, 'friends', owner)), at(T1, memberJoined(10001, owner, 'owner'))])
      .when([at(T2, memberJoined(10001, friend))])
      .when([at(T3, memberJoined(10001, friend))])
      .then(
        expectRows('groups', { columns: ['id', 'member_count', 'updated_at'] }).toEqual([{ id: 10001, member_count: 2, updated_at: T2 }]),
        expectRows('group_members', { columns: ['user_id', 'status', 'joined_at'], where: { user_id: friend } }).toEqual([
          { user_id: friend, status: 'active', joined_at: T2 },
        ]),
      );
  });

  it('keeps a member who was cut listed, no longer counted, and counts them again when they rejoin', async () => {
    const given = spec.given([
      at(T1, personalGroupCreated(10001, 'friends', owner)),
      at(T1, memberJoined(10001, owner, 'owner')),
      at(T1, memberJoined(10001, friend)),
    ]);
    await given
      .when([at(T2, memberLeft(10001, friend, 'cut', owner))])
      .then(
        expectRows('groups', { columns: ['member_count', 'updated_at'] }).toEqual([{ member_count: 1, updated_at: T2 }]),
        expectRows('group_members', { columns: MEMBER_COLUMNS, where: { user_id: friend } }).toEqual([
          { group_id: 10001, user_id: friend, role: 'member', is_leader: false, status: 'cut', joined_at: T1, removed_at: T2, removed_by: owner },
        ]),
      );
    await given
      .when([at(T2, memberLeft(10001, friend, 'cut', owner))])
      .when([at(T3, memberJoined(10001, friend))])
      .then(
        expectRows('groups', { columns: ['member_count', 'updated_at'] }).toEqual([{ member_count: 2, updated_at: T3 }]),
        expectRows('group_members', { columns: MEMBER_COLUMNS, where: { user_id: friend } }).toEqual([
          { group_id: 10001, user_id: friend, role: 'member', is_leader: false, status: 'active', joined_at: T3, removed_at: null, removed_by: null },
        ]),
      );
  });

  it('ignores a leaving that does not end an active membership (twice, or never joined)', async () => {
    await spec
      .given([at(T1, personalGroupCreated(10002, 'business', owner)), at(T1, memberJoined(10002, owner, 'owner')), at(T1, memberJoined(10002, friend))])
      .when([at(T2, memberLeft(10002, friend, 'fired', owner))])
      .when([at(T3, memberLeft(10002, friend, 'fired', owner)), at(T3, memberLeft(10002, other, 'fired', owner))])
      .then(
        expectRows('groups', { columns: ['member_count', 'updated_at'] }).toEqual([{ member_count: 1, updated_at: T2 }]),
        expectRows('group_members', { columns: ['user_id', 'status', 'removed_at'], orderBy: ['role'] }).toEqual([
          { user_id: friend, status: 'fired', removed_at: T2 },
          { user_id: owner, status: 'active', removed_at: null },
        ]),
      );
  });

  it('records Alliance leaders and their role', async () => {
    await spec
      .given([
        at(T1, groupCreated(8, { name: 'Alliance', department: 'alliance', subscriptionType: 'elite' })),
        at(T2, memberJoined(8, friend, 'member', true)),
      ])
      .then(
        expectRows('groups', { columns: ['id', 'member_count'] }).toEqual([{ id: 8, member_count: 1 }]),
        expectRows('group_members', { columns: ['user_id', 'role', 'is_leader', 'status'] }).toEqual([
          { user_id: friend, role: 'member', is_leader: true, status: 'active' },
        ]),
      );
  });

  it('gives the same rows whether a history comes in one batch or event by event', async () => {
    const history = [
      at(T1, personalGroupCreated(10003, 'friends', owner)),
      at(T1, memberJoined(10003, owner, 'owner')),
      at(T2, memberJoined(10003, friend)),
      at(T3, memberLeft(10003, friend, 'cut', owner)),
      at(T4, memberJoined(10003, friend)),
      at(T4, memberJoined(10003, other)),
    ];
    const expected = [
      expectRows('groups', { columns: GROUP_COLUMNS }).toEqual([
        { id: 10003, name: 'Friends', department: 'friends', owner_id: owner, member_count: 3, created_at: T1, updated_at: T4 },
      ]),
      expectRows('group_members', { columns: ['user_id', 'status', 'joined_at'], orderBy: ['joined_at', 'role', 'user_id'] }).toEqual([
        { user_id: owner, status: 'active', joined_at: T1 },
        ...[
          { user_id: friend, status: 'active', joined_at: T4 },
          { user_id: other, status: 'active', joined_at: T4 },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      ]),
    ];
    await spec.given(history).then(...expected);
    await spec
      .given([])
      .whenEach(history)
      .then(...expected);
  });

  it('changes nothing when a batch of creations and joinings is delivered again', async () => {
    await spec
      .given([at(T1, personalGroupCreated(10004, 'family', owner)), at(T1, memberJoined(10004, owner, 'owner')), at(T2, memberJoined(10004, friend))])
      .redelivered()
      .then(
        expectRows('groups', { columns: ['id', 'member_count', 'updated_at'] }).toEqual([{ id: 10004, member_count: 2, updated_at: T2 }]),
        expectRows('group_members', { columns: ['user_id', 'joined_at'], orderBy: ['joined_at'] }).toEqual([
          { user_id: owner, joined_at: T1 },
          { user_id: friend, joined_at: T2 },
        ]),
      );
  });

  describe('leaders (GroupLeaderElected)', () => {
    const election = newId();
    const national = at(T1, groupCreated(1682, { name: 'Saudi Arabia', department: 'national', subcategory: 'saudi_arabia' }));

    it('lists the winner of an open group as its leading member, and the leader they replace as stepped down', async () => {
      const first = spec.given([national]).when([at(T2, leaderElected(1682, owner, election))]);
      await first.then(
        expectRows('group_members', { columns: MEMBER_COLUMNS }).toEqual([
          { group_id: 1682, user_id: owner, role: 'member', is_leader: true, status: 'active', joined_at: T2, removed_at: null, removed_by: null },
        ]),
      );
      await first.when([at(T3, leaderElected(1682, friend, newId(), owner))]).then(
        expectRows('group_members', { columns: MEMBER_COLUMNS, orderBy: ['joined_at'] }).toEqual([
          { group_id: 1682, user_id: owner, role: 'member', is_leader: false, status: 'stepped_down', joined_at: T2, removed_at: T3, removed_by: null },
          { group_id: 1682, user_id: friend, role: 'member', is_leader: true, status: 'active', joined_at: T3, removed_at: null, removed_by: null },
        ]),
        expectRows('groups', { columns: ['member_count', 'updated_at'] }).toEqual([{ member_count: 1, updated_at: T3 }]),
      );
    });

    it('keeps a re-elected leader as they were, and leads again a former leader', async () => {
      await spec
        .given([national, at(T2, leaderElected(1682, owner, election))])
        .when([at(T3, leaderElected(1682, owner, newId(), owner))])
        .then(
          expectRows('group_members', { columns: ['user_id', 'is_leader', 'status', 'joined_at'] }).toEqual([
            { user_id: owner, is_leader: true, status: 'active', joined_at: T2 },
          ]),
        );
      await spec
        .given([national, at(T2, leaderElected(1682, owner, election)), at(T3, leaderElected(1682, friend, newId(), owner))])
        .when([at(T4, leaderElected(1682, owner, newId(), friend))])
        .then(
          expectRows('group_members', { columns: ['user_id', 'is_leader', 'status', 'joined_at', 'removed_at'], orderBy: ['user_id'] }).toEqual(
            [
              { user_id: owner, is_leader: true, status: 'active', joined_at: T4, removed_at: null },
              { user_id: friend, is_leader: false, status: 'stepped_down', joined_at: T3, removed_at: T4 },
            ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
          ),
        );
    });

    it('keeps a previous leader a member of a group that has members', async () => {
      await spec
        .given([at(T1, personalGroupCreated(10005, 'business', owner)), at(T1, memberJoined(10005, owner, 'owner')), at(T1, memberJoined(10005, friend))])
        .when([at(T2, leaderElected(10005, owner, election)), at(T3, leaderElected(10005, friend, newId(), owner))])
        .then(
          expectRows('group_members', { columns: ['user_id', 'role', 'is_leader', 'status'], orderBy: ['role'] }).toEqual([
            { user_id: friend, role: 'member', is_leader: true, status: 'active' },
            { user_id: owner, role: 'owner', is_leader: false, status: 'active' },
          ]),
          expectRows('groups', { columns: ['member_count'] }).toEqual([{ member_count: 2 }]),
        );
    });

    it('gives the same rows in one batch as event by event, and ignores a group it has never seen', async () => {
      const history = [
        national,
        at(T2, leaderElected(1682, owner, election)),
        at(T3, leaderElected(1682, friend, newId(), owner)),
        at(T4, leaderElected(99, other, newId())),
      ];
      const expected = expectRows('group_members', { columns: ['user_id', 'is_leader', 'status'], orderBy: ['joined_at'] }).toEqual([
        { user_id: owner, is_leader: false, status: 'stepped_down' },
        { user_id: friend, is_leader: true, status: 'active' },
      ]);
      await spec.given(history).then(expected);
      await spec.given([]).whenEach(history).then(expected);
    });
  });

  it('does not fail on a joining whose group it has never seen', async () => {
    await spec.given([at(T1, memberJoined(10099, friend))]).then(expectRows('groups').toEqual([]));
  });
});
