import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { INVITE_TOKEN, lookupUrl, makeLookup, serveInvitation } from '../../../test/invite-page-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';

const PATH = `/business-invite/${INVITE_TOKEN}`;
const member = makeUser({ id: 'member-layla', isSubscribed: true, subscriptionStatus: 'active' });
const businessLookup = (overrides: Parameters<typeof makeLookup>[0] = {}) => makeLookup({ groupId: 10044, groupName: "Omar's Business", ...overrides });

const page = () => screen.findByRole('region', { name: 'Business Group Invitation' });

describe('business invitation page', () => {
  it('reads the business link and asks a signed-out visitor to sign in', async () => {
    mockFetch(signedOut, serveInvitation('business', businessLookup()));
    renderApp(PATH);

    const region = await page();
    expect(within(region).getByText("Omar Farouk invited you to join Omar's Business.")).toBeTruthy();
    expect(within(region).getByText('layla.nasser@example.com')).toBeTruthy();
    expect(within(region).getByText('Please sign in to accept this invitation.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows Invalid Invitation for an unknown link', async () => {
    mockFetch(
      serveCurrentUser(member),
      serveInvitation('business', jsonResponse({ message: 'This invitation link is invalid or has expired.' }, { status: 404 })),
    );
    renderApp(PATH);

    const region = await screen.findByRole('region', { name: 'Invalid Invitation' });
    expect(within(region).getByText('This invitation link is invalid or has expired.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Go to Homepage' })).toBeTruthy();
  });

  it('offers the business benefits, accepts and opens the business group', async () => {
    const fetchMock = mockFetch(
      serveCurrentUser(member),
      serveInvitation('business', businessLookup(), () => jsonResponse({ position: null, groupId: 10044 })),
    );
    const { location } = renderApp(PATH);

    const region = await page();
    const benefits = within(region).getByRole('list', { name: 'As a member you can' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Business discussions with your colleagues', 'Vote on business decisions', 'Take part in elections', 'Real-time chat']);

    fireEvent.click(within(region).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() => expect(location.history).toEqual([PATH, '/group/10044']));
    expect(lastToast()).toMatchObject({
      title: 'Invitation Accepted!',
      description: 'You have successfully joined the business group.',
    });
    const accept = fetchMock.mock.calls.find(([url]) => url === `${lookupUrl('business')}/accept`);
    expect(accept?.[1]).toMatchObject({ method: 'POST', body: undefined });
  });

  it("toasts the server's reason when accepting is refused", async () => {
    mockFetch(
      serveCurrentUser(member),
      serveInvitation('business', businessLookup(), () => jsonResponse({ message: 'This invitation has expired.' }, { status: 410 })),
    );
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        description: 'This invitation has expired.',
        variant: 'destructive',
      }),
    );
    expect(location.history).toEqual([PATH]);
  });
});
