import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeaderVerificationItem } from '@civitas/events/verification/verification.contract';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';
import { LeaderVerificationsPanel } from './leader-verifications-panel';

const claim = (overrides: Partial<LeaderVerificationItem> & Pick<LeaderVerificationItem, 'id'>): LeaderVerificationItem => ({
  userName: 'Fadi Haddad',
  country: 'Egypt',
  countryKey: 'egypt',
  verificationType: 'document',
  documentImageUrl: `/api/user/verifications/${overrides.id}/document`,
  confirmedByLeader: false,
  createdAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
});

describe('pending verifications panel (a National group\u2019s leader)', () => {
  it('lists this country\u2019s pending claims only and confirms one', async () => {
    const state = {
      claims: [
        claim({ id: 'v-1' }),
        claim({ id: 'v-2', userName: null, confirmedByLeader: true }),
        claim({ id: 'v-3', userName: 'Lina Saleh', country: 'Jordan', countryKey: 'jordan' }),
      ],
    };
    const fetchMock = mockFetch(({ url, init }) => {
      if (url === '/api/leader/verifications') return jsonResponse(state.claims);
      if (url === '/api/leader/verifications/v-1/confirm' && init?.method === 'POST') {
        state.claims = state.claims.map((entry) => (entry.id === 'v-1' ? { ...entry, confirmedByLeader: true } : entry));
        return jsonResponse({ position: '0000000000000004-0000000000000001', confirmedByLeader: true });
      }
      return undefined;
    });
    renderWithQueries(<LeaderVerificationsPanel countryKey="egypt" />);

    const panel = await screen.findByRole('region', { name: 'Pending verifications' });
    const list = await within(panel).findByRole('list', { name: 'Pending verifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('Lina Saleh')).toBeNull();
    const unnamed = within(list).getByRole('listitem', { name: 'A member' });
    expect(within(unnamed).getByText('Confirmed')).toBeTruthy();
    const fadi = within(list).getByRole('listitem', { name: 'Fadi Haddad' });
    expect(within(fadi).getByRole('link', { name: 'View document' }).getAttribute('target')).toBe('_blank');

    fireEvent.click(within(fadi).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Verification Confirmed', description: 'An admin makes the final decision.' }));
    expect(requestsTo(fetchMock, 'POST', '/api/leader/verifications/v-1/confirm')).toHaveLength(1);
    await waitFor(() => expect(within(within(list).getByRole('listitem', { name: 'Fadi Haddad' })).queryByRole('button', { name: 'Confirm' })).toBeNull());
  });

  it('says when nothing of this country waits', async () => {
    mockFetch(({ url }) => (url === '/api/leader/verifications' ? jsonResponse([claim({ id: 'v-9', countryKey: 'jordan' })]) : undefined));
    renderWithQueries(<LeaderVerificationsPanel countryKey="egypt" />);
    expect(await screen.findByText('No pending verifications for this country.')).toBeTruthy();
  });

  it('shows the server\u2019s message when a confirmation is refused', async () => {
    mockFetch(({ url, init }) => {
      if (url === '/api/leader/verifications') return jsonResponse([claim({ id: 'v-5' })]);
      return init?.method === 'POST' ? jsonResponse({ message: 'Only pending verifications can be confirmed.' }, { status: 409 }) : undefined;
    });
    renderWithQueries(<LeaderVerificationsPanel countryKey="egypt" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error', description: 'Only pending verifications can be confirmed.', variant: 'destructive' }),
    );
  });
});
