import { i18n } from '../../../i18n';
import type { Group, GroupDepartment, GroupSubscriptionType } from '../../../lib/api/group';

// Labels are read when shown (never at module load), so they follow the interface language.

/** Badge on a group card (free = Free, premium = Premium, elite = Leadership: docs/product.md, Screens: Dashboard). */
export function cardSubscriptionLabel(subscriptionType: GroupSubscriptionType): string {
  return i18n.t(`groups:card.tier.${subscriptionType}`);
}

/** Badge in a group page header (anything not free or premium is Exclusive Access: docs/product.md, Screens: Group page). */
export function groupPageSubscriptionLabel(subscriptionType: GroupSubscriptionType): string {
  if (subscriptionType === 'free') return i18n.t('groups:pageTier.free');
  if (subscriptionType === 'premium') return i18n.t('groups:pageTier.premium');
  return i18n.t('groups:pageTier.exclusive');
}

export function departmentLabel(department: GroupDepartment): string {
  return i18n.t(`groups:department.${department}`);
}

export function subscriptionBadgeColor(subscriptionType: GroupSubscriptionType) {
  if (subscriptionType === 'free') return 'success' as const;
  if (subscriptionType === 'premium') return 'primary' as const;
  return 'secondary' as const;
}

/** "1,234 members" (the count in the interface language's digits and grouping). */
export function formatMemberCount(memberCount: number): string {
  return i18n.t('groups:card.memberCount', { count: memberCount });
}

/** The group tab's badge (docs/product.md, Screens: Group page): Leaders Only for the alliance, Subscription where one is needed, else Free. */
export function groupTabBadge(group: Pick<Group, 'department' | 'requiresSubscription'>): string {
  if (group.department === 'alliance') return i18n.t('groups:tabBadge.leadersOnly');
  return i18n.t(group.requiresSubscription ? 'groups:tabBadge.subscription' : 'groups:tabBadge.free');
}
