import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import type { Group } from '../../../lib/api/group';
import type { BusinessMemberView } from '../api/get-business-members';
import { formatDisplayDate } from '../../../lib/format-date';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeGroupStats } from '../../../test/stats-fixtures';
import { makeSubscriber, sentBody } from '../../../test/subscription-fixtures';
import { makeBusinessMember, makeInvitation } from '../../../test/sent-invitation-fixtures';
import { notifications } from '../../../test/toasts';

const owner = makeSubscriber();
const unsubscribedOwner = makeUser();

function personalGroup(department: 'family' | 'friends' | 'business', ownerId: string, overrides: Partial<Group> = {}): Group {
  const names = { family: "Amina's Family", friends: "Amina's Friends", business: "Amina's Business" };
  return makeGroup({ name: names[department], department, ownerId, isMember: true, canParticipate: true, ...overrides });
}

interface Served {
  user?: AuthUser;
  members?: BusinessMemberView[];
  extra?: Route;
}

/** Answers the group page's reads, and the owner's lists for every personal kind. */
function serveGroupPage(group: Group, { user = owner, members = [], extra }: Served = {}) {
  let current = members;
  const route: Route = ({ url, init }) => {
    const fire = /^\/api\/business\/\d+\/fire\/(.+)$/.exec(url);
    if (fire && init?.method === 'POST') {
      const response = extra?.({ url, init }) ?? jsonResponse({ position: null });
      if (response.ok) current = current.map((member) => (member.memberId === fire[1] ? { ...member, status: 'fired' } : member));
      return response;
    }
    const answered = extra?.({ url, init });
    if (answered) return answered;
    if (url === '/api/groups') return jsonResponse([group]);
    if (url === `/api/groups/${group.id}`) return jsonResponse(group);
    if (url === `/api/groups/${group.id}/topics`) return jsonResponse([]);
    if (url === `/api/groups/${group.id}/stats`) return jsonResponse(makeGroupStats());
    if (url === `/api/business/${group.id}/members`) return jsonResponse(current);
    if (/^\/api\/(family|friends|business)\/\d+\/(invitations|friends)$/.test(url)) return jsonResponse([]);
    return undefined;
  };
  return mockFetch(serveCurrentUser(user), route);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('invite/manage cards on the group page', () => {
  it('offers the owner of a family group the Invite Family card, which opens the dialog', async () => {
    const family = personalGroup('family', owner.id);
    serveGroupPage(family);
    renderApp(`/group/${family.id}`);

    const card = await screen.findByRole('region', { name: 'Invite Family' });
    fireEvent.click(within(card).getByRole('button', { name: 'Invite Family' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invite Family' });
    expect(await within(dialog).findByText('No invitations sent yet.')).toBeTruthy();
  });

  it('offers the owner of a friends group the Manage Friends card, which opens the dialog', async () => {
    const friends = personalGroup('friends', owner.id);
    serveGroupPage(friends);
    renderApp(`/group/${friends.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Friends' });
    fireEvent.click(within(card).getByRole('button', { name: 'Manage Friends' }));

    const dialog = await screen.findByRole('dialog', { name: 'Manage Friends' });
    expect(await within(dialog).findByRole('heading', { name: 'Your Friends' })).toBeTruthy();
  });

  it.each(['family', 'friends', 'business'] as const)("shows a member of someone else's %s group no card and reads no lists", async (department) => {
    const group = personalGroup(department, 'user-omar', { name: "Omar's group" });
    const fetchMock = serveGroupPage(group);
    renderApp(`/group/${group.id}`);

    // The cards render with the header, so they would be here by now.
    await heading("Omar's group");
    expect(screen.queryByRole('region', { name: 'Invite Family' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage Friends' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage Business Group' })).toBeNull();
    // The owner's lists; the group's own member list (GET /api/groups/<id>/members) is every member's.
    expect(fetchMock.mock.calls.some(([url]) => /^\/api\/(family|friends|business)\/.*\/(invitations|friends|members)$/.test(String(url)))).toBe(false);
  });

  it('shows no card on a group that is not personal', async () => {
    const france = makeNationalGroup('France', { ownerId: null });
    serveGroupPage(france);
    renderApp(`/group/${france.id}`);

    await heading('France');
    expect(screen.queryByRole('region', { name: 'Invite Family' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage Business Group' })).toBeNull();
  });
});

describe('business group card', () => {
  it('lists the invitations with e-mail, state and date, and the members', async () => {
    const business = personalGroup('business', owner.id);
    const sent = makeInvitation({ kind: 'business', email: 'colleague@example.com', groupId: business.id, createdAt: '2025-03-03T12:00:00.000Z' });
    serveGroupPage(business, {
      members: [makeBusinessMember({ member: { firstName: 'Sara', lastName: 'Nasser', email: 'sara@example.com' } })],
      extra: ({ url }) => (url === `/api/business/${business.id}/invitations` ? jsonResponse([sent]) : undefined),
    });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    const invitations = await within(card).findByRole('list', { name: 'Invitations' });
    const [row] = within(invitations).getAllByRole('listitem');
    expect(within(row!).getByText('colleague@example.com')).toBeTruthy();
    expect(within(row!).getByText('Pending')).toBeTruthy();
    expect(within(row!).getByText(new RegExp(`Sent ${formatDisplayDate(sent.createdAt)}`))).toBeTruthy();
    const members = await within(card).findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Sara Nasser')).toBeTruthy();
    expect(within(members).getByText('sara@example.com')).toBeTruthy();
  });

  it('invites a colleague and says so', async () => {
    const business = personalGroup('business', owner.id);
    const fetchMock = serveGroupPage(business, {
      extra: ({ url, init }) => {
        if (url !== '/api/business/invite' || init?.method !== 'POST') return undefined;
        const invitation = makeInvitation({ kind: 'business', groupId: business.id, email: 'colleague@example.com' });
        return jsonResponse({ position: null, inviteUrl: invitation.invitationLink, invitation }, { status: 201 });
      },
    });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    fireEvent.change(within(card).getByRole('textbox', { name: "Colleague's email" }), { target: { value: 'colleague@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(notifications()).findByText('Invitation sent')).toBeTruthy();
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/business/invite')[0]?.[1])).toEqual({ email: 'colleague@example.com' });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', `/api/business/${business.id}/invitations`)).toHaveLength(2));
  });

  it("says 'Failed to send invitation' with the server's reason", async () => {
    const business = personalGroup('business', owner.id);
    serveGroupPage(business, {
      extra: ({ url }) =>
        url === '/api/business/invite' ? jsonResponse({ message: 'Subscription required to invite colleagues.' }, { status: 403 }) : undefined,
    });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    fireEvent.change(within(card).getByRole('textbox', { name: "Colleague's email" }), { target: { value: 'colleague@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(notifications()).findByText('Failed to send invitation')).toBeTruthy();
    expect(within(notifications()).getByText('Subscription required to invite colleagues.')).toBeTruthy();
  });

  it('offers Remove member for active members only, asks first, sends {} and says so', async () => {
    const business = personalGroup('business', owner.id);
    const sara = makeBusinessMember({ member: { firstName: 'Sara', lastName: 'Nasser', email: 'sara@example.com' } });
    const former = makeBusinessMember({
      status: 'fired',
      firedAt: '2025-03-04T12:00:00.000Z',
      member: { firstName: 'Ali', lastName: 'Saleh', email: 'ali@example.com' },
    });
    const fetchMock = serveGroupPage(business, { members: [sara, former] });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    const members = await within(card).findByRole('list', { name: 'Members' });
    const [saraRow, formerRow] = within(members).getAllByRole('listitem');
    expect(within(formerRow!).getByText('Removed')).toBeTruthy();
    expect(within(formerRow!).queryByRole('button', { name: 'Remove member' })).toBeNull();
    expect(within(saraRow!).getByText('Active')).toBeTruthy();

    fireEvent.click(within(saraRow!).getByRole('button', { name: 'Remove member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove member?' });
    expect(within(confirm).getByText('Remove Sara Nasser from your business group? They lose access to its discussions at once.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove member' }));

    expect(await within(notifications()).findByText('Member removed')).toBeTruthy();
    const [fire] = requestsTo(fetchMock, 'POST', `/api/business/${business.id}/fire/${sara.memberId}`);
    expect(sentBody(fire?.[1])).toEqual({});
    // Read again: Sara is removed now and has no button left.
    await waitFor(() => expect(within(within(card).getByRole('list', { name: 'Members' })).queryByRole('button', { name: 'Remove member' })).toBeNull());
  });

  it("says 'Failed to remove member' when the server refuses", async () => {
    const business = personalGroup('business', owner.id);
    const sara = makeBusinessMember();
    serveGroupPage(business, {
      members: [sara],
      extra: ({ url }) => (url.includes('/fire/') ? jsonResponse({ message: 'Only the owner of this group can do that.' }, { status: 403 }) : undefined),
    });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    const members = await within(card).findByRole('list', { name: 'Members' });
    fireEvent.click(within(members).getByRole('button', { name: 'Remove member' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove member?' })).getByRole('button', { name: 'Remove member' }));

    expect(await within(notifications()).findByText('Failed to remove member')).toBeTruthy();
    expect(within(notifications()).getByText('Only the owner of this group can do that.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove member?' })).toBeNull());
    expect(within(members).getByRole('button', { name: 'Remove member' })).toBeTruthy();
  });

  it('explains the subscription to an owner without one, instead of the invite form', async () => {
    const business = personalGroup('business', unsubscribedOwner.id, { canParticipate: false });
    serveGroupPage(business, { user: unsubscribedOwner, members: [makeBusinessMember()] });
    renderApp(`/group/${business.id}`);

    const card = await screen.findByRole('region', { name: 'Manage Business Group' });
    expect(within(card).getByText('Inviting colleagues to your business group needs a Civic Participation subscription.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(within(card).queryByRole('textbox')).toBeNull();
    // The colleagues already there can still be managed.
    expect(await within(card).findByRole('button', { name: 'Remove member' })).toBeTruthy();
  });
});
