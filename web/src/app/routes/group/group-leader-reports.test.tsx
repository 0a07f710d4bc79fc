import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import type { Group } from '../../../lib/api/group';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { makeNationalGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeGroupStats } from '../../../test/stats-fixtures';

const report = {
  id: '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11',
  reporterId: 'r-1',
  reportedUserId: 'o-1',
  groupId: 0,
  reason: 'Harassment in the chat',
  description: 'Insults.',
  evidence: null,
  status: 'pending',
  notes: null,
  reviewedBy: null,
  reviewerRole: null,
  reviewedAt: null,
  createdAt: '2026-03-05T10:04:00.000Z',
  reporter: { firstName: 'Reem', lastName: null, profileImageUrl: null },
  reportedUser: { firstName: 'Fahad', lastName: null, profileImageUrl: null },
};

/** The group page's reads, the member's memberships (leading the group or not) and the group's leader reports. */
function serveGroupPage(group: Group, user: AuthUser, leads: boolean) {
  const membership = {
    id: 'm-1',
    userId: user.id,
    groupId: group.id,
    isSubscribed: false,
    isLeader: true,
    role: 'member' as const,
    joinedAt: '2025-03-01T12:00:00.000Z',
    group,
  };
  return mockFetch(serveCurrentUser(user), ({ url }) => {
    if (url === '/api/groups') return jsonResponse([group]);
    if (url === `/api/groups/${group.id}`) return jsonResponse(group);
    if (url === `/api/groups/${group.id}/topics`) return jsonResponse([]);
    if (url === `/api/groups/${group.id}/stats`) return jsonResponse(makeGroupStats());
    if (url === '/api/user/groups') return jsonResponse(leads ? [membership] : []);
    if (url === `/api/leader-reports?groupId=${group.id}`) return jsonResponse([{ ...report, groupId: group.id }]);
    return undefined;
  });
}

describe('group page: leader reports (docs/product.md, Roles, leaders receive leader reports)', () => {
  it('shows the group\u2019s leader its leader reports', async () => {
    const egypt = makeNationalGroup('Egypt', { canParticipate: true });
    serveGroupPage(egypt, makeUser(), true);
    renderApp(`/group/${egypt.id}`);
    const section = await screen.findByRole('region', { name: 'Leader Reports' });
    expect(await within(section).findByText('Harassment in the chat')).toBeTruthy();
  });

  it('shows an admin the leader reports of any group', async () => {
    const egypt = makeNationalGroup('Egypt');
    serveGroupPage(egypt, makeUser({ roles: ['admin'], isAdmin: true }), false);
    renderApp(`/group/${egypt.id}`);
    expect(await screen.findByRole('region', { name: 'Leader Reports' })).toBeTruthy();
  });

  it('shows other members nothing of them, and does not ask for them', async () => {
    const egypt = makeNationalGroup('Egypt', { canParticipate: true });
    const fetchMock = serveGroupPage(egypt, makeUser(), false);
    renderApp(`/group/${egypt.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Egypt' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Leader Reports' })).toBeNull();
    expect(requestsOf(fetchMock).some((line) => line.includes('/api/leader-reports'))).toBe(false);
  });
});
