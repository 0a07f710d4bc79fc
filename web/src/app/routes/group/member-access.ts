import { i18n } from '../../../i18n';
import type { Group, GroupSubscriptionType } from '../../../lib/api/group';
import { canCreateTopicIn, type TopicCreator } from '../../../features/topics/components/topic-access';

/** What this member can do in the group, as the header's badge says it (docs/decisions.md, Honest actions). */
export type MemberAccess = 'full' | 'needs_subscription' | 'view_only';

const ACCESS_TEXT_KEYS = { full: 'full', needs_subscription: 'needsSubscription', view_only: 'viewOnly' } as const;

/** The header badge's words, in the interface language when shown. */
export function memberAccessLabel(access: MemberAccess): string {
  return i18n.t(`groups:access.${ACCESS_TEXT_KEYS[access]}`);
}

type AccessGroup = Pick<Group, 'department' | 'canParticipate' | 'isMember'>;

/**
 * Full access: the member takes part and can create topics. Needs subscription: a subscription is
 * what stands between the member and taking part, or creating any topic. View only: the rest
 * (not a citizen, not a leader, a suspended account).
 */
export function memberAccess(group: AccessGroup, member: TopicCreator): MemberAccess {
  if (canCreateTopicIn(group, member)) return 'full';
  if (member.isBanned) return 'view_only';
  // Taking part but no type open: every type left needs a subscription (topic-access.ts).
  if (group.canParticipate) return 'needs_subscription';
  // The eligibility rule (events groups/eligibility.ts): a subscription opens International, and a business group to its members.
  const opensWithSubscription = group.department === 'international' || (group.department === 'business' && group.isMember);
  return opensWithSubscription && !member.isSubscribed ? 'needs_subscription' : 'view_only';
}

/**
 * The group page's price-tier badge (docs/product.md, Screens) (Free Access, Premium Required, Exclusive Access) stays where it
 * agrees with the member's access: 'Premium Required' is left out for a member with full access,
 * 'Free Access' for one who needs a subscription or can only view.
 */
export function showsTierBadge(tier: GroupSubscriptionType, access: MemberAccess): boolean {
  if (tier === 'premium') return access !== 'full';
  if (tier === 'free') return access === 'full';
  return true;
}
