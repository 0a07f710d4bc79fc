import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pageNavigation } from '../../../lib/navigation';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

describe('sign-out page (where GET /api/logout leads)', () => {
  it('signs out only when the member confirms, with a POST, then reloads at /', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    navigate.mockClear();
    const fetchMock = mockFetch(serveCurrentUser(makeUser({ email: 'amina@example.com' })), ({ url, init }) =>
      url === '/api/logout' && init?.method === 'POST' ? jsonResponse({ message: 'You have been signed out.' }) : undefined,
    );
    renderApp('/logout');

    expect(await screen.findByRole('heading', { name: 'Sign out?' })).toBeTruthy();
    expect(screen.getByText('You are signed in as amina@example.com.')).toBeTruthy();
    // Arriving here signs nobody out.
    expect(requestsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(requestsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(1);
  });

  it('goes back to the dashboard on Cancel', async () => {
    mockFetch(serveCurrentUser(makeUser()));
    const { location } = renderApp('/logout');

    fireEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('tells a visitor they are signed out', async () => {
    mockFetch(signedOut);
    renderApp('/logout');

    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });
});
