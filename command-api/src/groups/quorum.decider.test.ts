import { CATALOGUE, ForbiddenError, NotFoundError, ONLY_LEADERS_SET_QUORUM } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { quorumDecider } from './quorum.decider';

const owner = '66666666-6666-4666-8666-666666666666';
const member = '55555555-5555-4555-8555-555555555555';
const leader = '44444444-4444-4444-8444-444444444444';
const islam = CATALOGUE.find((group) => group.name === 'Islam')!;
const family = { ...islam, groupId: 10000, name: "Amina's Family", department: 'family' as const, subcategory: null, ownerId: owner };
const alliance = { ...islam, groupId: 10001, name: 'Alliance', department: 'alliance' as const, subcategory: null, ownerId: owner };
const familyHistory = [
  { type: 'GroupCreated' as const, data: family },
  { type: 'GroupMemberJoined' as const, data: { groupId: 10000, userId: owner, role: 'owner' as const, isLeader: false } },
  { type: 'GroupMemberJoined' as const, data: { groupId: 10000, userId: member, role: 'member' as const, isLeader: false } },
];
const islamHistory = [
  { type: 'GroupCreated' as const, data: islam },
  {
    type: 'GroupLeaderElected' as const,
    data: { groupId: islam.groupId, userId: leader, electionId: '33333333-3333-4333-8333-333333333333', previousLeaderId: null },
  },
];
const set = (actorId: string, quorumPercent: number, topicType: 'law_amendment' | 'dispute_resolution' | 'election' = 'law_amendment') => ({
  type: 'setQuorum' as const,
  topicType,
  quorumPercent,
  actorId,
});
const quorumSet = (
  groupId: number,
  setBy: string,
  quorumPercent: number,
  topicType: 'law_amendment' | 'dispute_resolution' | 'election' = 'law_amendment',
) => ({
  type: 'GroupQuorumSet' as const,
  data: { groupId, topicType, quorumPercent, setBy },
});
const spec = deciderSpec(quorumDecider);

describe('setting a group\u2019s quorum (issue #34 item 3)', () => {
  it('lets the elected leader of an open group set it for one type', () => {
    spec
      .given(islamHistory)
      .when(set(leader, 25, 'election'))
      .then([quorumSet(islam.groupId, leader, 25, 'election')]);
  });

  it('lets the owner of a personal group set it, and nobody else of its members', () => {
    spec
      .given(familyHistory)
      .when(set(owner, 50))
      .then([quorumSet(10000, owner, 50)]);
    spec.given(familyHistory).when(set(member, 50)).thenThrows(ForbiddenError, ONLY_LEADERS_SET_QUORUM);
  });

  it('refuses a stranger, a leader who stepped down, and the founder of a group that is not personal', () => {
    spec.given(islamHistory).when(set(member, 25)).thenThrows(ForbiddenError, ONLY_LEADERS_SET_QUORUM);
    const replaced = {
      type: 'GroupLeaderElected' as const,
      data: { groupId: islam.groupId, userId: member, electionId: '22222222-2222-4222-8222-222222222222', previousLeaderId: leader },
    };
    spec
      .given([...islamHistory, replaced])
      .when(set(leader, 25))
      .thenThrows(ForbiddenError, ONLY_LEADERS_SET_QUORUM);
    // An owner's role carries the right only in a personal group (leaders decide elsewhere).
    const allianceHistory = [
      { type: 'GroupCreated' as const, data: alliance },
      { type: 'GroupMemberJoined' as const, data: { groupId: 10001, userId: owner, role: 'owner' as const, isLeader: false } },
    ];
    spec.given(allianceHistory).when(set(owner, 25)).thenThrows(ForbiddenError, ONLY_LEADERS_SET_QUORUM);
  });

  it('says a group that does not exist is not found, before who asks', () => {
    spec.given([]).when(set(leader, 25)).thenThrows(NotFoundError, 'Group not found');
  });

  it('records nothing when the value is the one in force: the default, or the last set', () => {
    spec.given(familyHistory).when(set(owner, 10)).then([]);
    spec
      .given(familyHistory)
      .when(set(owner, 0, 'election'))
      .then([]);
    spec
      .given([...familyHistory, quorumSet(10000, owner, 30)])
      .when(set(owner, 30))
      .then([]);
    // Back to the default is a change once another value was set.
    spec
      .given([...familyHistory, quorumSet(10000, owner, 30)])
      .when(set(owner, 10))
      .then([quorumSet(10000, owner, 10)]);
    // Each type keeps its own: the law amendments' 30 says nothing of dispute resolutions.
    spec
      .given([...familyHistory, quorumSet(10000, owner, 30)])
      .when(set(owner, 30, 'dispute_resolution'))
      .then([quorumSet(10000, owner, 30, 'dispute_resolution')]);
  });
});
