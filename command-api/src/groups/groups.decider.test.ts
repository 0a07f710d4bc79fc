import { CATALOGUE, ConflictError, ForbiddenError, NotFoundError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { groupsDecider } from './groups.decider';

const islam = CATALOGUE.find((group) => group.name === 'Islam')!;
const spec = deciderSpec(groupsDecider);

describe('groups decider', () => {
  it('creates a group that does not exist yet', () => {
    spec
      .given([])
      .when({ type: 'createGroup', group: islam })
      .then([{ type: 'GroupCreated', data: islam }]);
  });

  it('does nothing when the same group is created again', () => {
    spec
      .given([{ type: 'GroupCreated', data: islam }])
      .when({ type: 'createGroup', group: islam })
      .then([]);
  });

  it('refuses to reuse an id for a different group', () => {
    spec
      .given([{ type: 'GroupCreated', data: islam }])
      .when({ type: 'createGroup', group: { ...islam, name: 'Something else' } })
      .thenThrows(ConflictError, /already exists as Islam/);
  });
});

describe('personal groups', () => {
  const owner = '66666666-6666-4666-8666-666666666666';
  const family = { ...islam, groupId: 10000, name: "Amina's Family", department: 'family' as const, subcategory: null, ownerId: owner };
  it('creates a personal group with its owner as first member', () => {
    spec
      .given([])
      .when({ type: 'createGroup', group: family })
      .then([
        { type: 'GroupCreated', data: family },
        { type: 'GroupMemberJoined', data: { groupId: 10000, userId: owner, role: 'owner', isLeader: false } },
      ]);
  });
});

describe('memberships', () => {
  const owner = '66666666-6666-4666-8666-666666666666';
  const friend = '55555555-5555-4555-8555-555555555555';
  const friends = { ...islam, groupId: 10001, name: "Amina's Friends", department: 'friends' as const, subcategory: null, ownerId: owner };
  const history = [
    { type: 'GroupCreated' as const, data: friends },
    { type: 'GroupMemberJoined' as const, data: { groupId: 10001, userId: owner, role: 'owner' as const, isLeader: false } },
  ];
  const joined = { type: 'GroupMemberJoined' as const, data: { groupId: 10001, userId: friend, role: 'member' as const, isLeader: false } };
  it('adds a member once and removes them, never the owner', () => {
    spec.given(history).when({ type: 'joinGroup', userId: friend }).then([joined]);
    spec
      .given([...history, joined])
      .when({ type: 'joinGroup', userId: friend })
      .then([]);
    spec
      .given([...history, joined])
      .when({ type: 'removeMember', userId: friend, reason: 'cut', removedBy: owner })
      .then([{ type: 'GroupMemberLeft', data: { groupId: 10001, userId: friend, reason: 'cut', removedBy: owner } }]);
    spec.given(history).when({ type: 'removeMember', userId: friend, reason: 'cut', removedBy: owner }).thenThrows(NotFoundError);
    spec.given(history).when({ type: 'removeMember', userId: owner, reason: 'cut', removedBy: owner }).thenThrows(ForbiddenError);
  });
  it('lets only the owner remove, and only from the kind of group the removal is for', () => {
    spec
      .given([...history, joined])
      .when({ type: 'removeMember', userId: friend, reason: 'cut', removedBy: friend })
      .thenThrows(ForbiddenError, 'Only the owner of this group can do that.');
    spec
      .given([...history, joined])
      .when({ type: 'removeMember', userId: friend, reason: 'fired', removedBy: owner })
      .thenThrows(NotFoundError, 'Group not found');
    spec.given([]).when({ type: 'removeMember', userId: friend, reason: 'cut', removedBy: owner }).thenThrows(NotFoundError, 'Group not found');
  });
});
