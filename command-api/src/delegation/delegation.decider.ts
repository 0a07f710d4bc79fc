import { DELEGATION_NOT_FOUND, NO_SELF_DELEGATION, NotFoundError, ValidationError, type Decider, type DelegationEvent } from '@civitas/events';

/** Whose delegation a command is about: one member in one group (the stream). */
export interface DelegationTarget {
  groupId: number;
  delegatorId: string;
}
/** Names a delegate; `delegationId` is the id the new delegation gets (ids come in the command). */
export type AssignDelegate = { type: 'assignDelegate'; target: DelegationTarget; delegateId: string; delegationId: string };
/** Ends the active delegation; with `delegationId`, only when that one is the active one. */
export type RevokeDelegation = { type: 'revokeDelegation'; target: DelegationTarget; delegationId?: string };
export type DelegationCommand = AssignDelegate | RevokeDelegation;

export interface DelegationState {
  active: { delegationId: string; delegateId: string } | null;
}

/**
 * `delegation-{groupId}-{delegatorId}`: one member's delegate in one group, so at most one is
 * active under any concurrency (docs/product.md, Voting and delegation). A new delegate
 * replaces the current one, naming the same one again changes nothing, and revoking ends it.
 * Whether the delegate may take part in the group is checked before (it spans streams).
 */
export const delegationDecider: Decider<DelegationCommand, DelegationEvent, DelegationState> = {
  initialState: () => ({ active: null }),
  evolve: (_state, event) => ({
    active: event.type === 'DelegationAssigned' ? { delegationId: event.data.delegationId, delegateId: event.data.delegateId } : null,
  }),
  decide: (command, { active }) => {
    const { groupId, delegatorId } = command.target;
    if (command.type === 'assignDelegate') {
      if (command.delegateId === delegatorId) throw new ValidationError(NO_SELF_DELEGATION);
      if (active?.delegateId === command.delegateId) return [];
      return [
        {
          type: 'DelegationAssigned',
          data: {
            delegationId: command.delegationId,
            groupId,
            delegatorId,
            delegateId: command.delegateId,
            previousDelegationId: active?.delegationId ?? null,
            previousDelegateId: active?.delegateId ?? null,
          },
        },
      ];
    }
    if (!active || (command.delegationId !== undefined && command.delegationId !== active.delegationId)) throw new NotFoundError(DELEGATION_NOT_FOUND);
    return [{ type: 'DelegationRevoked', data: { delegationId: active.delegationId, groupId, delegatorId, delegateId: active.delegateId } }];
  },
};
