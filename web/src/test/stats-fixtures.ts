import type { GroupStats, PlatformStats } from '@civitas/events/groups/group.contract';
import { UserStats } from '@civitas/events/profiles/user-stats.contract';
import { jsonResponse, type Route } from './mock-fetch';

/** Every count of the contract at zero, unless given: the fixture follows the contract's fields. */
export function makeUserStats(overrides: Partial<UserStats> = {}): UserStats {
  const zeros = Object.fromEntries(Object.keys(UserStats.shape).map((field) => [field, 0]));
  return UserStats.parse({ ...zeros, ...overrides });
}

export function makePlatformStats(overrides: Partial<PlatformStats> = {}): PlatformStats {
  return { resolvedDisputes: 0, lawsAmended: 0, electionsHeld: 0, ...overrides };
}

export function makeGroupStats(overrides: Partial<GroupStats> = {}): GroupStats {
  return { activeMembers: 0, activeTopics: 0, pendingElections: 0, resolvedIssues: 0, ...overrides };
}

/** Answers the dashboard sidebar's reads: GET /api/user/stats and GET /api/platform/stats. */
export function serveSidebarStats(user: Partial<UserStats> = {}, platform: Partial<PlatformStats> = {}): Route {
  return ({ url }) => {
    if (url === '/api/user/stats') return jsonResponse(makeUserStats(user));
    if (url === '/api/platform/stats') return jsonResponse(makePlatformStats(platform));
    return undefined;
  };
}
