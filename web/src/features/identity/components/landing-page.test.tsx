import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serveSignInProviders, signedOut } from '../../../test/auth-fixtures';
import { mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

describe('landing page', () => {
  it('offers the three ways to sign in', async () => {
    mockFetch(signedOut, serveSignInProviders(['google', 'replit']));
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign In with Email' })).toBeTruthy();
    // The providers sign in on the server: plain links, full page loads.
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Continue with Replit' }).getAttribute('href')).toBe('/api/auth/replit');
  });

  it('offers only the providers the server is registered with (none without a client id and secret)', async () => {
    const fetchMock = mockFetch(signedOut, serveSignInProviders(['replit']));
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Continue with Replit' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(requestsOf(fetchMock)).toContain('GET /api/auth/providers');
  });

  it('says once, after erasure, that the account is gone and what stays', async () => {
    // Set by the erasure's success just before its full reload (features/profile/api/delete-account.ts).
    sessionStorage.setItem('civitas.account-deleted', '1');
    mockFetch(signedOut, serveSignInProviders([]));
    const view = renderApp('/');

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Your account was deleted')).toBeTruthy();
    expect(notice.textContent).toContain("Your opinions and votes stay counted, shown as 'Deleted member'.");
    view.unmount();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In with Email' });
    expect(screen.queryByText('Your account was deleted')).toBeNull();
  });

  it('advertises the four groups and the three features', async () => {
    mockFetch(signedOut);
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Digital democracy for every community' });
    const groups = ['Family', 'National', 'International', 'Alliance'];
    for (const name of groups) expect(screen.getByRole('article', { name })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Family' })).getByText(/free for all members/i)).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'International' })).getByText(
        /subscription is needed to create topics and to stand as a candidate; voting and viewing are free/,
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Alliance' })).getByText('Restricted to leaders elected in other groups.')).toBeTruthy();
    for (const feature of ['Vote Delegation', 'Laws, Disputes and Elections', 'Real-time Discussion']) {
      expect(screen.getByRole('heading', { level: 3, name: feature })).toBeTruthy();
    }
  });

  it('ends with a footer linking the terms, the privacy policy and support', async () => {
    mockFetch(signedOut);
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'support@civitas.app' }).getAttribute('href')).toBe('mailto:support@civitas.app');
  });

  it('shows a failed provider sign-in above the sign-in options', async () => {
    mockFetch(signedOut);
    renderApp(`/?authError=${encodeURIComponent('Google sign-in is not configured')}`);

    const alert = await screen.findByText('Google sign-in is not configured');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In with Email' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Google sign-in is not configured')).toBeNull();
  });

  it('brings the sign-in options into focus when /api/login sends the visitor back', async () => {
    mockFetch(signedOut);
    renderApp('/?signin=1');

    const heading = await screen.findByRole('heading', { level: 2, name: 'Join the conversation' });
    expect(document.activeElement).toBe(heading);
  });

  it("focuses the sign-in panel from the header's Sign In on the landing page", async () => {
    mockFetch(signedOut);
    renderApp('/');

    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/api/login');
    fireEvent.click(signIn);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Join the conversation' }));
  });

  it('moves focus into the e-mail card, the reset form and back, as each replaces the button that opened it', async () => {
    mockFetch(signedOut);
    renderApp('/');

    // The e-mail views load on demand: focus must still land in them once they have mounted.
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In with Email' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sign In' })));

    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByRole('form', { name: 'Forgot password' })).getByRole('textbox')));

    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sign In' })));

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in options' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign In with Email' })));
  });
});
