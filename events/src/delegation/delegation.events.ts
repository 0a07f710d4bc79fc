import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

/**
 * `delegation-{groupId}-{delegatorId}`: one member's delegate in one group. At most one is active:
 * assigning another replaces it (the event names the one it ends), revoking ends it.
 */
export const DelegationAssigned = defineEvent(
  'DelegationAssigned',
  z.object({
    delegationId: z.uuid(),
    groupId: z.number().int().positive(),
    delegatorId: z.uuid(),
    delegateId: z.uuid(),
    /** The delegation this one replaces (a change of delegate), or null. */
    previousDelegationId: z.uuid().nullable(),
    previousDelegateId: z.uuid().nullable(),
  }),
);
export const DelegationRevoked = defineEvent(
  'DelegationRevoked',
  z.object({
    delegationId: z.uuid(),
    groupId: z.number().int().positive(),
    delegatorId: z.uuid(),
    delegateId: z.uuid(),
  }),
);

export type DelegationAssigned = EventOf<typeof DelegationAssigned>;
export type DelegationRevoked = EventOf<typeof DelegationRevoked>;
export type DelegationEvent = DelegationAssigned | DelegationRevoked;
export const delegationEvents = [DelegationAssigned, DelegationRevoked];
export const DELEGATION_EVENT_TYPES = delegationEvents.map((event) => event.type);
