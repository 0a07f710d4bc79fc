import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { pageNavigation } from '../lib/navigation';
import { useToastStore } from '../lib/toast-store';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

/** Lets fetches and React settle under fake timers without moving the clock. */
async function settle(until: () => boolean) {
  for (let round = 0; round < 50 && !until(); round += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
  expect(until()).toBe(true);
}

describe('routes by sign-in state', () => {
  it("shows 'Loading...' while the session is read", () => {
    // The session read never answers.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderApp('/');

    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('sends a visitor on a members’ page to sign in after 500 ms', async () => {
    vi.useFakeTimers();
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    mockFetch(signedOut);
    renderApp('/group/7');

    const toastShown = () => useToastStore.getState().toasts.length > 0;
    await settle(toastShown);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/api/login');
  });

  it.each(['/topic/3', '/laws/2', '/profile', '/subscribe', '/subscribe/return', '/checkout/sandbox/pay-1', '/admin', '/sitemap'])(
    'counts %s as a members’ page',
    async (path) => {
      mockFetch(signedOut);
      renderApp(path);

      expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    },
  );

  it('shows a visitor the landing page at /, and the terms and privacy pages', async () => {
    mockFetch(signedOut);
    const { unmount } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In with Email' })).toBeTruthy();
    unmount();

    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });

  it('shows a member the dashboard at /', async () => {
    mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina' })), ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
  });

  it('treats a failing session read as signed out, after one retry', async () => {
    const fetchMock = mockFetch(({ url }) => (url === '/api/auth/user' ? new Response('', { status: 500, statusText: 'Internal Server Error' }) : undefined));
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign In with Email' }, { timeout: 3000 })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user')).toHaveLength(2);
  });
});

describe('coming back after sign-in', () => {
  it('takes a member who signed in from an invitation back to it, once', async () => {
    sessionStorage.setItem('civitas.return-after-sign-in', '/friend-invite/abc123');
    mockFetch(serveCurrentUser(makeUser()), ({ url }) =>
      url.startsWith('/api/friends/invite/') ? jsonResponse({ message: 'This invitation link is invalid or has expired.' }, { status: 404 }) : undefined,
    );
    const { location } = renderApp('/');
    await screen.findByText('Invalid Invitation');
    expect(location.history.at(-1)).toBe('/friend-invite/abc123');
    expect(sessionStorage.getItem('civitas.return-after-sign-in')).toBeNull();
  });

  it('never follows a way back off this site', async () => {
    sessionStorage.setItem('civitas.return-after-sign-in', '//evil.example/steal');
    mockFetch(serveCurrentUser(makeUser()));
    const { location } = renderApp('/');
    await act(async () => undefined);
    expect(location.history).toEqual(['/']);
  });
});
