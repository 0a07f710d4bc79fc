import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeSubscriber, sentBody } from '../../../test/subscription-fixtures';
import { makeGroup } from '../../../test/group-fixtures';

const subscriptionPanel = () => screen.findByRole('tabpanel', { name: 'Subscription' });

/** The member as the server holds them: cancelling changes what the next read answers. */
function serveMember(initial: AuthUser) {
  const state = { user: initial };
  const route: Route = ({ url }) => (url === '/api/auth/user' ? jsonResponse(state.user) : undefined);
  return { route, state };
}

describe('profile page', () => {
  it("shows the member's initials, name, e-mail and joined date, with only the built tabs", async () => {
    const user = makeUser({ firstName: 'Amina', lastName: 'Haddad', createdAt: '2025-03-01T12:00:00.000Z' });
    mockFetch(serveCurrentUser(user));
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Haddad' })).toBeTruthy();
    expect(screen.getAllByText('AH').length).toBeGreaterThan(0);
    expect(screen.getAllByText(user.email).length).toBeGreaterThan(0);
    expect(screen.getByText('Joined Mar 01, 2025')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Subscription']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the status, the plan and the next renewal as MMM dd, yyyy', async () => {
    mockFetch(serveCurrentUser(makeSubscriber()));
    renderApp('/profile');

    const panel = await subscriptionPanel();
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Civic Participation (monthly)')).toBeTruthy();
    expect(within(panel).getByText('Next renewal')).toBeTruthy();
    expect(within(panel).getByText('Apr 01, 2025')).toBeTruthy();
    expect(within(panel).getByText('Mar 01, 2025')).toBeTruthy();
    expect(panel.textContent).not.toContain('9.99');
  });

  it('cancels after confirmation: Cancelled, with access until the end date', async () => {
    const member = serveMember(makeSubscriber());
    const fetchMock = mockFetch(member.route, ({ url, init }) => {
      if (url !== '/api/subscription/cancel' || init?.method !== 'POST') return undefined;
      member.state.user = { ...member.state.user, subscriptionStatus: 'cancelled' };
      return jsonResponse({ position: '0000000000000003-0000000000000001' });
    });
    renderApp('/profile');

    fireEvent.click(within(await subscriptionPanel()).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText(/until Apr 01, 2025/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    const panel = await subscriptionPanel();
    await within(panel).findByText('Cancelled');
    expect(within(panel).getByText('Access until')).toBeTruthy();
    expect(within(panel).getByText('Apr 01, 2025')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(await screen.findByText('Subscription cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const post = fetchMock.mock.calls.find(([url]) => url === '/api/subscription/cancel');
    expect(sentBody(post?.[1])).toEqual({});
  });

  it('keeps the subscription when the member thinks better of it', async () => {
    const fetchMock = mockFetch(serveCurrentUser(makeSubscriber()));
    renderApp('/profile');

    fireEvent.click(within(await subscriptionPanel()).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/subscription/cancel');
  });

  it("says so when cancelling fails, with the server's message", async () => {
    mockFetch(serveCurrentUser(makeSubscriber()), ({ url }) =>
      url === '/api/subscription/cancel'
        ? jsonResponse({ message: 'You have no active subscription to cancel.' }, { status: 409 })
        : undefined,
    );
    renderApp('/profile');

    fireEvent.click(within(await subscriptionPanel()).getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('You have no active subscription to cancel.')).toBeTruthy();
    // The dialog stays, so the member can try again or keep the subscription.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await subscriptionPanel()).getByText('Active')).toBeTruthy();
  });

  it('links a member without a subscription to the plans', async () => {
    mockFetch(serveCurrentUser(makeUser()));
    renderApp('/profile');

    const panel = await subscriptionPanel();
    expect(within(panel).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/subscribe');
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('says when a subscription has expired', async () => {
    mockFetch(serveCurrentUser(makeSubscriber({ isSubscribed: false, subscriptionStatus: 'expired' })));
    renderApp('/profile');

    const panel = await subscriptionPanel();
    expect(within(panel).getByText('Your subscription expired on Apr 01, 2025.')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'View plans' })).toBeTruthy();
  });
});

describe('profile badges', () => {
  const membership = (isLeader: boolean, groupId: number) => ({
    id: `m-${groupId}`,
    userId: 'u-1',
    groupId,
    isSubscribed: false,
    isLeader,
    role: 'member',
    joinedAt: '2025-03-01T12:00:00.000Z',
    group: makeGroup({ name: `Group ${groupId}`, department: 'international', id: groupId }),
  });

  it('shows Leader for a leader in any group, with Active Citizen and Verified', async () => {
    const user = makeUser({ isVerified: true, country: 'Saudi Arabia' });
    mockFetch(serveCurrentUser(user), ({ url }) =>
      url === '/api/user/groups' ? jsonResponse([membership(false, 7), membership(true, 1682)]) : undefined,
    );
    renderApp('/profile');

    const badges = await screen.findByRole('list', { name: 'Badges' });
    await within(badges).findByText('Leader');
    expect(within(badges).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual(['Active Citizen', 'Verified', 'Leader']);
  });

  it('shows no Leader badge to a member who leads no group', async () => {
    const fetchMock = mockFetch(serveCurrentUser(makeUser()), ({ url }) =>
      url === '/api/user/groups' ? jsonResponse([membership(false, 7)]) : undefined,
    );
    renderApp('/profile');

    const badges = await screen.findByRole('list', { name: 'Badges' });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/user/groups'));
    expect(within(badges).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual(['Active Citizen']);
  });
});
