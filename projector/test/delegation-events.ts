import { delegationStream, type DelegationAssigned, type DelegationRevoked } from '@civitas/events';
import { newId, type StreamEvent } from './spec-events';

type Of<Event extends { type: string; data: unknown }> = StreamEvent<Event['type'], Event['data']>;

/** Delegation events as the command side writes them: each names the delegation it replaces. */
export class Delegations {
  private readonly active = new Map<string, { id: string; delegateId: string }>();

  assign(groupId: number, delegatorId: string, delegateId: string): Of<DelegationAssigned> {
    const previous = this.active.get(`${groupId}:${delegatorId}`) ?? null;
    const delegationId = newId();
    this.active.set(`${groupId}:${delegatorId}`, { id: delegationId, delegateId });
    return {
      type: 'DelegationAssigned',
      streamId: delegationStream(groupId, delegatorId),
      data: { delegationId, groupId, delegatorId, delegateId, previousDelegationId: previous?.id ?? null, previousDelegateId: previous?.delegateId ?? null },
    };
  }

  revoke(groupId: number, delegatorId: string): Of<DelegationRevoked> {
    const current = this.active.get(`${groupId}:${delegatorId}`)!;
    this.active.delete(`${groupId}:${delegatorId}`);
    return {
      type: 'DelegationRevoked',
      streamId: delegationStream(groupId, delegatorId),
      data: { delegationId: current.id, groupId, delegatorId, delegateId: current.delegateId },
    };
  }
}
