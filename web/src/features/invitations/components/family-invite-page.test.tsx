import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../../lib/toast-store';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { INVITE_TOKEN, lookupUrl, makeLookup, serveInvitation, serveSessionEndingOnAccept } from '../../../test/invite-page-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';

const PATH = `/family-invite/${INVITE_TOKEN}`;
const ACCEPT_URL = `${lookupUrl('family')}/accept`;
const member = makeUser({ id: 'member-layla', firstName: 'Layla', lastName: 'Nasser' });

const page = () => screen.findByRole('region', { name: 'Family Invitation' });

describe('family invitation page: the invitation', () => {
  it("says 'Loading invitation...' until the invitation is in", async () => {
    mockFetchHolding(lookupUrl('family'), signedOut);
    renderApp(PATH);

    expect(await screen.findByText('Loading invitation...')).toBeTruthy();
  });

  it('shows a signed-out visitor the invitation, its benefits and a yellow sign-in note', async () => {
    const fetchMock = mockFetch(signedOut, serveInvitation('family', makeLookup()));
    renderApp(PATH);

    const region = await page();
    expect(within(region).getByRole('heading', { level: 1, name: 'Family Invitation' })).toBeTruthy();
    expect(within(region).getByText("You've been invited to join a private family group")).toBeTruthy();
    expect(within(region).getByText('layla.nasser@example.com')).toBeTruthy();
    expect(within(region).getByText(/Omar Farouk invited you to join Omar's Family/)).toBeTruthy();

    const benefits = within(region).getByRole('list', { name: 'As a family member you can' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Free participation in family decisions',
      'Create topics for your family to discuss',
      'Vote on family matters',
      'Real-time chat with your family',
      'Participate in family elections',
    ]);

    const note = within(region).getByRole('alert');
    expect(note.textContent).toBe('You need to sign in to accept this invitation.');
    expect(note.className).toMatch(/Warning/);
    expect(within(region).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
    // The lookup itself is read once, from the link's token.
    expect(fetchMock.mock.calls.filter(([url]) => url === lookupUrl('family'))).toHaveLength(1);
  });

  it('shows a signed-in member the invitation without the note, and never sends them to sign in', async () => {
    mockFetch(serveCurrentUser(member), serveInvitation('family', makeLookup()));
    const { location } = renderApp(PATH);

    const region = await page();
    expect(within(region).getByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(location.history).toEqual([PATH]);
  });

  it('Cancel goes home', async () => {
    mockFetch(signedOut, serveInvitation('family', makeLookup()));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { level: 2, name: 'Join the conversation' });
    expect(location.history).toEqual([PATH, '/']);
  });
});

describe('family invitation page: invalid links', () => {
  const invalidText = 'This invitation link is invalid, expired, or has already been used.';

  it.each([
    ['an unknown token (404)', jsonResponse({ message: 'This invitation link is invalid or has expired.' }, { status: 404 })],
    ['a server failure', new Response('Internal Server Error', { status: 500 })],
    ['an accepted invitation', makeLookup({ status: 'accepted' })],
    ['an expired invitation', makeLookup({ status: 'expired' })],
    ['a pending invitation past its expiry', makeLookup({ expiresAt: '2020-01-01T00:00:00.000Z' })],
    ['a cut invitation', makeLookup({ status: 'cut' })],
  ])('shows Invalid Invitation for %s', async (_case, answer) => {
    mockFetch(serveCurrentUser(member), serveInvitation('family', answer));
    const { location } = renderApp(PATH);

    const region = await screen.findByRole('region', { name: 'Invalid Invitation' });
    expect(within(region).getByText(invalidText)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Go to Home' }));
    await waitFor(() => expect(location.history).toEqual([PATH, '/']));
  });

  it('works for signed-out visitors too', async () => {
    mockFetch(signedOut, serveInvitation('family', jsonResponse({ message: 'nope' }, { status: 404 })));
    renderApp(PATH);

    expect(await screen.findByRole('region', { name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByText(invalidText)).toBeTruthy();
  });
});

describe('family invitation page: accepting', () => {
  it('asks a signed-out visitor to sign in first, sends nothing, and opens Create Account with the invitation in view', async () => {
    const fetchMock = mockFetch(signedOut, serveInvitation('family', makeLookup()));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    expect(lastToast()).toMatchObject({ title: 'Please Sign In', description: 'You need to sign in first to accept this invitation.' });
    await screen.findByRole('heading', { level: 2, name: 'Join the conversation' });
    expect(location.history).toEqual([PATH, '/?signup=1']);
    expect(screen.getByText('You need to sign in first to accept this invitation.')).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'Create Account' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('form', { name: 'Create account' })).toBeTruthy();
    // Who invited them where, read again from the server, beside the form.
    const note = await screen.findByRole('alert', { name: 'Your invitation' });
    expect(note.textContent).toContain(`${makeLookup().inviterName} invited you (${makeLookup().email}) to join ${makeLookup().groupName}.`);
    expect(fetchMock.mock.calls.some(([url]) => url === ACCEPT_URL)).toBe(false);
  });

  it("posts an empty accept, says 'Accepting...', then 'Success!' and opens the family group", async () => {
    const { served, held: accepts, release } = mockFetchHolding(ACCEPT_URL, serveCurrentUser(member), serveInvitation('family', makeLookup()));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    const pending = await screen.findByRole('button', { name: 'Accepting...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(accepts).toHaveLength(1);
    expect(accepts[0]).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
    expect(new Headers(accepts[0]!.headers).has('Content-Type')).toBe(false);

    release(jsonResponse({ position: null, groupId: 10042 }));

    await waitFor(() => expect(location.history).toEqual([PATH, '/group/10042']));
    expect(lastToast()).toMatchObject({ title: 'Success!', description: 'You have successfully joined the family group!', variant: 'default' });
    // The member was read again: their groups changed.
    expect(served.mock.calls.filter(([url]) => url === '/api/auth/user').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the member on the page with an error toast when accepting fails', async () => {
    mockFetch(
      serveCurrentUser(member),
      serveInvitation('family', makeLookup(), () => jsonResponse({ message: 'Something broke' }, { status: 500 })),
    );
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to accept invitation. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
    expect(location.history).toEqual([PATH]);
  });

  it('treats a session that ended meanwhile (401) like accepting signed out', async () => {
    mockFetch(...serveSessionEndingOnAccept('family', makeLookup(), member));
    const { location } = renderApp(PATH);

    fireEvent.click(within(await page()).getByRole('button', { name: 'Accept Invitation' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Please Sign In', description: 'You need to sign in first to accept this invitation.' }));
    await waitFor(() => expect(location.history).toEqual([PATH, '/?signin=1']));
    await screen.findByRole('heading', { level: 2, name: 'Join the conversation' });
    expect(location.history).toEqual([PATH, '/?signin=1']);
  });
});
