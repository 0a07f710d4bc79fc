import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, parseISO } from 'date-fns';
import type { AdminVerificationItem } from '@civitas/events/verification/verification.contract';
import { createQueryClient } from '../../../lib/api-client';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { AdminVerificationsTab } from './admin-verifications-tab';

const POSITION = '0000000000000009-0000000000000001';

function item(overrides: Partial<AdminVerificationItem> = {}): AdminVerificationItem {
  return {
    id: 'v-1',
    userId: 'user-7',
    userName: 'Nour Haddad',
    country: 'Egypt',
    nationalId: '29001011234567',
    verificationType: 'document',
    documentImageUrl: '/api/user/verifications/v-1/document',
    confirmedByLeader: false,
    createdAt: '2025-03-02T13:05:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/verifications answers the queue; a review empties it. */
function serveQueue(queue: AdminVerificationItem[], review: Route = () => undefined) {
  const state = { queue };
  const fetchMock = mockFetch(review, ({ url }) => (url === '/api/admin/verifications' ? jsonResponse(state.queue) : undefined));
  return { fetchMock, state };
}

function renderTab() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['admin', 'audit'], []);
  renderWithQueries(<AdminVerificationsTab renderItemActions={(entry) => <button type="button">History of {entry.id}</button>} />, queryClient);
  return queryClient;
}

async function openReview(name = 'Verification: Nour Haddad, Egypt') {
  const entry = await screen.findByRole('listitem', { name });
  fireEvent.click(within(entry).getByRole('button', { name: 'Review' }));
  return screen.findByRole('dialog', { name: 'Review Verification' });
}

describe('admin verifications tab', () => {
  it('says All Caught Up when nothing waits', async () => {
    serveQueue([]);
    renderTab();
    expect(await screen.findByText('All Caught Up!')).toBeTruthy();
    expect(screen.getByText('No pending verifications to review.')).toBeTruthy();
  });

  it('shows each claim\u2019s name, country, national id, type, document link (new tab) and date, with the panel\u2019s actions', async () => {
    serveQueue([
      item(),
      item({
        id: 'v-2',
        userName: 'omar@example.org',
        country: 'Jordan',
        nationalId: null,
        verificationType: 'id_number',
        documentImageUrl: null,
        confirmedByLeader: true,
      }),
    ]);
    renderTab();

    const first = await screen.findByRole('listitem', { name: 'Verification: Nour Haddad, Egypt' });
    expect(within(first).getByText('Country: Egypt')).toBeTruthy();
    // Masked to its last four characters in the list, an isolated left-to-right run (docs/decisions.md, Bidirectional text and masked ids).
    const nationalId = first.querySelector('[data-national-id]');
    expect([nationalId?.tagName, nationalId?.getAttribute('dir'), nationalId?.parentElement?.textContent]).toEqual([
      'BDI',
      'ltr',
      'National ID: \u2022\u2022\u2022\u2022 4567',
    ]);
    expect(first.textContent).not.toContain('29001011234567');
    expect(within(first).getByText('Nour Haddad').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('Document upload')).toBeTruthy();
    const link = within(first).getByRole('link', { name: 'View document image' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      '/api/user/verifications/v-1/document',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(within(first).getByText(format(parseISO('2025-03-02T13:05:00.000Z'), 'MMM d, yyyy, h:mm a'))).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'History of v-1' })).toBeTruthy();

    const second = screen.getByRole('listitem', { name: 'Verification: omar@example.org, Jordan' });
    expect(within(second).getByText('National ID: Erased')).toBeTruthy();
    expect(within(second).getByText('Confirmed by a leader')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('shows the reviewer the national id masked until they ask for all of it, to check it against the document', async () => {
    serveQueue([item()]);
    renderTab();
    const dialog = await openReview();
    const shown = () => dialog.querySelector('[data-national-id]');
    expect([shown()?.getAttribute('dir'), shown()?.textContent]).toEqual(['ltr', '\u2022\u2022\u2022\u2022 4567']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show full ID' }));
    expect([shown()?.getAttribute('dir'), shown()?.textContent]).toEqual(['ltr', '29001011234567']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide full ID' }));
    expect(shown()?.textContent).toBe('\u2022\u2022\u2022\u2022 4567');
  });

  it('asks for a reason before rejecting, then rejects with it and refreshes the queue and the audit', async () => {
    const { fetchMock, state } = serveQueue([item()], ({ url, init }) => {
      if (url !== '/api/admin/verifications/v-1/reject' || init?.method !== 'POST') return undefined;
      state.queue = [];
      return jsonResponse({ position: POSITION, message: 'Verification Rejected', status: 'rejected' });
    });
    const queryClient = renderTab();
    const dialog = await openReview();
    const reason = within(dialog).getByRole('textbox', { name: 'Rejection Reason' });
    expect(reason.getAttribute('rows')).toBe('3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Rejection Reason Required', description: 'Please provide a reason for rejecting this verification.' }),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/admin/verifications/v-1/reject')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The scan is unreadable.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Verification Rejected', description: 'The verification has been rejected with the provided reason.' }),
    );
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/admin/verifications/v-1/reject')[0]?.[1])).toEqual({ reason: 'The scan is unreadable.' });
    expect(await screen.findByText('All Caught Up!')).toBeTruthy();
    expect(queryClient.getQueryState(['admin', 'audit'])?.isInvalidated).toBe(true);
  });

  it('approves with no body', async () => {
    const { fetchMock } = serveQueue([item()], ({ url, init }) =>
      url === '/api/admin/verifications/v-1/approve' && init?.method === 'POST'
        ? jsonResponse({ position: POSITION, message: 'Verification Approved', status: 'approved' })
        : undefined,
    );
    renderTab();
    const dialog = await openReview();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Verification Approved', description: 'The user\u2019s nationality verification has been approved.' }),
    );
    const [[, init]] = requestsTo(fetchMock, 'POST', '/api/admin/verifications/v-1/approve') as [[string, RequestInit]];
    expect(init.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server\u2019s message, or the fallback of docs/product.md, Messages, when a review fails', async () => {
    let answer = jsonResponse({ message: 'This verification has already been approved.' }, { status: 409 });
    serveQueue([item()], ({ url }) => (url.startsWith('/api/admin/verifications/v-1/') ? answer : undefined));
    renderTab();
    const dialog = await openReview();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error', description: 'This verification has already been approved.', variant: 'destructive' }),
    );

    answer = new Response('', { status: 500, statusText: 'Internal Server Error' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Rejection Reason' }), { target: { value: 'Blurred' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to reject verification' }));
    answer = new Response('', { status: 500, statusText: 'Internal Server Error' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to approve verification' }));
  });
});
