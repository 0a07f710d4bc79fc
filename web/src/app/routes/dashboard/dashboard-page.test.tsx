import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';
import { makeSubscriber } from '../../../test/subscription-fixtures';

const noGroups = ({ url }: { url: string }) => (url === '/api/groups' ? jsonResponse([]) : undefined);

/** The number a stat list shows beside its label. */
function statValue(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label).nextElementSibling?.textContent;
}

describe('dashboard', () => {
  it("says 'Loading platform...' until its data is in", async () => {
    // The groups never answer.
    mockFetchHolding('/api/groups', serveCurrentUser(makeUser()), serveSidebarStats());
    renderApp('/');

    expect(await screen.findByText('Loading platform...')).toBeTruthy();
  });

  it("shows the member's own cards while only the groups wait", async () => {
    mockFetchHolding('/api/groups', serveCurrentUser(makeUser({ firstName: 'Amina' })), serveSidebarStats());
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Groups' })).getByText('Loading platform...')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Your profile' })).toBeTruthy();
    // Create New Topic waits for the groups it offers rather than saying there are none.
    expect(screen.queryByRole('region', { name: 'Quick Actions' })).toBeNull();
  });

  it('welcomes the member, summarises the profile with their counts and lists the groups', async () => {
    const user = makeUser({ firstName: 'Amina', lastName: 'Haddad', participationScore: 30 });
    mockFetch(
      serveCurrentUser(user),
      serveSidebarStats({ participationScore: 37, topicsCreated: 4, votesCast: 1203, opinionsPosted: 6, delegatesCount: 3 }),
      ({ url }) => (url === '/api/groups' ? jsonResponse([makeGroup({ name: 'Islam', department: 'religion' })]) : undefined),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
    for (const highlight of ['Discuss Topics', 'Amend Laws', 'Elect Representatives', 'Delegate Your Vote']) {
      expect(screen.getByRole('heading', { level: 2, name: highlight })).toBeTruthy();
    }

    const profile = screen.getByRole('complementary', { name: 'Your profile' });
    expect(within(profile).getByText('AH')).toBeTruthy();
    expect(within(profile).getByText('Amina Haddad')).toBeTruthy();
    expect(within(profile).getByText(user.email)).toBeTruthy();
    expect(within(profile).getByText('Active Citizen')).toBeTruthy();
    await waitFor(() => expect(statValue(profile, 'Topics Created')).toBe('4'));
    // The stats projection's score is newer than the member read's.
    expect(statValue(profile, 'Participation Score')).toBe('37');
    expect(statValue(profile, 'Votes Cast')).toBe('1,203');
    // Members who delegate to her now.
    expect(statValue(profile, 'Delegations')).toBe('3');
    expect(within(profile).getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe('/profile');

    expect(screen.getByRole('region', { name: 'Religious Communities' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Islam' })).toBeTruthy();
  });

  it('shows the platform statistics from the server', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveSidebarStats({}, { resolvedDisputes: 3, lawsAmended: 11, electionsHeld: 5 }), noGroups);
    renderApp('/');

    const stats = await screen.findByRole('region', { name: 'Group Statistics' });
    await waitFor(() => expect(statValue(stats, 'Resolved Disputes')).toBe('3'));
    expect(statValue(stats, 'Laws Amended')).toBe('11');
    expect(statValue(stats, 'Elections Held')).toBe('5');
  });

  it('says so when the statistics cannot be read', async () => {
    mockFetch(serveCurrentUser(makeUser()), noGroups);
    renderApp('/');

    const stats = await screen.findByRole('region', { name: 'Group Statistics' });
    expect(await within(stats).findByText('Could not load the statistics: 404: Not Found')).toBeTruthy();
  });

  it('greets a member without names by e-mail', async () => {
    const user = makeUser({ firstName: null, lastName: null, email: 'sam@example.com' });
    mockFetch(serveCurrentUser(user), serveSidebarStats(), noGroups);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome!' })).toBeTruthy();
    const profile = screen.getByRole('complementary', { name: 'Your profile' });
    expect(within(profile).getByText('S')).toBeTruthy();
    expect(within(profile).getAllByText('sam@example.com')).toHaveLength(2);
  });

  it('shows a member who has not taken part yet no Active Citizen badge', async () => {
    mockFetch(serveCurrentUser(makeUser({ participationScore: 0 })), serveSidebarStats({ participationScore: 0 }), noGroups);
    renderApp('/');

    const profile = await screen.findByRole('complementary', { name: 'Your profile' });
    await waitFor(() => expect(statValue(profile, 'Participation Score')).toBe('0'));
    expect(within(profile).queryByText('Active Citizen')).toBeNull();
  });

  it('asks an unverified member to verify, and opens the verification dialog', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveSidebarStats(), noGroups);
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'Verify Your Identity' });
    expect(screen.queryByRole('region', { name: 'Identity Verified' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Verify Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'National ID / Passport' })).toBeTruthy();
  });

  it('shows a verified member the identity-verified card naming the country', async () => {
    const user = makeUser({
      isVerified: true,
      country: 'Saudi Arabia',
      verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
    });
    mockFetch(serveCurrentUser(user), serveSidebarStats(), noGroups);
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'Identity Verified' });
    expect(within(card).getByText('Your Saudi Arabia nationality is verified.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Verify Your Identity' })).toBeNull();
  });

  it('offers Create New Topic in the groups where the member may take part, Join Election, Find Delegate, Submit Report and Share Suggestion', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    const family = makeGroup({ name: "Amina's Family", department: 'family', canParticipate: true, isMember: true });
    const france = makeNationalGroup('France');
    // A subscriber: Islam's topic types (law amendment, dispute resolution) need a subscription.
    mockFetch(serveCurrentUser(makeSubscriber()), serveSidebarStats(), ({ url }) =>
      url === '/api/groups' ? jsonResponse([islam, france, family]) : undefined,
    );
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Create New Topic', 'Join Election', 'Find Delegate', 'Submit Report', 'Share Suggestion']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Create New Topic' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create New Topic' });
    const picker = within(dialog).getByRole('combobox', { name: 'Group' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Islam', "Amina's Family"]);
  });

  it('offers a member without a subscription the upgrade at $5 per month', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveSidebarStats(), noGroups);
    renderApp('/');

    const upgrade = await screen.findByRole('region', { name: 'Upgrade to Premium' });
    expect(within(upgrade).getByText('$5 per month')).toBeTruthy();
    expect(within(upgrade).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('region', { name: 'Premium Active' })).toBeNull();
    expect(document.body.textContent).not.toContain('9.99');
  });

  it('shows a subscriber the premium-active card with the plan and next renewal', async () => {
    mockFetch(serveCurrentUser(makeSubscriber()), serveSidebarStats(), noGroups);
    renderApp('/');

    const premium = await screen.findByRole('region', { name: 'Premium Active' });
    expect(within(premium).getByText('Civic Participation (monthly)')).toBeTruthy();
    expect(within(premium).getByText('Next renewal: Apr 01, 2025')).toBeTruthy();
    expect(within(premium).getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe('/profile?tab=subscription');
    expect(screen.queryByRole('region', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('tells a member who cancelled until when access lasts', async () => {
    mockFetch(
      serveCurrentUser(makeSubscriber({ subscriptionStatus: 'cancelled', subscriptionPlan: 'civic_participation_yearly' })),
      serveSidebarStats(),
      noGroups,
    );
    renderApp('/');

    const premium = await screen.findByRole('region', { name: 'Premium Active' });
    expect(within(premium).getByText('Civic Participation (yearly)')).toBeTruthy();
    expect(within(premium).getByText('Cancelled')).toBeTruthy();
    expect(within(premium).getByText('Access until: Apr 01, 2025')).toBeTruthy();
  });

  it('opens Find and Manage Delegates and Join Election from Quick Actions', async () => {
    const international = makeGroup({ name: 'International', department: 'international', canParticipate: true });
    mockFetch(serveCurrentUser(makeUser()), serveSidebarStats(), ({ url }) => {
      if (url === '/api/groups') return jsonResponse([international]);
      if (url === '/api/user/delegations') return jsonResponse([]);
      if (url === `/api/groups/${international.id}/main-election`) return jsonResponse({ message: 'No main election' }, { status: 404 });
      return undefined;
    });
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Find Delegate' }));
    const delegates = await screen.findByRole('dialog', { name: 'Find and Manage Delegates' });
    expect(
      within(within(delegates).getByRole('combobox', { name: 'Group' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a group', 'International']);
    fireEvent.click(within(delegates).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(actions).getByRole('button', { name: 'Join Election' }));
    const elections = await screen.findByRole('dialog', { name: 'Join Election' });
    expect(await within(elections).findByRole('link', { name: 'Go to International' })).toBeTruthy();
  });

  it('shows the Leader badge in the profile summary of a leader', async () => {
    const international = makeGroup({ name: 'International', department: 'international', canParticipate: true });
    mockFetch(serveCurrentUser(makeUser()), serveSidebarStats(), ({ url }) => {
      if (url === '/api/groups') return jsonResponse([international]);
      if (url === '/api/user/groups') {
        return jsonResponse([
          {
            id: 'm-1',
            userId: 'u-1',
            groupId: international.id,
            isSubscribed: true,
            isLeader: true,
            role: 'member',
            joinedAt: '2025-03-01T12:00:00.000Z',
            group: international,
          },
        ]);
      }
      return undefined;
    });
    renderApp('/');

    const profile = await screen.findByRole('complementary', { name: 'Your profile' });
    expect(await within(profile).findByText('Leader')).toBeTruthy();
  });
});
