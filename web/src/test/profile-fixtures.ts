import { achievementsOf } from '@civitas/events/profiles/achievements';
import type { ActivityItem, DelegationOverviewGroup, ProfileView } from '@civitas/events/profiles/profile.contract';
import type { UserStats } from '@civitas/events/profiles/user-stats.contract';
import type { AuthUser } from '../lib/api/get-current-user';
import { jsonResponse, type Route } from './mock-fetch';

export const noStats: UserStats = {
  topicsCreated: 0,
  votesCast: 0,
  opinionsPosted: 0,
  electionsWon: 0,
  delegatesCount: 0,
  groupsLed: 0,
  participationScore: 0,
};

/** GET /api/user/profile for a member, as the server builds it: achievements from the stats. */
export function makeProfile(user: AuthUser, overrides: Partial<Omit<ProfileView, 'user'>> & { stats?: UserStats } = {}): ProfileView {
  const stats = overrides.stats ?? noStats;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      aboutMe: user.aboutMe,
      city: user.city,
      websiteUrl: user.websiteUrl,
      twitterUrl: user.twitterUrl,
      linkedinUrl: user.linkedinUrl,
      githubUrl: user.githubUrl,
      createdAt: user.createdAt,
    },
    verification: null,
    badges: [],
    achievements: achievementsOf(stats),
    ...overrides,
    stats,
  };
}

/** Answers the profile page's own reads: the profile, and empty activity, delegations and groups unless given. */
export function serveProfile(profile: () => ProfileView, extra: { activity?: ActivityItem[]; delegations?: DelegationOverviewGroup[] } = {}): Route {
  return ({ url, init }) => {
    if (init?.method && init.method !== 'GET') return undefined;
    if (url === '/api/user/profile') return jsonResponse(profile());
    if (url === '/api/user/activity') return jsonResponse({ items: extra.activity ?? [], nextCursor: null });
    if (url === '/api/user/delegations/overview') return jsonResponse(extra.delegations ?? []);
    if (url === '/api/user/groups') return jsonResponse([]);
    return undefined;
  };
}

let nextPosition = 1;
/** An activity item as the server answers it. */
export function makeActivity(overrides: Partial<ActivityItem> & Pick<ActivityItem, 'kind'>): ActivityItem {
  nextPosition += 1;
  return {
    id: `0000000000000001-${String(nextPosition).padStart(16, '0')}`,
    occurredAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    topic: null,
    group: null,
    opinion: null,
    voteType: null,
    person: null,
    link: null,
    ...overrides,
  };
}
