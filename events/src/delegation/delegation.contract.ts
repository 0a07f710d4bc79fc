import { z } from 'zod';
import { groupIdSchema } from '../groups/group.contract';
import { text } from '../text';
import { PersonSummary } from '../topics/topic.contract';
import { VoteType } from '../voting/vote.events';

export const SEARCH_NAME_REQUIRED = 'Please enter a name';
export const SEARCH_GROUP_REQUIRED = 'Please select a group';
export const DELEGATE_ID_REQUIRED = 'Please enter a user ID to delegate to.';
export const NO_SELF_DELEGATION = 'You cannot delegate to yourself.';
export const DELEGATE_NOT_ELIGIBLE = 'This member cannot take part in this group, so they cannot be your delegate.';
export const DELEGATE_NOT_FOUND = 'No member with that user ID was found.';
export const DELEGATION_NOT_FOUND = 'Delegation not found';
/** The departments the Find Delegate dialog offers (docs/product.md, Rules); the topic page searches its own group, any department (docs/decisions.md). */
export const DELEGATE_SEARCH_DEPARTMENTS = ['national', 'international', 'alliance'] as const;

/** POST /api/delegates/search: a name (first or last, any case or accents) within a group. */
export const DelegateSearchBody = z.object({
  username: text({ field: 'Name', required: SEARCH_NAME_REQUIRED }).min(1, SEARCH_NAME_REQUIRED).max(100, 'Name must be at most 100 characters'),
  groupId: groupIdSchema(SEARCH_GROUP_REQUIRED),
});
export type DelegateSearchBody = z.infer<typeof DelegateSearchBody>;

export const DelegateSearchResult = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Masked, never the address: its first letter and domain, 'a•••@example.org' (docs/decisions.md, Liquid delegation). */
  email: z.string(),
  isVerified: z.boolean(),
});
export const DelegateSearchReply = z.object({ delegates: z.array(DelegateSearchResult) });
export type DelegateSearchReply = z.infer<typeof DelegateSearchReply>;

/** POST /api/delegates/assign and POST /api/delegations: a new delegate replaces the current one. */
export const AssignDelegateBody = z.object({
  delegateId: text({ field: 'Delegate', required: DELEGATE_ID_REQUIRED }).min(1, DELEGATE_ID_REQUIRED),
  groupId: groupIdSchema(SEARCH_GROUP_REQUIRED),
});
export type AssignDelegateBody = z.infer<typeof AssignDelegateBody>;

/** A delegation as its client view shows it (docs/product.md, Data) (delegations entity plus delegate names). */
export const DelegationView = z.object({
  id: z.string(),
  delegatorId: z.string(),
  delegateId: z.string(),
  groupId: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  delegate: PersonSummary,
  group: z.object({ name: z.string() }),
});
export type DelegationView = z.infer<typeof DelegationView>;

export const DelegationReply = z.object({ position: z.string().nullable(), delegation: DelegationView.nullable() });
export type DelegationReply = z.infer<typeof DelegationReply>;

/** What a member carries as a delegate in a group: members lending to them, directly and along chains. */
export const CarriedWeight = z.object({
  /** Members who named them as delegate. */
  directDelegators: z.number().int(),
  /** Their own vote plus every eligible member whose chain reaches them (when they vote directly). */
  weight: z.number().int(),
});
export type CarriedWeight = z.infer<typeof CarriedWeight>;

/** GET /api/delegations/<groupId>: the signed-in member's delegation in the group and the weight they carry there. */
export const GroupDelegationView = z.object({
  groupId: z.number().int(),
  delegation: DelegationView.nullable(),
  carried: CarriedWeight,
});
export type GroupDelegationView = z.infer<typeof GroupDelegationView>;

/** GET /api/opinions/<id>/receipt: where the signed-in member's weight went on the opinion. */
export const ReceiptView = z.object({
  opinionId: z.string(),
  groupId: z.number().int(),
  outcome: z.enum(['direct', 'delegated', 'abstained']),
  reason: z.enum(['ineligible', 'cycle', 'no_direct_vote']).nullable(),
  /** The chain from the member to the voter (or to where it stopped). */
  path: z.array(z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })),
  /** The vote the weight joined. */
  joinedVote: VoteType.nullable(),
  /** One line: 'voted directly', 'A -> B -> C (support)', 'abstained: cycle', ... */
  summary: z.string(),
});
export type ReceiptView = z.infer<typeof ReceiptView>;
