import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SIGNED_IN_HINT_COOKIE } from '@civitas/events/identity/auth-user';
import { makeUser, serveCurrentUser, serveSignInProviders, signedOut } from '../../test/auth-fixtures';
import { mockFetch, requestsOf } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { fetchCurrentUser, mayBeSignedIn } from './get-current-user';

const forgetHint = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
};

describe('the current-user read', () => {
  it('does not ask for the member for a visitor whose browser holds no signed-in marker', async () => {
    forgetHint();
    const fetchMock = mockFetch(signedOut, serveSignInProviders([]));

    expect(await fetchCurrentUser()).toBeNull();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In with Email' });

    // The landing page reads only which sign-in providers to offer.
    await waitFor(() => expect(requestsOf(fetchMock)).toEqual(['GET /api/auth/providers']));
  });

  it('reads the member while the marker is there', async () => {
    const member = makeUser();
    mockFetch(serveCurrentUser(member));

    expect(mayBeSignedIn()).toBe(true);
    expect(await fetchCurrentUser()).toEqual(member);
  });

  it('drops a marker whose session has ended, so the next load asks nothing', async () => {
    const fetchMock = mockFetch(signedOut);

    expect(await fetchCurrentUser()).toBeNull();
    expect(mayBeSignedIn()).toBe(false);
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
