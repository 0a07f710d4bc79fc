import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { makeGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { makeSubscriber } from '../../../test/subscription-fixtures';
import type { Group } from '../api/group';

// The group page is a members' page.
const member = serveCurrentUser(makeUser());

function serveGroup(group: Group) {
  mockFetch(member, ({ url }) => (url === `/api/groups/${group.id}` ? jsonResponse(group) : undefined));
}

describe('group page', () => {
  it('shows the name, description, department and subscription badges', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', description: 'Faith and community' });
    serveGroup(islam);
    renderApp(`/group/${islam.id}`);

    expect(await screen.findByText('Loading group...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Islam' })).toBeTruthy();
    expect(screen.getByText('Faith and community')).toBeTruthy();
    expect(screen.getByText('Religion')).toBeTruthy();
    expect(screen.getByText('Free Access')).toBeTruthy();
  });

  it.each([
    ['premium', 'Premium Required'],
    ['elite', 'Exclusive Access'],
  ] as const)('labels a %s group "%s"', async (subscriptionType, label) => {
    const group = makeGroup({ name: 'Some Group', department: 'national', subscriptionType });
    serveGroup(group);
    renderApp(`/group/${group.id}`);

    expect(await screen.findByText(label)).toBeTruthy();
  });

  it('adds the Premium Member badge for a subscriber, and only then', async () => {
    const group = makeGroup({ name: 'Global Forum', department: 'international', subscriptionType: 'premium' });
    const groupRoute = ({ url }: { url: string }) => (url === `/api/groups/${group.id}` ? jsonResponse(group) : undefined);
    mockFetch(serveCurrentUser(makeSubscriber()), groupRoute);
    const { unmount } = renderApp(`/group/${group.id}`);

    await screen.findByRole('heading', { level: 1, name: 'Global Forum' });
    expect(screen.getByText('Premium Member')).toBeTruthy();
    unmount();

    serveGroup(group);
    renderApp(`/group/${group.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Global Forum' });
    expect(screen.queryByText('Premium Member')).toBeNull();
  });

  it('says so when the group does not exist', async () => {
    mockFetch(member, () => new Response('{"message":"Group not found"}', { status: 404 }));
    renderApp('/group/424242');

    expect(await screen.findByText('Group not found')).toBeTruthy();
  });

  it('does not ask the server about ids that cannot exist', async () => {
    const fetchMock = mockFetch(member);
    renderApp('/group/abc');

    expect(await screen.findByText('Group not found')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
  });
});
