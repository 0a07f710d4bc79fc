import type { Group, GroupDepartment, GroupSubscriptionType } from '../../../lib/api/group';

/** Badge on a group card (spec: free = Free, premium = Premium, elite = Leadership). */
export const CARD_SUBSCRIPTION_LABELS: Record<GroupSubscriptionType, string> = {
  free: 'Free',
  premium: 'Premium',
  elite: 'Leadership',
};

/** Badge in a group page header (spec: anything not free or premium is Exclusive Access). */
export function groupPageSubscriptionLabel(subscriptionType: GroupSubscriptionType): string {
  if (subscriptionType === 'free') return 'Free Access';
  if (subscriptionType === 'premium') return 'Premium Required';
  return 'Exclusive Access';
}

export const DEPARTMENT_LABELS: Record<GroupDepartment, string> = {
  family: 'Family',
  friends: 'Friends',
  business: 'Business',
  religion: 'Religion',
  national: 'National',
  international: 'International',
  alliance: 'Alliance',
};

export function subscriptionBadgeColor(subscriptionType: GroupSubscriptionType) {
  if (subscriptionType === 'free') return 'success' as const;
  if (subscriptionType === 'premium') return 'primary' as const;
  return 'secondary' as const;
}

export function formatMemberCount(memberCount: number): string {
  return `${memberCount.toLocaleString('en-US')} ${memberCount === 1 ? 'member' : 'members'}`;
}

/** Spec: the group tab's badge: Leaders Only for the alliance, Subscription where one is needed, else Free. */
export function groupTabBadge(group: Pick<Group, 'department' | 'requiresSubscription'>): string {
  if (group.department === 'alliance') return 'Leaders Only';
  return group.requiresSubscription ? 'Subscription' : 'Free';
}
