import { ALREADY_REGISTERED, CATALOGUE, ConflictError, GROUP_NOT_FOUND, MAIN_ELECTION_EXISTS, NotFoundError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { ballotDecider } from './ballot.decider';
import { candidacyDecider } from './candidacy.decider';
import { groupLeadershipDecider, userLeadershipDecider } from './leadership.decider';
import { mainElectionDecider } from './main-election.decider';

const topicId = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const ada = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const grace = '11111111-1111-4111-8111-111111111111';
const linus = '22222222-2222-4222-8222-222222222222';
const [first, second] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'];
const election = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const GROUP = 1682;

describe('candidacy decider (once per election)', () => {
  const spec = deciderSpec(candidacyDecider);
  const candidate = { candidateId: first, topicId, groupId: GROUP, userId: ada, statement: 'I will listen.' };
  it('registers a first candidacy', () =>
    spec
      .given([])
      .when({ type: 'registerCandidate', candidate })
      .then([{ type: 'CandidateRegistered', data: candidate }]));
  it('refuses a second one with the catalogue\u2019s words', () =>
    spec
      .given([{ type: 'CandidateRegistered', data: candidate }])
      .when({ type: 'registerCandidate', candidate: { ...candidate, candidateId: second } })
      .thenThrows(ConflictError, ALREADY_REGISTERED));
});

describe('ballot decider (one choice per member per election)', () => {
  const spec = deciderSpec(ballotDecider);
  const target = { topicId, groupId: GROUP, userId: ada };
  const cast = (candidateId: string, previousCandidateId: string | null) => ({
    type: 'BallotCast' as const,
    data: { ...target, candidateId, previousCandidateId },
  });
  const withdrawn = (previousCandidateId: string) => ({ type: 'BallotWithdrawn' as const, data: { ...target, previousCandidateId } });
  const choose = (candidateId: string) => ({ type: 'chooseCandidate' as const, target, candidateId });
  it('casts a first ballot', () =>
    spec
      .given([])
      .when(choose(first))
      .then([cast(first, null)]));
  it('moves the ballot to another candidate, naming the one it leaves', () =>
    spec
      .given([cast(first, null)])
      .when(choose(second))
      .then([cast(second, first)]));
  it('withdraws it when the same candidate is chosen again', () =>
    spec
      .given([cast(first, null), cast(second, first)])
      .when(choose(second))
      .then([withdrawn(second)]));
  it('casts anew after a withdrawal', () =>
    spec
      .given([cast(first, null), withdrawn(first)])
      .when(choose(first))
      .then([cast(first, null)]));
});

describe('main election decider (one active per group)', () => {
  const spec = deciderSpec(mainElectionDecider);
  const opening = (id: string, expiresAt: string) => ({ groupId: GROUP, topicId: id, openedBy: ada, expiresAt });
  const opened = (id: string, expiresAt: string) => ({ type: 'MainElectionOpened' as const, data: opening(id, expiresAt) });
  const open = (now: string, deletedTopicId: string | null = null) => ({
    type: 'openMainElection' as const,
    opening: opening(second, '2026-12-20T10:00:00.000Z'),
    now,
    deletedTopicId,
  });
  it('opens the group\u2019s first', () =>
    spec
      .given([])
      .when(open('2026-12-06T10:00:00.000Z'))
      .then([opened(second, '2026-12-20T10:00:00.000Z')]));
  it('refuses another while one runs', () =>
    spec
      .given([opened(first, '2026-12-06T10:00:00.000Z')])
      .when(open('2026-12-06T09:59:59.999Z'))
      .thenThrows(ConflictError, MAIN_ELECTION_EXISTS));
  it('opens a new one once the current has expired', () =>
    spec
      .given([opened(first, '2026-12-06T10:00:00.000Z')])
      .when(open('2026-12-06T10:00:00.000Z'))
      .then([opened(second, '2026-12-20T10:00:00.000Z')]));
  it('opens a new one when the current one\u2019s topic was deleted, not when another topic was', () => {
    spec
      .given([opened(first, '2026-12-20T10:00:00.000Z')])
      .when(open('2026-12-06T10:00:00.000Z', first))
      .then([opened(second, '2026-12-20T10:00:00.000Z')]);
    spec
      .given([opened(first, '2026-12-20T10:00:00.000Z')])
      .when(open('2026-12-06T10:00:00.000Z', election))
      .thenThrows(ConflictError, MAIN_ELECTION_EXISTS);
  });
});

describe('group leadership decider (leaders and Alliance seats)', () => {
  const spec = deciderSpec(groupLeadershipDecider);
  const national = { type: 'GroupCreated' as const, data: { ...CATALOGUE.find((group) => group.groupId === GROUP)! } };
  const alliance = { type: 'GroupCreated' as const, data: { ...CATALOGUE.find((group) => group.department === 'alliance')! } };
  const ALLIANCE = alliance.data.groupId;
  const elected = (userId: string, previousLeaderId: string | null, electionId = election) => ({
    type: 'GroupLeaderElected' as const,
    data: { groupId: GROUP, userId, electionId, previousLeaderId },
  });
  const seated = (userId: string) => ({ type: 'GroupMemberJoined' as const, data: { groupId: ALLIANCE, userId, role: 'member' as const, isLeader: true } });

  it('elects a first leader, then names the one who steps down', () => {
    spec
      .given([national])
      .when({ type: 'electLeader', groupId: GROUP, winnerId: ada, electionId: election })
      .then([elected(ada, null)]);
    spec
      .given([national, elected(ada, null, first)])
      .when({ type: 'electLeader', groupId: GROUP, winnerId: grace, electionId: election })
      .then([elected(grace, ada)]);
  });
  it('knows no group that was never created', () =>
    spec.given([]).when({ type: 'electLeader', groupId: GROUP, winnerId: ada, electionId: election }).thenThrows(NotFoundError, GROUP_NOT_FOUND));
  it('seats a leader in the Alliance once', () => {
    spec
      .given([alliance])
      .when({ type: 'takeAllianceSeat', groupId: ALLIANCE, userId: ada })
      .then([seated(ada)]);
    spec
      .given([alliance, seated(ada)])
      .when({ type: 'takeAllianceSeat', groupId: ALLIANCE, userId: ada })
      .then([]);
  });
  it('unseats a member who leads no group any more, and nobody else', () => {
    const stepDown = { type: 'leaveAllianceSeat' as const, groupId: ALLIANCE, userId: ada, stillLeads: false };
    spec
      .given([alliance, seated(ada)])
      .when(stepDown)
      .then([{ type: 'GroupMemberLeft', data: { groupId: ALLIANCE, userId: ada, reason: 'stepped_down', removedBy: null } }]);
    spec
      .given([alliance, seated(ada)])
      .when({ ...stepDown, stillLeads: true })
      .then([]);
    spec
      .given([alliance, seated(linus)])
      .when(stepDown)
      .then([]);
  });
});

describe('user leadership decider (the member\u2019s own record of what they lead)', () => {
  const spec = deciderSpec(userLeadershipDecider);
  const taken = { type: 'LeadershipTaken' as const, data: { userId: ada, groupId: GROUP, electionId: first } };
  it('records a leadership taken', () => spec.given([]).when({ type: 'takeLeadership', userId: ada, groupId: GROUP, electionId: first }).then([taken]));
  it('ends a leadership the member holds, and only that', () => {
    const end = { type: 'endLeadership' as const, userId: ada, groupId: GROUP, electionId: election, successorId: grace };
    spec
      .given([taken])
      .when(end)
      .then([{ type: 'LeadershipEnded', data: { userId: ada, groupId: GROUP, electionId: election, successorId: grace } }]);
    spec.given([]).when(end).then([]);
  });
});
