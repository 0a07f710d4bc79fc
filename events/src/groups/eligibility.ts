import type { Department } from './group.events';

/**
 * Participation eligibility (docs/product.md, Eligibility), one pure rule used by every participation
 * command and by the query side to tell the client what it may do. The facts come from
 * the read models at the edges.
 */
export interface EligibilityGroup {
  department: Department;
  /** National groups: the country key (lowercase name, spaces as underscores). */
  subcategory: string | null;
}

export interface Participant {
  isSubscribed: boolean;
  /** Country keys of the member's approved verifications. */
  verifiedCountryKeys: readonly string[];
  /** The member's standing in this group, or null when not a member. */
  membership: { isLeader: boolean } | null;
}

export const NOT_A_CITIZEN = 'Only verified citizens of this country can participate in this discussion.';
export const INTERNATIONAL_NEEDS_SUBSCRIPTION = 'Subscription required: international groups need a Civic Participation subscription.';
export const BUSINESS_NEEDS_SUBSCRIPTION = 'Subscription required: business groups need a Civic Participation subscription.';
export const LEADERS_ONLY = 'Only elected leaders can participate in the Leadership Alliance.';
export const MEMBERS_ONLY = 'Only members of this group can participate.';

/** Why the member may not participate in the group, or null when they may. */
export function participationRefusal(group: EligibilityGroup, participant: Participant): string | null {
  switch (group.department) {
    case 'religion':
      return null;
    case 'national':
      return group.subcategory !== null && participant.verifiedCountryKeys.includes(group.subcategory) ? null : NOT_A_CITIZEN;
    case 'international':
      return participant.isSubscribed ? null : INTERNATIONAL_NEEDS_SUBSCRIPTION;
    case 'alliance':
      return participant.membership?.isLeader ? null : LEADERS_ONLY;
    case 'family':
    case 'friends':
      return participant.membership ? null : MEMBERS_ONLY;
    case 'business':
      if (!participant.membership) return MEMBERS_ONLY;
      return participant.isSubscribed ? null : BUSINESS_NEEDS_SUBSCRIPTION;
  }
}

export const canParticipate = (group: EligibilityGroup, participant: Participant) => participationRefusal(group, participant) === null;
