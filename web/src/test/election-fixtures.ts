import type { CandidateView } from '../features/elections/api/get-candidates';
import type { MainElectionView } from '../features/elections/api/get-main-election';
import { makeTopic } from './topic-page-fixtures';

let nextId = 0;
const nextUuid = () => {
  nextId += 1;
  return `00000000-0000-4000-a000-${String(nextId).padStart(12, '0')}`;
};

export function makeCandidate(overrides: Partial<CandidateView> & Pick<CandidateView, 'topicId'>): CandidateView {
  const firstName = overrides.user?.firstName ?? overrides.firstName ?? 'Omar';
  const lastName = overrides.user?.lastName ?? overrides.lastName ?? 'Farouk';
  return {
    id: nextUuid(),
    userId: nextUuid(),
    groupId: 7,
    statement: '',
    voteCount: 0,
    directVotes: 0,
    createdAt: '2025-03-02T12:00:00.000Z',
    firstName,
    lastName,
    user: { firstName, lastName, profileImageUrl: null },
    isMyChoice: false,
    ...overrides,
  };
}

/** An open main election of group 7 (International) ending Jun 15, 2099. */
export function makeMainElection(overrides: Partial<MainElectionView> = {}): MainElectionView {
  return {
    ...makeTopic({ type: 'election', groupId: 7, isMainElection: true, title: 'International leadership election' }),
    winner: null,
    candidateCount: 0,
    ...overrides,
  };
}
