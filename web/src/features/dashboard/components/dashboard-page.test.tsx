import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeSubscriber } from '../../../test/subscription-fixtures';

const noGroups = ({ url }: { url: string }) => (url === '/api/groups' ? jsonResponse([]) : undefined);

describe('dashboard', () => {
  it("says 'Loading platform...' until its data is in", async () => {
    const served = mockFetch(serveCurrentUser(makeUser()));
    // The groups never answer.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input === '/api/groups' ? new Promise<Response>(() => {}) : served(input, init),
    );
    renderApp('/');

    expect(await screen.findByText('Loading platform...')).toBeTruthy();
  });

  it('welcomes the member, summarises the profile and lists the groups', async () => {
    const user = makeUser({ firstName: 'Amina', lastName: 'Haddad', participationScore: 37 });
    mockFetch(serveCurrentUser(user), ({ url }) =>
      url === '/api/groups' ? jsonResponse([makeGroup({ name: 'Islam', department: 'religion' })]) : undefined,
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
    for (const highlight of ['Discuss Topics', 'Amend Laws', 'Elect Representatives', 'Delegate Your Vote']) {
      expect(screen.getByRole('heading', { level: 3, name: highlight })).toBeTruthy();
    }

    const profile = screen.getByRole('complementary', { name: 'Your profile' });
    expect(within(profile).getByText('AH')).toBeTruthy();
    expect(within(profile).getByText('Amina Haddad')).toBeTruthy();
    expect(within(profile).getByText(user.email)).toBeTruthy();
    expect(within(profile).getByText('Active Citizen')).toBeTruthy();
    expect(within(profile).getByText('37')).toBeTruthy();
    expect(within(profile).getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe('/profile');

    expect(screen.getByRole('region', { name: 'Religious Communities' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Islam' })).toBeTruthy();
  });

  it('greets a member without names by e-mail', async () => {
    const user = makeUser({ firstName: null, lastName: null, email: 'sam@example.com' });
    mockFetch(serveCurrentUser(user), ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome!' })).toBeTruthy();
    const profile = screen.getByRole('complementary', { name: 'Your profile' });
    expect(within(profile).getByText('S')).toBeTruthy();
    expect(within(profile).getAllByText('sam@example.com')).toHaveLength(2);
  });

  it('offers a member without a subscription the upgrade at $5 per month', async () => {
    mockFetch(serveCurrentUser(makeUser()), noGroups);
    renderApp('/');

    const upgrade = await screen.findByRole('region', { name: 'Upgrade to Premium' });
    expect(within(upgrade).getByText('$5 per month')).toBeTruthy();
    expect(within(upgrade).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('region', { name: 'Premium Active' })).toBeNull();
    expect(document.body.textContent).not.toContain('9.99');
  });

  it('shows a subscriber the premium-active card with the plan and next renewal', async () => {
    mockFetch(serveCurrentUser(makeSubscriber()), noGroups);
    renderApp('/');

    const premium = await screen.findByRole('region', { name: 'Premium Active' });
    expect(within(premium).getByText('Civic Participation (monthly)')).toBeTruthy();
    expect(within(premium).getByText('Next renewal: Apr 01, 2025')).toBeTruthy();
    expect(within(premium).getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('region', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('tells a member who cancelled until when access lasts', async () => {
    mockFetch(
      serveCurrentUser(makeSubscriber({ subscriptionStatus: 'cancelled', subscriptionPlan: 'civic_participation_yearly' })),
      noGroups,
    );
    renderApp('/');

    const premium = await screen.findByRole('region', { name: 'Premium Active' });
    expect(within(premium).getByText('Civic Participation (yearly)')).toBeTruthy();
    expect(within(premium).getByText('Cancelled')).toBeTruthy();
    expect(within(premium).getByText('Access until: Apr 01, 2025')).toBeTruthy();
  });
});
