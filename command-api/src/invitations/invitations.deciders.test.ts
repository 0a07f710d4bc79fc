import { ConflictError, ForbiddenError, GoneError, NotFoundError, TooManyRequestsError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { invitationAllowanceDecider } from './invitation-allowance.decider';
import { invitationDecider } from './invitation.decider';

const owner = '77777777-7777-4777-8777-777777777777';
const invitee = '88888888-8888-4888-8888-888888888888';
const invitationId = '99999999-9999-4999-8999-999999999999';
const created = {
  type: 'InvitationCreated' as const,
  data: {
    invitationId,
    kind: 'friends' as const,
    groupId: 10001,
    invitedBy: owner,
    emailSealed: 'v1.a',
    tokenSealed: 'v1.b',
    expiresAt: '2026-11-29T10:00:00.000Z',
  },
};
const accepted = { type: 'InvitationAccepted' as const, data: { invitationId, kind: 'friends' as const, groupId: 10001, acceptedBy: invitee } };
const accept = (userId: string, now = '2026-11-23T10:00:00.000Z', kind: 'friends' | 'family' = 'friends') => ({
  type: 'acceptInvitation' as const,
  kind,
  userId,
  now,
});
const spec = deciderSpec(invitationDecider);

describe('invitation decider', () => {
  it('is accepted once, before it expires; the same member accepting again changes nothing', () => {
    spec.given([created]).when(accept(invitee)).then([accepted]);
    spec.given([created, accepted]).when(accept(invitee)).then([]);
    spec.given([created, accepted]).when(accept(owner)).thenThrows(ConflictError, 'This invitation has already been used.');
    spec.given([created]).when(accept(invitee, '2026-11-29T10:00:00.000Z')).thenThrows(GoneError, 'This invitation has expired.');
  });
  it('names nothing for another kind of link or an unknown one', () => {
    spec
      .given([created])
      .when(accept(invitee, undefined, 'family'))
      .thenThrows(NotFoundError);
    spec.given([]).when(accept(invitee)).thenThrows(NotFoundError);
  });
});

describe('invitation allowance', () => {
  const sent = (sentAt: string, index: number) => ({
    type: 'InvitationSent' as const,
    data: { userId: owner, invitationId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, sentAt },
  });
  // The owner's stream also holds their personal groups and subscription, which the allowance reads.
  const assigned = { type: 'PersonalGroupsAssigned', data: { userId: owner, family: 10001, friends: 10002, business: 10003 } } as never;
  const subscribed = {
    type: 'SubscriptionActivated',
    data: {
      userId: owner,
      paymentId: invitationId,
      planId: 'civic_participation_monthly',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-01T00:00:00.000Z',
    },
  } as never;
  const fifty = [assigned, ...Array.from({ length: 50 }, (_, index) => sent('2026-11-22T12:00:00.000Z', index))];
  const send = (now: string, kind: 'friends' | 'business' = 'friends') => ({ type: 'sendInvitation' as const, kind, userId: owner, invitationId, now });
  it('allows 50 in any 24 hours', () => {
    deciderSpec(invitationAllowanceDecider)
      .given([assigned, ...fifty.slice(2)])
      .when(send('2026-11-22T13:00:00.000Z'))
      .then([{ type: 'InvitationSent', data: { userId: owner, invitationId, sentAt: '2026-11-22T13:00:00.000Z' } }]);
    deciderSpec(invitationAllowanceDecider).given(fifty).when(send('2026-11-23T11:59:59.000Z')).thenThrows(TooManyRequestsError);
    deciderSpec(invitationAllowanceDecider)
      .given(fifty)
      .when(send('2026-11-23T12:00:01.000Z'))
      .then([{ type: 'InvitationSent', data: { userId: owner, invitationId, sentAt: '2026-11-23T12:00:01.000Z' } }]);
  });
  it('needs the owner\u2019s personal groups, and a subscription for business invitations', () => {
    deciderSpec(invitationAllowanceDecider).given([]).when(send('2026-11-22T13:00:00.000Z')).thenThrows(NotFoundError, 'Group not found');
    deciderSpec(invitationAllowanceDecider)
      .given([assigned])
      .when(send('2026-11-22T13:00:00.000Z', 'business'))
      .thenThrows(ForbiddenError, /Subscription required/);
    deciderSpec(invitationAllowanceDecider)
      .given([assigned, subscribed])
      .when(send('2026-11-22T13:00:00.000Z', 'business'))
      .then([{ type: 'InvitationSent', data: { userId: owner, invitationId, sentAt: '2026-11-22T13:00:00.000Z' } }]);
    deciderSpec(invitationAllowanceDecider).given([assigned, subscribed]).when(send('2026-12-01T00:00:01.000Z', 'business')).thenThrows(ForbiddenError);
  });
});
