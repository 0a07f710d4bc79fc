import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { makeProfile, noStats, serveProfile } from '../../../test/profile-fixtures';
import { renderApp } from '../../../test/render-app';
import { makeSubscriber, sentBody } from '../../../test/subscription-fixtures';

const subscriptionPanel = async () => {
  fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
  return screen.findByRole('tabpanel', { name: 'Subscription' });
};

/** The member as the server holds them: cancelling changes what the next read answers. */
function serveMember(initial: AuthUser) {
  const state = { user: initial };
  const route: Route = ({ url }) => (url === '/api/auth/user' ? jsonResponse(state.user) : undefined);
  return { route, state };
}

const amina = makeUser({
  firstName: 'Amina',
  lastName: 'Haddad',
  createdAt: '2025-03-01T12:00:00.000Z',
  city: 'Riyadh',
  aboutMe: 'Teacher.\nLoves maps.',
  websiteUrl: 'https://amina.example',
  githubUrl: 'https://github.com/amina',
  isVerified: true,
  country: 'Saudi Arabia',
  nationalId: '1234567890',
});
const aminaProfile = makeProfile(amina, {
  verification: { country: 'Saudi Arabia', nationalId: '1234567890' },
  badges: [
    { id: 'active_citizen', label: 'Active Citizen' },
    { id: 'verified', label: 'Verified' },
    { id: 'founder', label: 'Founder' },
  ],
  stats: { ...noStats, topicsCreated: 3, votesCast: 42, electionsWon: 1, delegatesCount: 7, participationScore: 67 },
});

describe('profile page', () => {
  it('shows who the member is from data: name, e-mail, city, about, links, score, joined date and verified nationality', async () => {
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
    );
    renderApp('/profile');

    const header = (await screen.findByRole('heading', { level: 1, name: 'Amina Haddad' })).closest('header')!;
    expect(within(header).getByText(amina.email)).toBeTruthy();
    expect(within(header).getByText('Riyadh')).toBeTruthy();
    expect(within(header).getByText(/Teacher\./)).toBeTruthy();
    const links = within(within(header).getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel')])).toEqual([
      ['Website', 'https://amina.example', 'noopener noreferrer nofollow'],
      ['GitHub', 'https://github.com/amina', 'noopener noreferrer nofollow'],
    ]);
    expect(header.textContent).toContain('Participation score 67 · Joined Mar 01, 2025');
    // The national id masked to its last four characters (groups of 4), an isolated left-to-right run
    // (docs/decisions.md, Bidirectional text and masked ids); the whole id shows nowhere.
    expect(header.textContent).toContain('Verified citizen of Saudi Arabia · National ID \u2022\u2022\u2022\u2022 7890');
    expect(header.textContent).not.toContain('1234567890');
    const nationalId = header.querySelector('[data-national-id]');
    expect([nationalId?.tagName, nationalId?.getAttribute('dir'), nationalId?.textContent]).toEqual(['BDI', 'ltr', '\u2022\u2022\u2022\u2022 7890']);
    expect(
      within(within(header).getByRole('list', { name: 'Badges' }))
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['Active Citizen', 'Verified', 'Founder']);
    expect(within(header).getAllByText('AH').length).toBeGreaterThan(0);
  });

  it('shows the four stat cards and the five tabs of docs/product.md, Screens: Profile, Groups first', async () => {
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
    );
    renderApp('/profile');

    const stats = await screen.findByRole('list', { name: 'Statistics' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((card) => [card.getAttribute('aria-label'), card.textContent]),
    ).toEqual([
      ['Topics Created', '3Topics Created'],
      ['Votes Cast', '42Votes Cast'],
      ['Elections Won', '1Elections Won'],
      ['Delegates', '7Delegates'],
    ]);
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Groups', 'Subscription', 'Activity', 'Delegations', 'Achievements']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('You are not a member of any group yet.')).toBeTruthy();
  });

  it('shows no badge that was not earned, and links, city and nationality only when there are some', async () => {
    const newcomer = makeUser({ firstName: 'New', lastName: 'Comer' });
    mockFetch(
      serveCurrentUser(newcomer),
      serveProfile(() => makeProfile(newcomer)),
    );
    renderApp('/profile');

    const heading = await screen.findByRole('heading', { level: 1, name: 'New Comer' });
    const header = heading.closest('header')!;
    expect(within(header).queryByRole('list', { name: 'Badges' })).toBeNull();
    expect(within(header).queryByRole('list', { name: 'Links' })).toBeNull();
    expect(header.textContent).not.toContain('Verified citizen');
  });

  it('reads Activity, Delegations and Achievements when their tab is opened', async () => {
    const fetchMock = mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
    );
    renderApp('/profile');

    fireEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText(/No activity yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Delegations' }));
    expect(await screen.findByText(/You have no delegations/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Achievements' });
    expect(within(panel).getByRole('listitem', { name: 'Election Winner' }).textContent).toContain('Unlocked');
    expect(within(panel).getByRole('listitem', { name: 'Active Participant' }).textContent).toContain('42 / 100');
    expect(requestsOf(fetchMock)).toEqual(expect.arrayContaining(['GET /api/user/activity', 'GET /api/user/delegations/overview']));
  });

  it('opens Edit Profile with the saved values, and shows the saved profile after saving', async () => {
    let profile = aminaProfile;
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => profile),
      ({ url, init }) => {
        if (url !== '/api/user/profile' || init?.method !== 'PUT') return undefined;
        const body = sentBody(init) as { city: string };
        profile = { ...profile, user: { ...profile.user, city: body.city } };
        return jsonResponse({ position: '0000000000000005-0000000000000001', profile: { ...profile.user } });
      },
    );
    renderApp('/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const city = within(dialog).getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(city.value).toBe('Riyadh');
    fireEvent.change(city, { target: { value: 'Jeddah' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Jeddah')).toBeTruthy();
    expect(await screen.findByText('Profile updated')).toBeTruthy();
  });

  it('opens the Settings dialog from its button and from /profile?settings=1 (the header menu\u2019s Settings), and closes back to /profile', async () => {
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
    );
    const { location } = renderApp('/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(location.history?.at(-1)).toBe('/profile?settings=1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(location.history?.at(-1)).toBe('/profile');
  });

  it('opens Settings at once when the header menu sends the member to /profile?settings=1', async () => {
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
    );
    renderApp('/profile?settings=1');
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('opens the nationality manager from Multi-National Verification', async () => {
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => aminaProfile),
      ({ url }) => (url === '/api/user/verifications' ? jsonResponse([]) : undefined),
    );
    renderApp('/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Multi-National Verification' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

describe('profile page: Subscription tab', () => {
  it('shows the status, the plan and the next renewal as MMM dd, yyyy', async () => {
    const subscriber = makeSubscriber();
    mockFetch(
      serveCurrentUser(subscriber),
      serveProfile(() => makeProfile(subscriber)),
    );
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
    const fetchMock = mockFetch(
      member.route,
      serveProfile(() => makeProfile(member.state.user)),
      ({ url, init }) => {
        if (url !== '/api/subscription/cancel' || init?.method !== 'POST') return undefined;
        member.state.user = { ...member.state.user, subscriptionStatus: 'cancelled' };
        return jsonResponse({ position: '0000000000000003-0000000000000001' });
      },
    );
    renderApp('/profile');

    fireEvent.click(within(await subscriptionPanel()).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText(/until Apr 01, 2025/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    const panel = await screen.findByRole('tabpanel', { name: 'Subscription' });
    await within(panel).findByText('Cancelled');
    expect(within(panel).getByText('Access until')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(await screen.findByText('Subscription cancelled')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/subscription/cancel');
    expect(sentBody(post?.[1])).toEqual({});
  });

  it('opens on the Subscription tab from /profile?tab=subscription', async () => {
    const subscriber = makeSubscriber();
    mockFetch(
      serveCurrentUser(subscriber),
      serveProfile(() => makeProfile(subscriber)),
    );
    renderApp('/profile?tab=subscription');

    expect((await screen.findByRole('tab', { name: 'Subscription' })).getAttribute('aria-selected')).toBe('true');
    expect(within(await screen.findByRole('tabpanel', { name: 'Subscription' })).getByText('Next renewal')).toBeTruthy();
  });

  it('links a member without a subscription to the plans', async () => {
    const user = makeUser();
    mockFetch(
      serveCurrentUser(user),
      serveProfile(() => makeProfile(user)),
    );
    renderApp('/profile');

    const panel = await subscriptionPanel();
    expect(within(panel).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/subscribe');
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
