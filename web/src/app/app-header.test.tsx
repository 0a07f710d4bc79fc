import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

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

  it("opens the member's menu: Profile, Settings and Logout", async () => {
    mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina', lastName: 'Haddad' })));
    renderApp('/sitemap');

    fireEvent.click(await screen.findByRole('button', { name: 'Amina Haddad' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/profile');
    // Sign-out is a server route: a full page load.
    expect(within(menu).getByRole('menuitem', { name: 'Logout' }).getAttribute('href')).toBe('/api/logout');
  });

  it('shows the initials in the avatar', async () => {
    mockFetch(serveCurrentUser(makeUser({ firstName: 'amina', lastName: 'haddad' })));
    renderApp('/sitemap');

    const userButton = await screen.findByRole('button', { name: 'amina haddad' });
    expect(within(userButton).getByText('AH')).toBeTruthy();
  });

  it('opens a drawer with the member, Dashboard, My Profile and Logout on small screens', async () => {
    const user = makeUser({ firstName: 'Amina', lastName: 'Haddad', isAdmin: true });
    mockFetch(serveCurrentUser(user));
    renderApp('/sitemap');

    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Amina Haddad')).toBeTruthy();
    expect(within(drawer).getByText(user.email)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(drawer).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(drawer).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/logout');
  });

  it('offers a visitor Sign In, which goes to /api/login away from the landing page', async () => {
    mockFetch(signedOut);
    renderApp('/terms');

    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/api/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
