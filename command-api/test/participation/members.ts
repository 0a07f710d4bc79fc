import { eventually } from '../../../test-support/eventually';
import type { TestClient } from '../../../test-support/http-client';
import { registerMember, subscribeMonthly } from '../../../test-support/members';
import type { ServerUnderTest } from '../../../test-support/test-config';

export interface Member {
  browser: TestClient;
  userId: string;
  firstName: string;
  email: string;
}

/** A new member signed in through the API, with their personal groups in place. */
export async function newMember(server: ServerUnderTest, firstName = 'Ada', lastName?: string): Promise<Member> {
  const { client, userId, email } = await registerMember(server.baseUrl, { firstName, lastName });
  return { browser: client, userId, firstName, email };
}

/** Pays the monthly plan through the sandbox, as the checkout page does. */
export async function subscribe({ browser }: Member, server: ServerUnderTest): Promise<void> {
  await subscribeMonthly(browser, server.baseUrl);
}

/** The raw answer, not a throwing setup step: tests assert refusals with it too. */
export async function verify({ browser }: Member, country: string, nationalId: string) {
  return browser.json('POST', '/api/user/verify', { country, nationalId });
}

/** The member's own group of a department, from GET /api/user/groups. */
export async function ownGroup({ browser }: Member, department: 'family' | 'friends' | 'business'): Promise<number> {
  const groups = await eventually(
    async () => (await browser.json('GET', '/api/user/groups')).body as Array<{ role: string; group: { id: number; department: string } }>,
    (list) => list.length === 3,
  );
  return groups.find((membership) => membership.role === 'owner' && membership.group.department === department)!.group.id;
}

export const SAUDI_ARABIA = { name: 'Saudi Arabia', groupId: 1682 };
export const INTERNATIONAL = 7;
export const ALLIANCE = 8;
export const ISLAM = 2;

export const topicBody = (groupId: number, overrides: Record<string, unknown> = {}) => ({
  title: 'Extend library opening hours',
  description: 'Libraries should open until 22:00 on weekdays so that students and workers can use them.',
  groupId,
  ...overrides,
});
