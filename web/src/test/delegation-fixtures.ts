import type { DelegationView } from '../features/delegation/api/get-user-delegations';
import type { GroupDelegationView } from '../features/delegation/api/get-group-delegation';
import type { ReceiptView } from '../features/delegation/api/get-receipt';
import type { DelegateSearchResult } from '../features/delegation/api/search-delegates';

let nextId = 0;
const nextUuid = () => {
  nextId += 1;
  return `00000000-0000-4000-9000-${String(nextId).padStart(12, '0')}`;
};

export function makeDelegate(overrides: Partial<DelegateSearchResult> = {}): DelegateSearchResult {
  return { id: nextUuid(), firstName: 'Omar', lastName: 'Farouk', email: 'omar@example.com', isVerified: true, ...overrides };
}

export function makeDelegation(overrides: Partial<DelegationView> & Pick<DelegationView, 'groupId'>): DelegationView {
  return {
    id: nextUuid(),
    delegatorId: 'member-1',
    delegateId: nextUuid(),
    isActive: true,
    createdAt: '2025-03-02T12:00:00.000Z',
    updatedAt: '2025-03-02T12:00:00.000Z',
    delegate: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
    group: { name: 'International' },
    ...overrides,
  };
}

export function makeGroupDelegation(groupId: number, overrides: Partial<GroupDelegationView> = {}): GroupDelegationView {
  return { groupId, delegation: null, carried: { directDelegators: 0, weight: 0 }, ...overrides };
}

export function makeReceipt(overrides: Partial<ReceiptView> & Pick<ReceiptView, 'opinionId'>): ReceiptView {
  return {
    groupId: 7,
    outcome: 'delegated',
    reason: null,
    path: [
      { id: 'member-1', firstName: 'Amina', lastName: 'Haddad' },
      { id: 'member-2', firstName: 'Omar', lastName: 'Farouk' },
    ],
    joinedVote: 'support',
    summary: 'Amina Haddad -> Omar Farouk (support)',
    ...overrides,
  };
}

/** A command's answer: its position (read-your-writes) and the delegation now. */
export const delegationReply = (delegation: DelegationView | null) => ({ position: '0000000000000009-0000000000000001', delegation });
