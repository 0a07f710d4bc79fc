import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { makeGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeFriend, makeInvitation } from '../../../test/sent-invitation-fixtures';
import { serveSidebarStats } from '../../../test/stats-fixtures';

// The dashboard's Quick Actions open the owner's dialogs (docs/product.md, Screens, "Dialogs reachable from the dashboard").
const member = makeUser();
const ownFamily = makeGroup({ name: "Amina's Family", department: 'family', ownerId: member.id, isMember: true, canParticipate: true });
const ownFriends = makeGroup({ name: "Amina's Friends", department: 'friends', ownerId: member.id, isMember: true, canParticipate: true });
// A family the member was invited into: not theirs to manage.
const othersFamily = makeGroup({ name: "Omar's Family", department: 'family', ownerId: 'user-omar', isMember: true, canParticipate: true });

function serveDashboard(groups = [othersFamily, ownFamily, ownFriends]) {
  return mockFetch(serveCurrentUser(member), serveSidebarStats(), ({ url }) => {
    if (url === '/api/groups') return jsonResponse(groups);
    if (url === `/api/family/${ownFamily.id}/invitations`) return jsonResponse([makeInvitation({ email: 'layla@example.com', groupId: ownFamily.id })]);
    if (url === `/api/friends/${ownFriends.id}/invitations`) return jsonResponse([]);
    if (url === `/api/friends/${ownFriends.id}/friends`) return jsonResponse([makeFriend()]);
    return undefined;
  });
}

describe('dashboard Quick Actions: invitations', () => {
  it("opens Invite Family for the member's own family group", async () => {
    const fetchMock = serveDashboard();
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Invite Family' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invite Family' });
    expect(await within(dialog).findByText('layla@example.com')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET', `/api/family/${othersFamily.id}/invitations`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens Manage Friends for the member's own friends group, with the friends", async () => {
    serveDashboard();
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Manage Friends' }));

    const dialog = await screen.findByRole('dialog', { name: 'Manage Friends' });
    const friends = await within(dialog).findByRole('list', { name: 'Your Friends' });
    expect(within(friends).getByText('Omar Khalid')).toBeTruthy();
    expect(within(dialog).getByText('No invitations sent yet.')).toBeTruthy();
  });

  it('offers neither while the member owns no such group', async () => {
    serveDashboard([othersFamily]);
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Create New Topic', 'Join Election', 'Find Delegate', 'Submit Report', 'Share Suggestion']);
  });
});
