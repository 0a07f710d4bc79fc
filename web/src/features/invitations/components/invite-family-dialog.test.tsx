import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOO_MANY_INVITATIONS } from '@civitas/events/invitations/invitation.contract';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeInvitation, stubClipboard } from '../../../test/sent-invitation-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { notifications } from '../../../test/toasts';
import type { InvitationView } from '../api/get-invitations';
import { InviteFamilyDialog } from './invite-family-dialog';

const GROUP_ID = 10001;
const LIST_URL = `/api/family/${GROUP_ID}/invitations`;
const INVITE_URL = '/api/family/invite';
const DAY_MS = 24 * 60 * 60 * 1000;

let restoreClipboard: (() => void) | undefined;
afterEach(() => {
  restoreClipboard?.();
  restoreClipboard = undefined;
});

/** The list as the server keeps it: a successful invite puts the new one first. */
function serveFamily(initial: InvitationView[], answerInvite: (email: string) => Response = defaultInvite) {
  let invitations = initial;
  const route: Route = ({ url, init }) => {
    if (url === LIST_URL && init?.method === 'GET') return jsonResponse(invitations);
    if (url === INVITE_URL && init?.method === 'POST') {
      const { email } = sentBody(init) as { email: string };
      const response = answerInvite(email);
      if (response.ok) invitations = [makeInvitation({ email, groupId: GROUP_ID }), ...invitations];
      return response;
    }
    return undefined;
  };
  return mockFetch(route);
}

function defaultInvite(email: string): Response {
  const invitation = makeInvitation({ email, groupId: GROUP_ID });
  return jsonResponse({ position: '0000000000000001-0000000000000001', invitationLink: invitation.invitationLink, invitation }, { status: 201 });
}

function openDialog() {
  renderWithQueries(<InviteFamilyDialog open onClose={() => {}} groupId={GROUP_ID} />);
  return screen.getByRole('dialog', { name: 'Invite Family' });
}

const emailField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: "Family member's email" });

function sendInvitation(dialog: HTMLElement, email: string) {
  fireEvent.change(emailField(dialog), { target: { value: email } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
}

async function invitationRows(dialog: HTMLElement) {
  const list = await within(dialog).findByRole('list', { name: 'Recent Invitations' });
  return within(list).getAllByRole('listitem');
}

function rowFor(rows: HTMLElement[], email: string): HTMLElement {
  const row = rows.find((candidate) => within(candidate).queryByText(email));
  if (!row) throw new Error(`No invitation row for ${email}`);
  return row;
}

describe('Invite Family dialog: the form', () => {
  it('refuses an invalid e-mail address before sending anything', async () => {
    const fetchMock = serveFamily([]);
    const dialog = openDialog();
    await within(dialog).findByText('No invitations sent yet.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();

    sendInvitation(dialog, 'not-an-address');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', INVITE_URL)).toHaveLength(0);
  });

  it('sends the address, says so naming it, empties the field and shows the new invitation', async () => {
    const fetchMock = serveFamily([]);
    const dialog = openDialog();
    await within(dialog).findByText('No invitations sent yet.');

    sendInvitation(dialog, '  Layla.Haddad@Example.com ');

    expect(await within(notifications()).findByText('Invitation sent')).toBeTruthy();
    expect(within(notifications()).getByText('We e-mailed an invitation to layla.haddad@example.com. It is valid for 7 days.')).toBeTruthy();
    const [post] = requestsTo(fetchMock, 'POST', INVITE_URL);
    expect(sentBody(post?.[1])).toEqual({ email: 'layla.haddad@example.com' });
    // The list is read again and shows the new one as pending.
    const rows = await waitFor(async () => {
      const found = await invitationRows(dialog);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(within(rowFor(rows, 'layla.haddad@example.com')).getByText('Pending')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET', LIST_URL)).toHaveLength(2);
    expect((emailField(dialog) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's reason under the failure title of docs/product.md, Messages, keeping the address", async () => {
    serveFamily([], () => jsonResponse({ message: TOO_MANY_INVITATIONS }, { status: 429 }));
    const dialog = openDialog();
    await within(dialog).findByText('No invitations sent yet.');

    sendInvitation(dialog, 'layla@example.com');

    expect(await within(notifications()).findByText('Failed to create invitation. Please try again.')).toBeTruthy();
    expect(within(notifications()).getByText(TOO_MANY_INVITATIONS)).toBeTruthy();
    expect((emailField(dialog) as HTMLInputElement).value).toBe('layla@example.com');
  });
});

describe('Invite Family dialog: recent invitations', () => {
  it('badges each state in its colour: pending yellow, accepted green, expired red, cut grey', async () => {
    serveFamily([
      makeInvitation({ email: 'pending@example.com' }),
      makeInvitation({ email: 'accepted@example.com', status: 'accepted', acceptedAt: new Date().toISOString() }),
      makeInvitation({ email: 'expired@example.com', status: 'expired', expiresAt: new Date(Date.now() - DAY_MS).toISOString() }),
      // Still pending on the server, but its week is over.
      makeInvitation({ email: 'lapsed@example.com', expiresAt: new Date(Date.now() - 60_000).toISOString() }),
      makeInvitation({ email: 'cut@example.com', status: 'cut' }),
    ]);
    const dialog = openDialog();
    const rows = await invitationRows(dialog);

    const badge = (email: string, label: string) => within(rowFor(rows, email)).getByText(label).closest('.MuiChip-root')!;
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    expect(background(badge('pending@example.com', 'Pending'))).toBe('rgb(254, 249, 195)');
    expect(background(badge('accepted@example.com', 'Accepted'))).toBe('rgb(220, 252, 231)');
    expect(background(badge('expired@example.com', 'Expired'))).toBe('rgb(254, 226, 226)');
    expect(background(badge('lapsed@example.com', 'Expired'))).toBe('rgb(254, 226, 226)');
    expect(background(badge('cut@example.com', 'Cut'))).toBe('rgb(229, 231, 235)');

    // Only a link that can still be accepted is offered for copying.
    expect(within(rowFor(rows, 'pending@example.com')).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    for (const email of ['accepted@example.com', 'expired@example.com', 'lapsed@example.com', 'cut@example.com']) {
      expect(within(rowFor(rows, email)).queryByRole('button', { name: 'Copy link' })).toBeNull();
    }
  });

  it('lists the first 5 invitations only, newest first as the server sends them', async () => {
    const invitations = Array.from({ length: 7 }, (_, index) => makeInvitation({ email: `person${index + 1}@example.com` }));
    serveFamily(invitations);
    const dialog = openDialog();

    const rows = await invitationRows(dialog);
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'person1@example.com',
      'person2@example.com',
      'person3@example.com',
      'person4@example.com',
      'person5@example.com',
    ]);
    expect(within(dialog).getByText('Showing the 5 most recent of 7 invitations.')).toBeTruthy();
  });

  it("copies a pending invitation's link and says 'Copied!' for 2 seconds", async () => {
    const invitation = makeInvitation({ email: 'layla@example.com' });
    serveFamily([invitation]);
    const writeText = vi.fn(async (_text: string) => {});
    restoreClipboard = stubClipboard(writeText);
    const dialog = openDialog();
    const row = rowFor(await invitationRows(dialog), 'layla@example.com');

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));
    });

    // The server's link names another host (PUBLIC_BASE_URL): the copy names the one in use.
    expect(invitation.invitationLink).toMatch(/^http:\/\/civitas\.test\//);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${new URL(invitation.invitationLink).pathname}`);
    expect(within(row).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(within(notifications()).getByText('Copied!')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(within(row).getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(row).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says so when the clipboard refuses the link', async () => {
    serveFamily([makeInvitation({ email: 'layla@example.com' })]);
    restoreClipboard = stubClipboard(() => Promise.reject(new Error('Document is not focused')));
    const dialog = openDialog();
    const row = rowFor(await invitationRows(dialog), 'layla@example.com');

    fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));

    expect(await within(notifications()).findByText('Failed to copy link')).toBeTruthy();
    expect(within(notifications()).getByText('Failed to copy to clipboard.')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says so when there is no clipboard at all', async () => {
    serveFamily([makeInvitation({ email: 'layla@example.com' })]);
    const dialog = openDialog();
    const row = rowFor(await invitationRows(dialog), 'layla@example.com');

    fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));

    expect(await within(notifications()).findByText('Failed to copy link')).toBeTruthy();
  });
});
