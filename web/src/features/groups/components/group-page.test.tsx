import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { makeGroup } from '../../../test/group-fixtures';
import { renderApp } from '../../../test/render-app';
import type { Group } from '../api/group';

function serveGroup(group: Group) {
  mockFetch(({ url }) => (url === `/api/groups/${group.id}` ? jsonResponse(group) : undefined));
}

describe('group page', () => {
  it('shows the name, description, department and subscription badges', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', description: 'Faith and community' });
    serveGroup(islam);
    renderApp(`/group/${islam.id}`);

    expect(screen.getByText('Loading group...')).toBeTruthy();
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

  it('says so when the group does not exist', async () => {
    mockFetch(() => new Response('{"message":"Group not found"}', { status: 404 }));
    renderApp('/group/424242');

    expect(await screen.findByText('Group not found')).toBeTruthy();
  });

  it('does not ask the server about ids that cannot exist', async () => {
    const fetchMock = mockFetch();
    renderApp('/group/abc');

    expect(screen.getByText('Group not found')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
