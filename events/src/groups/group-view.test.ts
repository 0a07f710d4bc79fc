import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { groupView, type GroupState } from './group.view';
import { quorumPercentOf } from './quorum';

type GroupFoldEvent = Parameters<typeof groupView.evolve>[1];
const joined = (userId: string, isLeader = false): GroupFoldEvent => ({ type: 'GroupMemberJoined', data: { groupId: 3, userId, role: 'member', isLeader } });
const left = (userId: string): GroupFoldEvent => ({ type: 'GroupMemberLeft', data: { groupId: 3, userId } }) as GroupFoldEvent;
const elected = (userId: string, previousLeaderId: string | null): GroupFoldEvent => ({
  type: 'GroupLeaderElected',
  data: { groupId: 3, userId, electionId: randomUUID(), previousLeaderId },
});

const membersOf = (state: GroupState) => state.members.toJS();

describe('groupView', () => {
  it('folds joins, departures and a change of leader into who is a member and who leads', () => {
    const [ann, ben, cy] = [randomUUID(), randomUUID(), randomUUID()];
    const state = fold(groupView, [joined(ann), joined(ben), joined(cy), left(cy), elected(ann, null), elected(ben, ann)]);
    expect(membersOf(state)).toEqual({
      [ann]: { role: 'member', isLeader: false },
      [ben]: { role: 'member', isLeader: true },
    });
    expect(state.leaderId).toBe(ben);
  });

  it('does not make a member of a previous leader who has left', () => {
    const [ann, ben] = [randomUUID(), randomUUID()];
    const state = fold(groupView, [joined(ann, true), joined(ben), left(ann), elected(ben, ann)]);
    expect(state.members.has(ann)).toBe(false);
    expect(state.members.get(ben)).toEqual({ role: 'member', isLeader: true });
  });

  it('folds the quorums its leaders set, the last for each type, leaving the others to their defaults', () => {
    const setBy = randomUUID();
    const set = (topicType: 'law_amendment' | 'election', quorumPercent: number): GroupFoldEvent => ({
      type: 'GroupQuorumSet',
      data: { groupId: 3, topicType, quorumPercent, setBy },
    });
    expect(groupView.initialState().quorums).toEqual({});
    const state = fold(groupView, [set('law_amendment', 20), set('election', 5), set('law_amendment', 0)]);
    expect(state.quorums).toEqual({ law_amendment: 0, election: 5 });
    expect(quorumPercentOf(state.quorums, 'law_amendment')).toBe(0);
    expect(quorumPercentOf(state.quorums, 'dispute_resolution')).toBe(10);
  });

  it('never changes a state it folded before: a snapshot kept between commands stays as it was', () => {
    const members = Array.from({ length: 1000 }, () => randomUUID());
    const before = fold(
      groupView,
      members.map((id) => joined(id)),
    );
    const after = [left(members[0]!), joined(randomUUID()), elected(members[1]!, null)].reduce(groupView.evolve, before);
    expect(before.members.size).toBe(1000);
    expect(before.members.has(members[0]!)).toBe(true);
    expect(before.members.get(members[1]!)?.isLeader).toBe(false);
    expect(after.members.size).toBe(1000);
    expect(after.members.get(members[1]!)?.isLeader).toBe(true);
  });
});
