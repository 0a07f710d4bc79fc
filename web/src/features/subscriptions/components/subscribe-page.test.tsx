import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../../../lib/navigation';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeSubscriber, sentBody, serveProviders } from '../../../test/subscription-fixtures';

const planCard = (name: string) => screen.findByRole('article', { name });
const MONTHLY = 'Civic Participation (monthly)';
const YEARLY = 'Civic Participation (yearly)';

// The page-navigation spy must not carry calls from one case into the next.
afterEach(() => vi.restoreAllMocks());

describe('subscribe page', () => {
  it('shows both plans with the shared prices, period, yearly saving and features, never 9.99', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveProviders('moyasar', 'sandbox'));
    renderApp('/subscribe');

    const monthly = await planCard(MONTHLY);
    const yearly = await planCard(YEARLY);
    const monthlyText = monthly.textContent ?? '';
    expect(monthlyText).toContain('USD 5per month');
    expect(monthlyText).toContain('SAR 18.75 · EUR 4.75');
    expect(monthlyText).not.toContain('Saves');
    const yearlyText = yearly.textContent ?? '';
    expect(yearlyText).toContain('USD 50per year');
    expect(yearlyText).toContain('SAR 187.50 · EUR 47.50');
    expect(within(yearly).getByText('Saves USD 10 per year')).toBeTruthy();
    for (const card of [monthly, yearly]) {
      for (const feature of ['National and international participation', 'Business groups', 'Running as a candidate']) {
        expect(within(card).getByText(feature)).toBeTruthy();
      }
    }
    expect(await within(monthly).findByRole('button', { name: 'Subscribe with card' })).toBeTruthy();
    expect(within(monthly).getByRole('button', { name: 'Subscribe (sandbox)' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('9.99');
  });

  it('offers only the payment methods the server offers', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveProviders('sandbox'));
    renderApp('/subscribe');

    const monthly = await planCard(MONTHLY);
    await within(monthly).findByRole('button', { name: 'Subscribe (sandbox)' });
    expect(screen.queryByRole('button', { name: 'Subscribe with card' })).toBeNull();
  });

  it('says so when the server offers no payment method', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveProviders());
    renderApp('/subscribe');

    expect(await screen.findByText('Payments are not available on this server, so the plans cannot be bought here.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Subscribe/ })).toHaveLength(0);
  });

  it.each([
    ['sandbox', 'Subscribe (sandbox)', YEARLY, 'civic_participation_yearly'],
    ['moyasar', 'Subscribe with card', MONTHLY, 'civic_participation_monthly'],
  ] as const)(
    'creates a %s payment for the chosen plan with a return path on this site, then goes to its checkout',
    async (provider, button, planName, planId) => {
      const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      const paymentUrl = provider === 'sandbox' ? `${window.location.origin}/checkout/sandbox/pay-9` : 'https://checkout.example/invoices/9';
      const fetchMock = mockFetch(serveCurrentUser(makeUser()), serveProviders('moyasar', 'sandbox'), ({ url, init }) =>
        init?.method === 'POST' && url === `/api/create-${provider}-payment`
          ? jsonResponse({ paymentUrl, paymentId: 'pay-9', position: '0000000000000001-0000000000000009' })
          : undefined,
      );
      renderApp('/subscribe');

      fireEvent.click(await within(await planCard(planName)).findByRole('button', { name: button }));

      await waitFor(() => expect(navigate).toHaveBeenCalledWith(paymentUrl));
      const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(post?.[0]).toBe(`/api/create-${provider}-payment`);
      expect(sentBody(post?.[1])).toEqual({ planId, returnUrl: '/subscribe/return' });
      // A retried send of this payment is the same payment, not a second invoice.
      expect(new Headers(post?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{8,128}$/);
      // The checkout's first read, after the full page load, must see the new payment.
      expect(sessionStorage.getItem('civitas.carried-position')).toBe('0000000000000001-0000000000000009');
      // Locked until the page is gone: no second payment.
      expect(screen.getAllByRole('button', { name: /^Subscribe/ }).every((b) => b.hasAttribute('disabled'))).toBe(true);
    },
  );

  it("says 'Payment Error' with the server's message, and stays", async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    mockFetch(serveCurrentUser(makeUser()), serveProviders('sandbox'), ({ url }) =>
      url === '/api/create-sandbox-payment' ? jsonResponse({ message: 'This payment method is not available.' }, { status: 400 }) : undefined,
    );
    renderApp('/subscribe');

    const subscribe = await within(await planCard(MONTHLY)).findByRole('button', { name: 'Subscribe (sandbox)' });
    fireEvent.click(subscribe);

    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('This payment method is not available.')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(subscribe.hasAttribute('disabled')).toBe(false));
  });

  it('falls back to its own words when the server gives none', async () => {
    mockFetch(serveCurrentUser(makeUser()), serveProviders('sandbox'), ({ url }) =>
      url === '/api/create-sandbox-payment' ? new Response('', { status: 502, statusText: 'Bad Gateway' }) : undefined,
    );
    renderApp('/subscribe');

    fireEvent.click(await within(await planCard(MONTHLY)).findByRole('button', { name: 'Subscribe (sandbox)' }));

    expect(await screen.findByText('Failed to create payment. Please try again.')).toBeTruthy();
    expect(screen.getByText('Payment Error')).toBeTruthy();
  });

  it('shows a subscriber the current plan and status instead of buttons', async () => {
    const fetchMock = mockFetch(serveCurrentUser(makeSubscriber()), serveProviders('sandbox'));
    renderApp('/subscribe');

    expect(await screen.findByText('Civic Participation (monthly): Active')).toBeTruthy();
    expect(screen.getByText(/Next renewal: Apr 01, 2025/)).toBeTruthy();
    expect(within(await planCard(MONTHLY)).getByText('Current plan')).toBeTruthy();
    expect(within(await planCard(YEARLY)).queryByText('Current plan')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Subscribe/ })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe('/profile?tab=subscription');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/payments/providers');
  });

  it('lets a member who cancelled subscribe again before access runs out', async () => {
    mockFetch(serveCurrentUser(makeSubscriber({ subscriptionStatus: 'cancelled' })), serveProviders('sandbox'));
    renderApp('/subscribe');

    expect(await screen.findByText('Civic Participation (monthly): Cancelled')).toBeTruthy();
    expect(screen.getByText(/Access until: Apr 01, 2025/)).toBeTruthy();
    expect(await within(await planCard(YEARLY)).findByRole('button', { name: 'Subscribe (sandbox)' })).toBeTruthy();
  });
});
