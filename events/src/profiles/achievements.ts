import type { Achievement, AchievementId, ProfileBadge, ProfileBadgeId } from './profile.contract';
import { PROFILE_BADGE_LABELS } from './profile.contract';
import type { UserStats } from './user-stats.contract';

/** docs/product.md, Screens: Profile and Real figures: each achievement's count and the target that unlocks it. */
const RULES: ReadonlyArray<{ id: AchievementId; title: string; description: string; target: number; value: (stats: UserStats) => number }> = [
  { id: 'active_participant', title: 'Active Participant', description: 'Cast 100 votes', target: 100, value: (stats) => stats.votesCast },
  { id: 'topic_creator', title: 'Topic Creator', description: 'Create 10 topics', target: 10, value: (stats) => stats.topicsCreated },
  {
    id: 'trusted_delegate',
    title: 'Trusted Delegate',
    description: 'Be trusted as a delegate by 50 members',
    target: 50,
    value: (stats) => stats.delegatesCount,
  },
  { id: 'election_winner', title: 'Election Winner', description: 'Win an election', target: 1, value: (stats) => stats.electionsWon },
];

/** The achievements from the member's real counts, locked or unlocked, with progress. */
export function achievementsOf(stats: UserStats): Achievement[] {
  return RULES.map(({ id, title, description, target, value }) => {
    const count = Math.max(0, value(stats));
    return { id, title, description, value: count, target, unlocked: count >= target };
  });
}

/** What the computed badges are decided on. */
export interface BadgeFacts {
  stats: Pick<UserStats, 'participationScore' | 'groupsLed'>;
  isVerified: boolean;
  /** Badges admins granted (BadgeGranted, not revoked since). */
  granted: readonly string[];
}

/**
 * The profile's badges, in the page's order. Active Citizen: the member has taken part (a
 * participation score above 0: a vote, an opinion, a topic or an election won); Verified: an
 * approved nationality; Leader: leads a group now; Founder: granted by an admin.
 */
export function profileBadgesOf({ stats, isVerified, granted }: BadgeFacts): ProfileBadge[] {
  const held: Record<ProfileBadgeId, boolean> = {
    active_citizen: stats.participationScore > 0,
    verified: isVerified,
    leader: stats.groupsLed > 0,
    founder: granted.includes('founder'),
  };
  return (Object.keys(PROFILE_BADGE_LABELS) as ProfileBadgeId[]).filter((id) => held[id]).map((id) => ({ id, label: PROFILE_BADGE_LABELS[id] }));
}
