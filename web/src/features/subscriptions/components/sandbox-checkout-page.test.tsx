import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pageNavigation } from '../../../lib/navigation';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makePayment, sentBody } from '../../../test/subscription-fixtures';
import type { Payment } from '../api/get-payment';

afterEach(() => vi.restoreAllMocks());

const member = serveCurrentUser(makeUser());
const servePayment =
  (payment: Payment): Route =>
  ({ url, init }) =>
    url === `/api/payments/${payment.id}` && (init?.method ?? 'GET') === 'GET' ? jsonResponse(payment) : undefined;

describe('sandbox checkout page', () => {
  it('is labelled as a sandbox and shows the plan and the amount from minor units', async () => {
    mockFetch(member, servePayment(makePayment()));
    renderApp('/checkout/sandbox/pay-1');

    expect(await screen.findByText('Sandbox payment — no real money is charged.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sandbox checkout' })).toBeTruthy();
    expect(screen.getByText('Civic Participation (monthly)')).toBeTruthy();
    expect(screen.getByText('SAR 18.75')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('shows a yearly charge with its halalas', async () => {
    mockFetch(member, servePayment(makePayment({ id: 'pay-2', planId: 'civic_participation_yearly', amount: 18750 })));
    renderApp('/checkout/sandbox/pay-2');

    expect(await screen.findByText('SAR 187.50')).toBeTruthy();
    expect(screen.getByText('Civic Participation (yearly)')).toBeTruthy();
  });

  it('completes the payment with an empty JSON body and goes to the return address', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch(member, servePayment(makePayment()), ({ url, init }) =>
      url === '/api/payments/sandbox/pay-1/complete' && init?.method === 'POST'
        ? jsonResponse({ position: '0000000000000002-0000000000000001', returnUrl: `${window.location.origin}/subscribe/return` })
        : undefined,
    );
    renderApp('/checkout/sandbox/pay-1');

    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/subscribe/return?paymentId=pay-1`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sentBody(post?.[1])).toEqual({});
    // The return page reads the member after a full load; it must see this payment's effect.
    expect(sessionStorage.getItem('civitas.carried-position')).toBe('0000000000000002-0000000000000001');
    expect(screen.getByRole('button', { name: 'Paying...' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps a return address that already names the payment, and never leaves our origin', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    let returnUrl = `${window.location.origin}/subscribe/return?paymentId=pay-1&status=paid`;
    mockFetch(member, servePayment(makePayment()), ({ url }) =>
      url === '/api/payments/sandbox/pay-1/complete' ? jsonResponse({ position: null, returnUrl }) : undefined,
    );
    const { unmount } = renderApp('/checkout/sandbox/pay-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith(returnUrl));
    unmount();

    returnUrl = 'https://elsewhere.example/steal';
    renderApp('/checkout/sandbox/pay-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith(`${window.location.origin}/subscribe/return?paymentId=pay-1`));
  });

  it("says 'Payment Error' with the server's message when completing fails", async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    mockFetch(member, servePayment(makePayment()), ({ url }) =>
      url === '/api/payments/sandbox/pay-1/complete' ? jsonResponse({ message: 'Only sandbox payments can be completed here.' }, { status: 403 }) : undefined,
    );
    renderApp('/checkout/sandbox/pay-1');

    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('Only sandbox payments can be completed here.')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says when the payment is already paid, with a link to continue', async () => {
    mockFetch(member, servePayment(makePayment({ status: 'paid' })));
    renderApp('/checkout/sandbox/pay-1');

    expect(await screen.findByText('This payment has already been paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(`${window.location.origin}/subscribe/return?paymentId=pay-1`);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('offers another try after a failed payment', async () => {
    mockFetch(member, servePayment(makePayment({ status: 'failed' })));
    renderApp('/checkout/sandbox/pay-1');

    expect(await screen.findByText('This payment failed. No subscription was started.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/subscribe');
  });

  it('says so when the payment is not found (or not ours)', async () => {
    mockFetch(member, () => jsonResponse({ message: 'Payment not found' }, { status: 404 }));
    renderApp('/checkout/sandbox/unknown');

    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe('/subscribe');
  });
});
