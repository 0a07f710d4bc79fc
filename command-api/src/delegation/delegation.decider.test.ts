import { DELEGATION_NOT_FOUND, NO_SELF_DELEGATION, NotFoundError, ValidationError, type DelegationEvent } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { delegationDecider } from './delegation.decider';

const target = { groupId: 1682, delegatorId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' };
const [grace, alan] = ['1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a'];
const [first, second, third] = ['3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c', '5a6b7c8d-9e0f-4a1b-8c3d-4e5f6a7b8c9d'];

const assigned = (delegationId: string, delegateId: string, previous: { delegationId: string; delegateId: string } | null = null): DelegationEvent => ({
  type: 'DelegationAssigned',
  data: { delegationId, ...target, delegateId, previousDelegationId: previous?.delegationId ?? null, previousDelegateId: previous?.delegateId ?? null },
});
const revoked = (delegationId: string, delegateId: string): DelegationEvent => ({ type: 'DelegationRevoked', data: { delegationId, ...target, delegateId } });
const assign = (delegateId: string, delegationId: string) => ({ type: 'assignDelegate' as const, target, delegateId, delegationId });
const spec = deciderSpec(delegationDecider);

describe('delegation decider (one delegate per member per group)', () => {
  it('names a first delegate', () =>
    spec
      .given([])
      .when(assign(grace, first))
      .then([assigned(first, grace)]));

  it('refuses a delegation to oneself', () => spec.given([]).when(assign(target.delegatorId, first)).thenThrows(ValidationError, NO_SELF_DELEGATION));

  it('changes nothing when the same delegate is named again', () =>
    spec
      .given([assigned(first, grace)])
      .when(assign(grace, second))
      .then([]));

  it('replaces the delegate, naming the delegation it ends', () =>
    spec
      .given([assigned(first, grace)])
      .when(assign(alan, second))
      .then([assigned(second, alan, { delegationId: first, delegateId: grace })]));

  it('names a delegate again after a revocation, as a new delegation', () =>
    spec
      .given([assigned(first, grace), revoked(first, grace)])
      .when(assign(grace, second))
      .then([assigned(second, grace)]));

  it('revokes the active delegation', () => {
    spec
      .given([assigned(first, grace)])
      .when({ type: 'revokeDelegation', target })
      .then([revoked(first, grace)]);
    spec
      .given([assigned(first, grace), assigned(second, alan, { delegationId: first, delegateId: grace })])
      .when({ type: 'revokeDelegation', target, delegationId: second })
      .then([revoked(second, alan)]);
  });

  it('answers 404 when there is no active delegation to revoke, or not the one named', () => {
    spec.given([]).when({ type: 'revokeDelegation', target }).thenThrows(NotFoundError, DELEGATION_NOT_FOUND);
    spec
      .given([assigned(first, grace), revoked(first, grace)])
      .when({ type: 'revokeDelegation', target })
      .thenThrows(NotFoundError, DELEGATION_NOT_FOUND);
    // An ended delegation cannot be revoked by its id, even while another one is active.
    spec
      .given([assigned(first, grace), assigned(second, alan, { delegationId: first, delegateId: grace })])
      .when({ type: 'revokeDelegation', target, delegationId: first })
      .thenThrows(NotFoundError, DELEGATION_NOT_FOUND);
    spec
      .given([assigned(first, grace)])
      .when({ type: 'revokeDelegation', target, delegationId: third })
      .thenThrows(NotFoundError, DELEGATION_NOT_FOUND);
  });
});
