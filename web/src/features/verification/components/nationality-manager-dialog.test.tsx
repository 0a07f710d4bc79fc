import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VerificationView } from '@civitas/events/verification/verification.contract';
import { createQueryClient } from '../../../lib/api-client';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { NationalityManagerDialog } from './nationality-manager-dialog';

const POSITION = '0000000000000007-0000000000000001';
const at = '2025-03-02T10:00:00.000Z';

function view(overrides: Partial<VerificationView> & Pick<VerificationView, 'id' | 'country'>): VerificationView {
  return {
    userId: 'user-1',
    nationalId: '1012345678',
    documentImageUrl: null,
    verificationType: 'id_number',
    status: 'approved',
    isVerified: true,
    confirmedByLeader: false,
    verifiedAt: at,
    reviewedAt: null,
    rejectionReason: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const saudi = view({ id: 'v-1', country: 'Saudi Arabia' });
const egypt = view({
  id: 'v-2',
  country: 'Egypt',
  verificationType: 'document',
  status: 'pending',
  isVerified: false,
  verifiedAt: null,
  documentImageUrl: '/api/user/verifications/v-2/document',
  confirmedByLeader: true,
});
const jordan = view({
  id: 'v-3',
  country: 'Jordan',
  verificationType: 'document',
  status: 'rejected',
  isVerified: false,
  verifiedAt: null,
  reviewedAt: at,
  documentImageUrl: '/api/user/verifications/v-3/document',
  rejectionReason: 'The scan is unreadable.',
});

/** GET /api/user/verifications answers `list` (which a test may change), and the commands answer as told. */
function serveClaims(list: VerificationView[], commands: Route = () => undefined) {
  const state = { list };
  const fetchMock = mockFetch(
    commands,
    ({ url, init }) => (url === '/api/user/verifications' && (init?.method ?? 'GET') === 'GET' ? jsonResponse(state.list) : undefined),
    serveCurrentUser(makeUser()),
    ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined),
  );
  return { fetchMock, state };
}

async function openManager() {
  const queryClient = createQueryClient();
  renderWithQueries(<NationalityManagerDialog open onClose={() => {}} />, queryClient);
  const dialog = screen.getByRole('dialog', { name: 'Nationality Verification' });
  return { dialog, queryClient };
}

async function chooseCountry(dialog: HTMLElement, name: string) {
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Country' }), { target: { value: name.slice(0, 5) } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

const typeNationalId = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'National ID / Passport' }), { target: { value } });

const chooseFile = (dialog: HTMLElement, file: File) => fireEvent.change(within(dialog).getByLabelText('Document image'), { target: { files: [file] } });

const png = (size = 2048, name = 'passport.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type });

const reply = (verification: VerificationView, message: string) => jsonResponse({ position: POSITION, message, verification }, { status: 201 });
const isPost = ({ url, init }: { url: string; init: RequestInit | undefined }) => url === '/api/user/verifications' && init?.method === 'POST';

describe('nationality verification manager', () => {
  it('lists the member\u2019s claims with Verified, Pending and Rejected badges, the reason and the document', async () => {
    serveClaims([saudi, egypt, jordan]);
    const { dialog } = await openManager();

    const list = await within(dialog).findByRole('list', { name: 'Your nationalities' });
    const item = (name: string) => within(list).getByRole('listitem', { name });
    expect(within(item('Saudi Arabia')).getByText('Verified')).toBeTruthy();
    expect(within(item('Egypt')).getByText('Pending')).toBeTruthy();
    expect(within(item('Egypt')).getByText('Confirmed by a leader')).toBeTruthy();
    expect(within(item('Egypt')).getByRole('link', { name: 'View document' }).getAttribute('target')).toBe('_blank');
    expect(within(item('Jordan')).getByText('Rejected')).toBeTruthy();
    expect(within(item('Jordan')).getByText('Rejected: The scan is unreadable.')).toBeTruthy();
  });

  it('verifies a first nationality by national id alone (JSON), at once', async () => {
    const { fetchMock, state } = serveClaims([], (request) => {
      if (!isPost(request)) return undefined;
      state.list = [saudi];
      return reply(saudi, 'Verification Complete');
    });
    const { dialog } = await openManager();
    expect(await within(dialog).findByText('You have not verified a nationality yet.')).toBeTruthy();

    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, '1012345678');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Verification Complete'));
    const [post] = requestsTo(fetchMock, 'POST', '/api/user/verifications');
    expect(sentBody(post?.[1])).toEqual({ country: 'Saudi Arabia', nationalId: '1012345678' });
    expect(await within(dialog).findByText('Verified')).toBeTruthy();
  });

  it('asks for a JPG, PNG or GIF of at most 5 MB for an additional nationality before sending anything', async () => {
    const { fetchMock } = serveClaims([saudi]);
    const { dialog } = await openManager();
    await within(dialog).findByRole('list', { name: 'Your nationalities' });

    await chooseCountry(dialog, 'Egypt');
    typeNationalId(dialog, '29001011234567');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));
    expect(await within(dialog).findByText('Please attach a document image (JPG, PNG or GIF).')).toBeTruthy();

    chooseFile(dialog, png(5 * 1024 * 1024 + 1, 'huge.png'));
    expect(await within(dialog).findByText('Document image is too large (max 5 MB).')).toBeTruthy();
    chooseFile(dialog, png(100, 'notes.txt', 'text/plain'));
    expect(await within(dialog).findByText('The document must be a JPG, PNG or GIF image.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));
    expect(requestsTo(fetchMock, 'POST', '/api/user/verifications')).toEqual([]);
  });

  it('sends an additional nationality as multipart with the document, and says it awaits admin approval', async () => {
    const { fetchMock, state } = serveClaims([saudi], (request) => {
      if (!isPost(request)) return undefined;
      state.list = [saudi, egypt];
      return reply(egypt, 'Additional Nationality Submitted');
    });
    const { dialog } = await openManager();
    await within(dialog).findByRole('list', { name: 'Your nationalities' });

    await chooseCountry(dialog, 'Egypt');
    typeNationalId(dialog, '29001011234567');
    const file = png();
    chooseFile(dialog, file);
    expect(within(dialog).getByText('passport.png')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Additional Nationality Submitted', description: 'Your Egypt nationality is pending admin approval.' }),
    );
    const [[, init]] = requestsTo(fetchMock, 'POST', '/api/user/verifications') as [[string, RequestInit]];
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([form.get('country'), form.get('nationalId'), (form.get('documentImage') as File).name]).toEqual(['Egypt', '29001011234567', 'passport.png']);
    // The browser writes the multipart type with its boundary.
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    // A retried send of this claim is the same claim: one document, one reservation.
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[\w-]{8,128}$/);
    expect(await within(dialog).findByText('Pending')).toBeTruthy();
  });

  it('shows the server\u2019s reason, or the fallback of docs/product.md, Messages, when a claim is refused', async () => {
    let answer = jsonResponse({ message: 'Country Already Verified' }, { status: 409 });
    serveClaims([saudi], (request) => (isPost(request) ? answer : undefined));
    const { dialog } = await openManager();
    await within(dialog).findByRole('list', { name: 'Your nationalities' });
    await chooseCountry(dialog, 'Saudi Arabia');
    typeNationalId(dialog, '1012345678');
    chooseFile(dialog, png());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Verification Failed', description: 'Country Already Verified', variant: 'destructive' }));

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Verification' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Verification Failed', description: 'Failed to submit verification. Please try again.' }));
  });

  it('removes a claim after confirmation', async () => {
    const { fetchMock, state } = serveClaims([saudi, egypt], ({ url, init }) => {
      if (url !== '/api/user/verifications/v-2' || init?.method !== 'DELETE') return undefined;
      state.list = [saudi];
      return jsonResponse({ position: POSITION, message: 'Verification Removed' });
    });
    const { dialog } = await openManager();
    await within(dialog).findByRole('list', { name: 'Your nationalities' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Egypt' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this verification?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Verification Removed'));
    expect(requestsTo(fetchMock, 'DELETE', '/api/user/verifications/v-2')).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Egypt' })).toBeNull());
  });
});
