import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { IdentityCard } from './identity-card';

const serveNoClaims = () => mockFetch(({ url }) => (url === '/api/user/verifications' ? jsonResponse([]) : undefined));

describe('identity card (dashboard)', () => {
  it('lets a verified member manage nationalities in the nationality manager', async () => {
    serveNoClaims();
    const user = makeUser({
      isVerified: true,
      country: 'Saudi Arabia',
      verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
    });
    renderWithQueries(<IdentityCard user={user} />);
    const card = screen.getByRole('region', { name: 'Identity Verified' });
    fireEvent.click(within(card).getByRole('button', { name: 'Manage Nationalities' }));
    expect(await screen.findByRole('dialog', { name: 'Nationality Verification' })).toBeTruthy();
  });

  it('tells a member with a claim under review, and sends their next claim through the manager', async () => {
    serveNoClaims();
    const user = makeUser({ verifications: [{ id: 'v-2', country: 'Egypt', status: 'pending', isVerified: false }] });
    renderWithQueries(<IdentityCard user={user} />);
    const card = screen.getByRole('region', { name: 'Verify Your Identity' });
    expect(within(card).getByText('Awaiting review: Egypt.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Verify Now' }));
    expect(await screen.findByRole('dialog', { name: 'Nationality Verification' })).toBeTruthy();
  });

  it('offers the simple verification to a member with no claim', async () => {
    renderWithQueries(<IdentityCard user={makeUser()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Now' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Your Identity' })).toBeTruthy();
  });
});
