import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';

const noGroups: Route = ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined);
const resend =
  (answer: () => Response): Route =>
  ({ url, init }) =>
    url === '/api/email-auth/resend-verification' && init?.method === 'POST' ? answer() : undefined;

const banner = () => screen.findByRole('region', { name: 'Email verification' });

describe('e-mail verification banner', () => {
  it('asks an unverified member to follow the mailed link, and sends a new one on request', async () => {
    const user = makeUser({ emailVerified: false, email: 'amina@example.com' });
    const fetchMock = mockFetch(
      serveCurrentUser(user),
      serveSidebarStats(),
      noGroups,
      resend(() => jsonResponse({ message: 'We sent a new verification link to your email address.' })),
    );
    renderApp('/');

    const region = await banner();
    expect(within(region).getByText('Please verify your email address')).toBeTruthy();
    expect(within(region).getByText(/We sent a link to amina@example\.com\./)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Resend Link' }));

    expect(await within(region).findByText('We sent a new verification link to your email address.')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/email-auth/resend-verification')).toHaveLength(1);
    // The member uses the platform meanwhile: the dashboard is all there.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Amina!' })).toBeTruthy();
  });

  it("shows the server's refusal, e.g. too many links", async () => {
    mockFetch(
      serveCurrentUser(makeUser({ emailVerified: false })),
      serveSidebarStats(),
      noGroups,
      resend(() => jsonResponse({ message: 'Too many attempts. Please wait a few minutes and try again.' }, { status: 429 })),
    );
    renderApp('/');

    const region = await banner();
    fireEvent.click(within(region).getByRole('button', { name: 'Resend Link' }));
    expect(await within(region).findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();
  });

  it('is not there once the address is verified', async () => {
    mockFetch(serveCurrentUser(makeUser({ emailVerified: true })), serveSidebarStats(), noGroups);
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina!' });
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });
});
