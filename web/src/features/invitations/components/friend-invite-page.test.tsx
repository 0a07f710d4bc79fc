import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../../lib/toast-store';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { INVITE_TOKEN, lookupUrl, makeLookup, serveInvitation, serveSessionEndingOnAccept } from '../../../test/invite-page-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';

const PATH = `/friend-invite/${INVITE_TOKEN}`;
const ACCEPT_URL = `${lookupUrl('friends')}/accept`;
const member = makeUser({ id: 'member-layla', firstName: 'Layla', lastName: 'Nasser' });
const friendsLookup = (overrides: Parameters<typeof makeLookup>[0] = {}) => makeLookup({ groupId: 10043, groupName: "Omar's Friends", ...overrides });

const page = () => screen.findByRole('region', { name: 'Friends Group Invitation' });

/** The value beside a row's label (Status, Invited to, Expires). */
function row(region: HTMLElement, label: string): HTMLElement {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('friend invitation page: loading and invalid links', () => {
  it('shows a spinner until the invitation is in', async () => {
    mockFetchHolding(lookupUrl('friends'), signedOut);
    renderApp(PATH);

    // The session is known (the header offers Sign In), yet the invitation is still loading.
    await screen.findByRole('link', { name: 'Sign In' });
    const status = screen.getByRole('status');
    expect(status.querySelector('.MuiCircularProgress-root')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Friends Group Invitation' })).toBeNull();
  });

  it("shows the server's message on the Invalid Invitation screen", async () => {
    mockFetch(signedOut, serveInvitation('friends', jsonResponse({ message: 'No such invitation here.' }, { status: 404 })));
    const { location } = renderApp(PATH);

    const region = await screen.findByRole('region', { name: 'Invalid Invitation' });
    expect(within(region).getByText('No such invitation here.')).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Go to Homepage' }));
    await waitFor(() => expect(location.history).toEqual([PATH, '/']));
  });

  it('falls back to its own text when the server gave no message', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', new Response('Bad Gateway', { status: 502 })));
    renderApp(PATH);

    const region = await screen.findByRole('region', { name: 'Invalid Invitation' });
    expect(within(region).getByText('This invitation link is invalid or has expired.')).toBeTruthy();
  });

  it('calls a link whose friendship was cut invalid', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', friendsLookup({ status: 'cut' })));
    renderApp(PATH);

    const region = await screen.findByRole('region', { name: 'Invalid Invitation' });
    expect(within(region).getByText('This invitation link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });
});

describe('friend invitation page: signed out', () => {
  it('shows the rows and asks the visitor to sign in', async () => {
    const fetchMock = mockFetch(signedOut, serveInvitation('friends', friendsLookup()));
    const { location } = renderApp(PATH);

    const region = await page();
    expect(within(region).getByText("Omar Farouk invited you to join Omar's Friends.")).toBeTruthy();
    expect(row(region, 'Status').textContent).toBe('Pending');
    expect(row(region, 'Invited to').textContent).toBe('layla.nasser@example.com');
    expect(row(region, 'Expires').textContent).toBe('Jun 15, 2099');
    expect(within(region).getByText('Please sign in to accept this invitation.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Accept Invitation' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { level: 2, name: 'Join the conversation' });
    expect(location.history).toEqual([PATH, '/?signin=1']);
    expect(fetchMock.mock.calls.some(([url]) => url === ACCEPT_URL)).toBe(false);
  });

  it('offers Create Account first, which keeps the invitation in view beside the form', async () => {
    mockFetch(signedOut, serveInvitation('friends', friendsLookup()));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('tab', { name: 'Create Account' })).getAttribute('aria-selected')).toBe('true');
    expect(location.history).toEqual([PATH, '/?signup=1']);
    const note = await screen.findByRole('alert', { name: 'Your invitation' });
    expect(note.textContent).toContain("Omar Farouk invited you (layla.nasser@example.com) to join Omar's Friends.");
  });

  it('asks to sign in whatever the status', async () => {
    mockFetch(signedOut, serveInvitation('friends', friendsLookup({ status: 'accepted' })));
    renderApp(PATH);

    const region = await page();
    expect(row(region, 'Status').textContent).toBe('Accepted');
    expect(within(region).getByText('Please sign in to accept this invitation.')).toBeTruthy();
    expect(within(region).queryByText('You have already accepted this invitation!')).toBeNull();
  });
});

describe('friend invitation page: signed in', () => {
  it('says an invitation someone else accepted has been used', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', friendsLookup({ status: 'accepted', acceptedByYou: false })));
    renderApp(PATH);
    const region = await page();
    expect(within(region).getByText('This invitation has already been used.')).toBeTruthy();
    expect(within(region).queryByText('You have already accepted this invitation!')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('says an accepted invitation is already accepted, with the way to the dashboard', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', friendsLookup({ status: 'accepted', acceptedByYou: true })));
    const { location } = renderApp(PATH);

    const region = await page();
    const badge = row(region, 'Status').querySelector('.MuiChip-root') as HTMLElement;
    expect(badge.textContent).toBe('Accepted');
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(220, 252, 231)');
    expect(within(region).getByText('You have already accepted this invitation!')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Accept Invitation' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(location.history).toEqual([PATH, '/']));
  });

  it.each([
    ['expired', friendsLookup({ status: 'expired' })],
    ['pending past its expiry', friendsLookup({ status: 'pending', expiresAt: '2020-01-01T00:00:00.000Z' })],
  ])('says an invitation that is %s has expired', async (_case, lookup) => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', lookup));
    const { location } = renderApp(PATH);

    const region = await page();
    const badge = row(region, 'Status').querySelector('.MuiChip-root') as HTMLElement;
    expect(badge.textContent).toBe('Expired');
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(254, 226, 226)');
    expect(within(region).getByText('This invitation has expired.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Accept Invitation' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Go to Homepage' }));
    await waitFor(() => expect(location.history).toEqual([PATH, '/']));
  });

  it('offers a pending invitation with its benefits and a yellow Pending badge', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('friends', friendsLookup()));
    renderApp(PATH);

    const region = await page();
    const badge = row(region, 'Status').querySelector('.MuiChip-root') as HTMLElement;
    expect(badge.textContent).toBe('Pending');
    expect(getComputedStyle(badge).backgroundColor).toBe('rgb(254, 249, 195)');
    const benefits = within(region).getByRole('list', { name: 'As a member you can' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Private group discussions with your friends', 'Vote on topics', 'Real-time chat', 'Create and discuss topics']);
    expect(within(region).getByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
    expect(within(region).queryByText('Please sign in to accept this invitation.')).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('friend invitation page: accepting', () => {
  it("posts an empty accept, says 'Accepting...', then shows the invitation accepted in place", async () => {
    const { served, held: accepts, release } = mockFetchHolding(ACCEPT_URL, serveCurrentUser(member), serveInvitation('friends', friendsLookup()));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    const pending = await screen.findByRole('button', { name: 'Accepting...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(accepts).toHaveLength(1);
    expect(accepts[0]).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });

    release(jsonResponse({ position: null, groupId: 10043 }));

    const region = await page();
    expect(await within(region).findByText('You have already accepted this invitation!')).toBeTruthy();
    expect(row(region, 'Status').textContent).toBe('Accepted');
    expect(lastToast()).toMatchObject({
      title: 'Invitation Accepted!',
      description: 'You have successfully joined the friends group.',
      variant: 'default',
    });
    expect(location.history).toEqual([PATH]);
    // Accepted locally: the link is not read again.
    expect(served.mock.calls.filter(([url]) => url === lookupUrl('friends'))).toHaveLength(1);
  });

  it("toasts the server's message when accepting is refused", async () => {
    mockFetch(
      serveCurrentUser(member),
      serveInvitation('friends', friendsLookup(), () => jsonResponse({ message: 'This invitation has already been used.' }, { status: 409 })),
    );
    renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ description: 'This invitation has already been used.', variant: 'destructive' }));
    expect(await screen.findByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
  });

  it("toasts 'Failed to accept invitation' when the server gave no message", async () => {
    mockFetch(
      serveCurrentUser(member),
      serveInvitation('friends', friendsLookup(), () => new Response('', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ description: 'Failed to accept invitation', variant: 'destructive' }));
  });

  it("asks to sign in ('Authentication Required') when the session ended meanwhile", async () => {
    mockFetch(...serveSessionEndingOnAccept('friends', friendsLookup(), member));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Authentication Required',
        description: 'Please sign in to accept this invitation.',
      }),
    );
    const region = await page();
    expect(await within(region).findByRole('button', { name: 'Sign In' })).toBeTruthy();
    // Not the general 401 rule: no 'Unauthorized' toast, no trip to /api/login.
    expect(lastToast()?.title).toBe('Authentication Required');
    expect(location.history).toEqual([PATH]);
  });
});
