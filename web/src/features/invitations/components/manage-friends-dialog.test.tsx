import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OWNER_ONLY } from '@civitas/events/invitations/invitation.contract';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeFriend, makeInvitation } from '../../../test/sent-invitation-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { notifications } from '../../../test/toasts';
import type { FriendView } from '../api/get-friends';
import { ManageFriendsDialog } from './manage-friends-dialog';

const GROUP_ID = 10002;
const FRIENDS_URL = `/api/friends/${GROUP_ID}/friends`;
const LIST_URL = `/api/friends/${GROUP_ID}/invitations`;
const INVITE_URL = '/api/friends/invite';

const omar = makeFriend({ friend: { firstName: 'Omar', lastName: 'Khalid', email: 'omar@example.com' } });
const noor = makeFriend({ friend: { firstName: null, lastName: null, email: 'noor@example.com' } });
const formerFriend = makeFriend({
  status: 'cut',
  cutAt: '2025-03-05T12:00:00.000Z',
  friend: { firstName: 'Yusuf', lastName: 'Amin', email: 'yusuf@example.com' },
});

/** The friends group as the server keeps it: a cut friend turns 'cut'. */
function serveFriends({ answerCut = () => jsonResponse({ position: '0000000000000001-0000000000000002' }) }: { answerCut?: () => Response } = {}) {
  let friends: FriendView[] = [omar, noor, formerFriend];
  const route: Route = ({ url, init }) => {
    if (url === FRIENDS_URL) return jsonResponse(friends);
    if (url === LIST_URL) return jsonResponse([makeInvitation({ kind: 'friends', groupId: GROUP_ID, email: 'omar@example.com', status: 'accepted' })]);
    if (url === INVITE_URL && init?.method === 'POST') {
      const invitation = makeInvitation({ kind: 'friends', groupId: GROUP_ID, email: (sentBody(init) as { email: string }).email });
      return jsonResponse({ position: null, invitationLink: invitation.invitationLink, invitation }, { status: 201 });
    }
    const cut = /^\/api\/friends\/(\d+)\/cut\/(.+)$/.exec(url);
    if (cut && init?.method === 'POST') {
      const response = answerCut();
      if (response.ok) friends = friends.map((friend) => (friend.friendId === cut[2] ? { ...friend, status: 'cut' } : friend));
      return response;
    }
    return undefined;
  };
  return mockFetch(route);
}

function openDialog() {
  renderWithQueries(<ManageFriendsDialog open onClose={() => {}} groupId={GROUP_ID} />);
  return screen.getByRole('dialog', { name: 'Manage Friends' });
}

async function friendRows(dialog: HTMLElement) {
  const list = await within(dialog).findByRole('list', { name: 'Your Friends' });
  return within(list).getAllByRole('listitem');
}

async function askToCut(dialog: HTMLElement, name: string) {
  const row = (await friendRows(dialog)).find((candidate) => within(candidate).queryByText(name))!;
  fireEvent.click(within(row).getByRole('button', { name: 'Cut friendship' }));
  return screen.findByRole('dialog', { name: 'Cut friendship?' });
}

describe('Manage Friends dialog', () => {
  it('invites a friend by e-mail to the friends group', async () => {
    const fetchMock = serveFriends();
    const dialog = openDialog();
    await within(dialog).findByRole('list', { name: 'Recent Invitations' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: "Friend's email" }), { target: { value: 'samir@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(notifications()).findByText('Invitation sent')).toBeTruthy();
    expect(sentBody(requestsTo(fetchMock, 'POST', INVITE_URL)[0]?.[1])).toEqual({ email: 'samir@example.com' });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', LIST_URL)).toHaveLength(2));
  });

  it('lists the current friends, by name or else e-mail, without the cut ones', async () => {
    serveFriends();
    const dialog = openDialog();

    const rows = await friendRows(dialog);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Omar Khalid')).toBeTruthy();
    expect(within(rows[0]!).getByText('omar@example.com')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('noor@example.com')).toHaveLength(2);
    expect(within(dialog).queryByText('Yusuf Amin')).toBeNull();
    // The recent invitations are there too, with their state.
    const invitations = within(dialog).getByRole('list', { name: 'Recent Invitations' });
    expect(within(invitations).getByText('Accepted')).toBeTruthy();
  });

  it('asks before cutting a friendship, and Cancel cuts nothing', async () => {
    const fetchMock = serveFriends();
    const dialog = openDialog();

    const confirm = await askToCut(dialog, 'Omar Khalid');
    expect(within(confirm).getByText('Cut your friendship with Omar Khalid? They will leave your friends group at once.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cut friendship?' })).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cut/'))).toBe(false);
  });

  it('cuts on confirmation, says so, and reads the friends and the invitations again', async () => {
    const fetchMock = serveFriends();
    const dialog = openDialog();

    const confirm = await askToCut(dialog, 'Omar Khalid');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cut friendship' }));

    expect(await within(notifications()).findByText('Friendship Cut')).toBeTruthy();
    expect(within(notifications()).getByText('Omar Khalid is no longer in your friends group.')).toBeTruthy();
    const cutUrl = `/api/friends/${GROUP_ID}/cut/${omar.friendId}`;
    expect(requestsTo(fetchMock, 'POST', cutUrl)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cut friendship?' })).toBeNull());
    await waitFor(async () => expect(await friendRows(dialog)).toHaveLength(1));
    expect(within(dialog).queryByText('Omar Khalid')).toBeNull();
    expect(requestsTo(fetchMock, 'GET', FRIENDS_URL)).toHaveLength(2);
    expect(requestsTo(fetchMock, 'GET', LIST_URL)).toHaveLength(2);
  });

  it('says so when the cut is refused, and keeps the friend', async () => {
    serveFriends({ answerCut: () => jsonResponse({ message: OWNER_ONLY }, { status: 403 }) });
    const dialog = openDialog();

    const confirm = await askToCut(dialog, 'Omar Khalid');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cut friendship' }));

    expect(await within(notifications()).findByText('Failed to cut friendship. Please try again.')).toBeTruthy();
    expect(within(notifications()).getByText(OWNER_ONLY)).toBeTruthy();
    expect(within(dialog).getByText('Omar Khalid')).toBeTruthy();
  });
});
