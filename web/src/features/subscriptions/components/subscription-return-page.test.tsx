import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { makeUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makePayment, makeSubscriber } from '../../../test/subscription-fixtures';
import type { Payment } from '../api/get-payment';

/**
 * Lets fetches and React settle under fake timers, moving the clock by 1 ms a round:
 * the query cache tells its observers with setTimeout(0), which the fake clock, like
 * Node, runs 1 ms later.
 */
async function settle(until: () => boolean) {
  for (let round = 0; round < 50 && !until(); round += 1) {
    await act(() => vi.advanceTimersByTimeAsync(1));
  }
  expect(until()).toBe(true);
}

const shown = (text: string) => () => screen.queryByText(text) !== null;

/** Answers the n-th read of the member (from 1) with `userAt(n)`, and counts the reads. */
function serveUserSequence(userAt: (read: number) => AuthUser) {
  const reads = { count: 0 };
  const route: Route = ({ url }) => {
    if (url !== '/api/auth/user') return undefined;
    reads.count += 1;
    return jsonResponse(userAt(reads.count));
  };
  return { route, reads };
}

function servePaymentSequence(paymentAt: (read: number) => Payment) {
  const reads = { count: 0 };
  const route: Route = ({ url }) => {
    if (!url.startsWith('/api/payments/')) return undefined;
    reads.count += 1;
    return jsonResponse(paymentAt(reads.count));
  };
  return { route, reads };
}

describe('subscription return page', () => {
  it('shows an active subscription with its plan and end date, after refreshing the member', async () => {
    const user = serveUserSequence(() => makeSubscriber());
    const payment = servePaymentSequence(() => makePayment({ status: 'paid' }));
    mockFetch(user.route, payment.route);
    renderApp('/subscribe/return?paymentId=pay-1&status=paid');

    expect(await screen.findByRole('heading', { name: 'Subscription active' })).toBeTruthy();
    expect(await screen.findByText('Civic Participation (monthly)')).toBeTruthy();
    expect(screen.getByText('Next renewal: Apr 01, 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(user.reads.count).toBeGreaterThanOrEqual(2);
    // The server has settled the outcome: no need to read the payment.
    expect(payment.reads.count).toBe(0);
  });

  it('leads back to the group the member left for the plans from, once', async () => {
    // Where Subscribe Now was followed (components/subscribe-alert.tsx keeps it across the provider's page).
    sessionStorage.setItem('civitas.return-after-subscribe', '/group/1682');
    mockFetch(serveUserSequence(() => makeSubscriber()).route);
    const { location } = renderApp('/subscribe/return?paymentId=pay-1&status=paid');

    const back = await screen.findByRole('link', { name: 'Back to the group' });
    expect(back.getAttribute('href')).toBe('/group/1682');
    act(() => back.click());
    expect(location.history.at(-1)).toBe('/group/1682');
    expect(sessionStorage.getItem('civitas.return-after-subscribe')).toBeNull();
  });

  it('offers no way back that is not of this site', async () => {
    sessionStorage.setItem('civitas.return-after-subscribe', '//evil.example/');
    mockFetch(serveUserSequence(() => makeSubscriber()).route);
    renderApp('/subscribe/return?paymentId=pay-1&status=paid');

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Back to/ })).toBeNull();
  });

  it("says 'Payment failed' with a way to try again", async () => {
    mockFetch(serveUserSequence(() => makeUser()).route);
    renderApp('/subscribe/return?paymentId=pay-1&status=failed');

    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/subscribe');
  });

  it('reads the payment itself when the return names no outcome', async () => {
    mockFetch(serveUserSequence(() => makeUser()).route, servePaymentSequence(() => makePayment({ status: 'failed' })).route);
    renderApp('/subscribe/return?paymentId=pay-1');

    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
  });

  it('waits for a paid subscription to reach the member, asking every 2 s', async () => {
    vi.useFakeTimers();
    const user = serveUserSequence((read) => (read < 4 ? makeUser() : makeSubscriber()));
    mockFetch(user.route);
    renderApp('/subscribe/return?paymentId=pay-1&status=paid');

    await settle(shown('Subscription active'));
    expect(screen.getByLabelText('Loading your subscription')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settle(shown('Next renewal: Apr 01, 2025'));
    const reads = user.reads.count;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(user.reads.count).toBe(reads);
  });

  it("shows 'Payment processing' until the payment is confirmed", async () => {
    vi.useFakeTimers();
    const user = serveUserSequence((read) => (read < 3 ? makeUser() : makeSubscriber()));
    const payment = servePaymentSequence((read) => makePayment({ status: read < 2 ? 'pending' : 'paid' }));
    mockFetch(user.route, payment.route);
    renderApp('/subscribe/return?paymentId=pay-1&status=pending');

    await settle(shown('Payment processing'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settle(shown('Next renewal: Apr 01, 2025'));
    expect(screen.getByRole('heading', { name: 'Subscription active' })).toBeTruthy();
  });

  it('turns a pending payment that fails into the failure', async () => {
    vi.useFakeTimers();
    const payment = servePaymentSequence((read) => makePayment({ status: read < 3 ? 'pending' : 'failed' }));
    mockFetch(serveUserSequence(() => makeUser()).route, payment.route);
    renderApp('/subscribe/return?paymentId=pay-1&status=pending');

    await settle(shown('Payment processing'));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    await settle(shown('Payment failed'));
  });

  it('stops asking after 30 s and says it is taking longer', async () => {
    vi.useFakeTimers();
    const user = serveUserSequence(() => makeUser());
    const payment = servePaymentSequence(() => makePayment({ status: 'pending' }));
    mockFetch(user.route, payment.route);
    renderApp('/subscribe/return?paymentId=pay-1&status=pending');

    await settle(shown('Payment processing'));
    const before = user.reads.count;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(user.reads.count).toBeGreaterThanOrEqual(before + 3);
    expect(payment.reads.count).toBeGreaterThanOrEqual(3);

    await act(() => vi.advanceTimersByTimeAsync(24_000));
    await settle(() => screen.queryByText(/This is taking longer than usual/) !== null);
    const [userReads, paymentReads] = [user.reads.count, payment.reads.count];
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect([user.reads.count, payment.reads.count]).toEqual([userReads, paymentReads]);
    expect(screen.getByRole('heading', { name: 'Payment processing' })).toBeTruthy();
  });
});
