import { describe, expect, it } from 'vitest';
import type { VerifyIdentityReply } from '@civitas/events/verification/verification.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '../../../lib/api-client';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { makeGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch, type Route } from '../../../test/mock-fetch';
import { renderApp, renderWithQueries } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { notifications } from '../../../test/toasts';
import { VerifyIdentityDialog } from './verify-identity-dialog';

const unverified = makeUser();
const verified = {
  ...unverified,
  isVerified: true,
  country: 'Saudi Arabia',
  verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved' as const, isVerified: true }],
};

const verificationReply: VerifyIdentityReply = {
  position: '0000000000000001-0000000000000001',
  message: 'Verification Complete',
  verification: {
    id: 'v-1',
    userId: unverified.id,
    country: 'Saudi Arabia',
    nationalId: 'AB123456',
    documentImageUrl: null,
    verificationType: 'id_number',
    status: 'approved',
    isVerified: true,
    confirmedByLeader: false,
    verifiedAt: '2025-03-02T10:00:00.000Z',
    reviewedAt: null,
    rejectionReason: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
  },
};

const isVerifyPost: (request: { url: string; init: RequestInit | undefined }) => boolean = ({ url, init }) =>
  url === '/api/user/verify' && init?.method === 'POST';

/** The member is verified once the POST went through, as on the server. */
function serveVerification(answer: () => Response): { fetchMock: ReturnType<typeof mockFetch> } {
  let done = false;
  const groups: Route = ({ url }) => (url === '/api/groups' ? jsonResponse([makeGroup({ name: 'Islam', department: 'religion' })]) : undefined);
  const fetchMock = mockFetch(
    (request) => {
      if (!isVerifyPost(request)) return undefined;
      const response = answer();
      done = response.ok;
      return response;
    },
    ({ url }) => (url === '/api/auth/user' ? jsonResponse(done ? verified : unverified) : undefined),
    serveSidebarStats(),
    groups,
  );
  return { fetchMock };
}

async function openDialog() {
  renderApp('/');
  const card = await screen.findByRole('region', { name: 'Verify Your Identity' });
  fireEvent.click(within(card).getByRole('button', { name: 'Verify Now' }));
  return screen.findByRole('dialog', { name: 'Verify Your Identity' });
}

async function chooseCountry(dialog: HTMLElement, name: string) {
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: name.slice(0, 5) } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

function typeNationalId(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'National ID / Passport' }), { target: { value } });
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length;

describe('simple identity verification dialog', () => {
  it('asks for a country and a national ID of at least 5 characters before sending', async () => {
    const { fetchMock } = serveVerification(() => jsonResponse(verificationReply));
    const dialog = await openDialog();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Please select a country')).toBeTruthy();
    expect(within(dialog).getByText('National ID must be at least 5 characters')).toBeTruthy();

    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, ' 1234 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('National ID must be at least 5 characters')).toBeTruthy();
    expect(within(dialog).queryByText('Please select a country')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/verify')).toBe(false);
  });

  it('sends the country name and national ID, confirms, and refreshes the member and the groups', async () => {
    const { fetchMock } = serveVerification(() => jsonResponse(verificationReply));
    const dialog = await openDialog();
    const userReads = calls(fetchMock, '/api/auth/user');
    const groupReads = calls(fetchMock, '/api/groups');

    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, 'AB123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    const toast = notifications();
    expect(await within(toast).findByText('Verification Complete')).toBeTruthy();
    expect(within(toast).getByText('Your Saudi Arabia nationality is verified.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url, init]) => isVerifyPost({ url: String(url), init }));
    expect(sentBody(post?.[1])).toEqual({ country: 'Saudi Arabia', nationalId: 'AB123456' });

    // The refreshed member turns the card into the identity-verified one.
    expect(await screen.findByRole('region', { name: 'Identity Verified' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, '/api/auth/user')).toBeGreaterThan(userReads);
    expect(calls(fetchMock, '/api/groups')).toBeGreaterThan(groupReads);
  });

  it('marks the groups list and each group (where the member may take part) as changed', async () => {
    mockFetch((request) => (isVerifyPost(request) ? jsonResponse(verificationReply) : undefined), serveCurrentUser(unverified));
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/groups'], []);
    queryClient.setQueryData(['/api/groups', 101], {});
    renderWithQueries(<VerifyIdentityDialog open onClose={() => {}} />, queryClient);
    const dialog = screen.getByRole('dialog', { name: 'Verify Your Identity' });

    await chooseCountry(dialog, 'France');
    typeNationalId(dialog, 'FR-99887');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Your France nationality is verified.')).toBeTruthy();
    expect(queryClient.getQueryState(['/api/groups'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/groups', 101])?.isInvalidated).toBe(true);
  });

  it("shows the server's reason when the verification is refused", async () => {
    serveVerification(() => jsonResponse({ message: 'This national ID is already verified for another account.' }, { status: 409 }));
    const dialog = await openDialog();

    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, 'AB123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('This national ID is already verified for another account.')).toBeTruthy();
    // The dialog stays open to correct the entry.
    expect(screen.getByRole('dialog', { name: 'Verify Your Identity' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Verify Your Identity', hidden: true })).toBeTruthy();
  });

  it('falls back to the general failure text without a server message', async () => {
    serveVerification(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const dialog = await openDialog();

    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, 'AB123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('Failed to verify your identity. Please check your information and try again.')).toBeTruthy();
  });
});
