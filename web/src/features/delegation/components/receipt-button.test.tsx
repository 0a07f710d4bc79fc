import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeReceipt } from '../../../test/delegation-fixtures';
import type { ReceiptView } from '../api/get-receipt';
import { ReceiptButton } from './receipt-button';

const OPINION_ID = '00000000-0000-4000-8000-0000000000c1';
const URL = `/api/opinions/${OPINION_ID}/receipt`;

function openReceipt(receipt: ReceiptView | Response) {
  const fetchMock = mockFetch(({ url }) => (url === URL ? (receipt instanceof Response ? receipt : jsonResponse(receipt)) : undefined));
  renderWithQueries(<ReceiptButton opinionId={OPINION_ID} />);
  // Nothing is read until the member asks.
  expect(requestsOf(fetchMock)).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'My vote receipt' }));
  return screen.findByRole('dialog', { name: 'Vote Receipt' });
}

describe('vote receipt', () => {
  it('shows the chain the weight took and the vote it joined', async () => {
    const dialog = await openReceipt(makeReceipt({ opinionId: OPINION_ID }));

    expect(await within(dialog).findByText('Amina Haddad -> Omar Farouk (support)')).toBeTruthy();
    const path = within(dialog).getByRole('list', { name: 'Delegation path' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Amina Haddad', 'Omar Farouk']);
    expect(within(dialog).getByText(/joined the support vote/)).toBeTruthy();
  });

  it('says when the member voted directly', async () => {
    const dialog = await openReceipt(
      makeReceipt({ opinionId: OPINION_ID, outcome: 'direct', path: [{ id: 'm', firstName: 'Amina', lastName: 'Haddad' }], summary: 'voted directly' }),
    );

    expect(await within(dialog).findByText('voted directly')).toBeTruthy();
    expect(within(dialog).getByText(/You voted on this opinion yourself/)).toBeTruthy();
  });

  it.each([
    ['cycle', 'abstained: cycle', /leads back to itself/],
    ['no_direct_vote', 'abstained: no direct vote on the chain', /Nobody on your delegation chain voted/],
    ['ineligible', 'abstained: not eligible in this group', /cannot take part in this group/],
  ] as const)('explains an abstention (%s)', async (reason, summary, explanation) => {
    const dialog = await openReceipt(makeReceipt({ opinionId: OPINION_ID, outcome: 'abstained', reason, joinedVote: null, summary }));

    expect(await within(dialog).findByText(summary)).toBeTruthy();
    expect(within(dialog).getByText(explanation)).toBeTruthy();
  });

  it('says so when the receipt cannot be read', async () => {
    const dialog = await openReceipt(jsonResponse({ message: 'Opinion not found' }, { status: 404 }));

    expect(await within(dialog).findByText(/Could not load your receipt: 404/)).toBeTruthy();
  });
});
