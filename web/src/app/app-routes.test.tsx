import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { pageNavigation } from '../lib/navigation';
import { useToastStore } from '../lib/toast-store';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding, requestsOf } from '../test/mock-fetch';
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

  it('keeps a signed-out deep link, so sign-in comes back to it', async () => {
    mockFetch(signedOut);
    renderApp('/topic/3?opinion=9');

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(sessionStorage.getItem('civitas.return-after-sign-in')).toBe('/topic/3?opinion=9');
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

  it('does not take a failing session read for a sign-out: it says Civitas is not answering, and Retry reads again', async () => {
    let failing = true;
    const fetchMock = mockFetch(({ url }) => {
      if (url !== '/api/auth/user') return url === '/api/groups' ? jsonResponse([]) : undefined;
      return failing ? jsonResponse({ message: 'Service Unavailable' }, { status: 503 }) : jsonResponse(makeUser({ firstName: 'Amina' }));
    });
    renderApp('/group/7');

    expect(await screen.findByRole('heading', { name: 'Civitas is not answering right now' }, { timeout: 3000 })).toBeTruthy();
    // Asked twice (one retry), then no sign-in prompt, no landing page, no Sign In in the header, no raw error text.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user')).toHaveLength(2);
    expect(screen.queryByText('You are logged out. Logging in again...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In with Email' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByText(/503/)).toBeNull();
    expect(screen.getByText(/You have not been signed out/)).toBeTruthy();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Group not found')).toBeTruthy();
  });

  it('says Civitas cannot be reached when nothing answers, and asks again when the browser is back online', async () => {
    let reachable = false;
    mockFetch(({ url }) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      if (url === '/api/auth/user') return jsonResponse(makeUser({ firstName: 'Amina' }));
      return url === '/api/groups' || url === '/api/user/groups' ? jsonResponse([]) : undefined;
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: "Civitas can't be reached right now" }, { timeout: 3000 })).toBeTruthy();
    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
  });

  it('still treats a 401 as signed out', async () => {
    mockFetch(signedOut);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In with Email' })).toBeTruthy();
  });

  it('asks for the page’s data while the session is read, not after it', async () => {
    const held = mockFetchHolding('/api/auth/user', ({ url }) =>
      url.startsWith('/api/topics/t-1') ? jsonResponse({ message: 'Topic not found' }, { status: 404 }) : undefined,
    );
    renderApp('/topic/t-1');
    await waitFor(() =>
      expect(requestsOf(held.served)).toEqual(expect.arrayContaining(['GET /api/topics/t-1', 'GET /api/topics/t-1/stats', 'GET /api/topics/t-1/opinions'])),
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
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
