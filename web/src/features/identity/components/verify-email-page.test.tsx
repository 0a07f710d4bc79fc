import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'Vq3r0x8Qm2pL7tK1sB9cN4dF6gH5jW0yZaXeUoIiPkM';

function verifyEmail(answer: (body: { token: string }) => Response): Route {
  return ({ url, init }) => (url === '/api/email-auth/verify-email' && init?.method === 'POST' ? answer(JSON.parse(String(init.body))) : undefined);
}

describe('verify-email page', () => {
  it('posts the token once, takes it out of the address bar, and confirms', async () => {
    window.history.replaceState(null, '', `/verify-email/${TOKEN}`);
    const fetchMock = mockFetch(
      signedOut,
      verifyEmail((body) => {
        expect(body).toEqual({ token: TOKEN });
        return jsonResponse({ message: 'Your email address is verified.', position: '00000000000000a1-0000000000000001' });
      }),
    );
    renderApp(`/verify-email/${TOKEN}`);

    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(window.location.pathname).toBe('/verify-email');
    expect(window.location.href).not.toContain(TOKEN);
    expect(requestsTo(fetchMock, 'POST', '/api/email-auth/verify-email')).toHaveLength(1);
    // Signed out: the way on is signing in (the header has a Sign In of its own).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/?signin=1');
  });

  it('reads the member again, so the dashboard banner goes, and offers the dashboard', async () => {
    let verified = false;
    const fetchMock = mockFetch(
      ({ url }) => (url === '/api/auth/user' ? jsonResponse(makeUser({ emailVerified: verified })) : undefined),
      verifyEmail(() => {
        verified = true;
        return jsonResponse({ message: 'Your email address is verified.', position: '00000000000000a1-0000000000000002' });
      }),
    );
    renderApp(`/verify-email/${TOKEN}`);

    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/auth/user')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's refusal of an old or expired link", async () => {
    mockFetch(
      serveCurrentUser(makeUser({ emailVerified: false })),
      verifyEmail(() => jsonResponse({ message: 'This verification link is invalid or has expired.' }, { status: 400 })),
    );
    renderApp(`/verify-email/${TOKEN}`);

    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText('You can ask for a new link on your dashboard.')).toBeTruthy();
  });

  it('says a link without its token is invalid, sending nothing', async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/verify-email');

    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/email-auth/verify-email')).toHaveLength(0);
  });
});
