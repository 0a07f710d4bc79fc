import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../lib/navigation';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

const signOutAnswer: Route = ({ url, init }) =>
  url === '/api/logout' && init?.method === 'POST' ? jsonResponse({ message: 'You have been signed out.' }) : undefined;

/** Logout POSTs (never a link another site could copy), then reloads at /. */
async function expectSignOut(fetchMock: ReturnType<typeof mockFetch>, navigate: ReturnType<typeof vi.spyOn>) {
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  const calls = requestsTo(fetchMock, 'POST', '/api/logout');
  expect(calls).toHaveLength(1);
  expect(calls[0]?.[1]?.credentials).toBe('include');
}

describe('header', () => {
  it('gives a member the Dashboard and My Profile, and no Admin Panel', async () => {
    mockFetch(serveCurrentUser(makeUser({ isAdmin: false })));
    renderApp('/sitemap');

    await screen.findByRole('heading', { name: 'Sitemap' });
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(mainNav()).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
  });

  it('adds the Admin Panel for an admin', async () => {
    mockFetch(serveCurrentUser(makeUser({ isAdmin: true, roles: ['admin'] })));
    renderApp('/sitemap');

    await screen.findByRole('heading', { name: 'Sitemap' });
    expect(within(mainNav()).getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });

  it("opens the member's menu: Profile, Settings and Logout, which signs out at once", async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    navigate.mockClear();
    const fetchMock = mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina', lastName: 'Haddad' })), signOutAnswer);
    renderApp('/sitemap');

    fireEvent.click(await screen.findByRole('button', { name: 'Amina Haddad' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    // Both go to /profile (docs/product.md, Screens); Settings opens the profile's Settings dialog there.
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/profile?settings=1');
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' });
    expect(logout.getAttribute('href')).toBeNull();
    fireEvent.click(logout);
    await expectSignOut(fetchMock, navigate);
  });

  it('shows the initials in the avatar', async () => {
    mockFetch(serveCurrentUser(makeUser({ firstName: 'amina', lastName: 'haddad' })));
    renderApp('/sitemap');

    const userButton = await screen.findByRole('button', { name: 'amina haddad' });
    expect(within(userButton).getByText('AH')).toBeTruthy();
  });

  it('shows the uploaded picture in the menu button and the drawer', async () => {
    const picture = `/api/images/${'a'.repeat(64)}.jpg`;
    mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina', lastName: 'Haddad', profileImageUrl: picture })));
    renderApp('/sitemap');

    const userButton = await screen.findByRole('button', { name: 'Amina Haddad' });
    expect(userButton.querySelector('img')?.getAttribute('src')).toBe(picture);
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    expect((await screen.findByRole('presentation')).querySelector('img')?.getAttribute('src')).toBe(picture);
  });

  it('opens a drawer with the member, Dashboard, My Profile and Logout on small screens', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    navigate.mockClear();
    const user = makeUser({ firstName: 'Amina', lastName: 'Haddad', isAdmin: true });
    const fetchMock = mockFetch(serveCurrentUser(user), signOutAnswer);
    renderApp('/sitemap');

    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Amina Haddad')).toBeTruthy();
    expect(within(drawer).getByText(user.email)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(drawer).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    await expectSignOut(fetchMock, navigate);
  });

  it('says so when signing out fails, and stays', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    navigate.mockClear();
    mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina', lastName: 'Haddad' })), ({ url }) =>
      url === '/api/logout' ? jsonResponse({ message: 'Cross-site request refused' }, { status: 403 }) : undefined,
    );
    renderApp('/sitemap');

    fireEvent.click(await screen.findByRole('button', { name: 'Amina Haddad' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Cross-site request refused')).toBeTruthy();
    expect(screen.getByText('Logout failed')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers a visitor Sign In, which goes to /api/login away from the landing page', async () => {
    mockFetch(signedOut);
    renderApp('/terms');

    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/api/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
