import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { BadGatewayError, ServiceUnavailableError } from '@civitas/events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember } from '../participation/members';
import { MoyasarClient } from '../../src/subscriptions/moyasar/moyasar-client';
import { MoyasarStandIn } from './moyasar-stand-in';

const DAY = 86_400_000;

async function countEvents(server: TestServer, type: string, userId: string): Promise<number> {
  const [row] = await server.query<{ count: string }>(`select count(*) from events where type = $1 and data->>'userId' = $2`, [type, userId]);
  return Number(row!.count);
}

const me = async (browser: TestClient) => (await browser.json('GET', '/api/auth/user')).body;

/** A request with headers fetch() will not send (a forged Host), as a client talking straight to the server could. */
function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = httpRequest(
      new URL(path, baseUrl),
      { method, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Addresses a returnUrl must never be: other hosts, and ways of writing one that look like ours. */
const foreignReturnUrls = (baseUrl: string) => [
  'https://evil.example/steal',
  '//evil.example/steal',
  '/\\evil.example/steal',
  `${baseUrl}@evil.example/steal`,
  `https://${new URL(baseUrl).host}/subscribe/return`,
  'javascript:alert(document.cookie)',
  'evil.example',
];

describe('sandbox subscriptions', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T09:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({
      now: () => new Date(clock),
      // Behind a gateway, so X-Forwarded-Host is read: it must not widen what a returnUrl may be.
      env: {
        PAYMENT_SANDBOX: 'on',
        TRUST_PROXY: 'true',
        SCHEDULER_INTERVAL_SECONDS: '0.1',
        SESSION_IDLE_TIMEOUT_MINUTES: '1000000',
        SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000',
      },
    });
  });
  afterAll(async () => server?.close());

  it('offers only the sandbox while no real provider is configured', async () => {
    const { browser } = await newMember(server);
    expect((await browser.json('GET', '/api/payments/providers')).body).toEqual({ providers: [{ id: 'sandbox', label: 'Sandbox (no real payment)' }] });
    const moyasar = await browser.json('POST', '/api/create-moyasar-payment', {
      planId: 'civic_participation_monthly',
      returnUrl: `${server.baseUrl}/subscribe/return`,
    });
    expect(moyasar).toEqual({ status: 400, body: { message: 'This payment method is not available.' } });
  });

  it('activates a subscription when the sandbox payment is completed', async () => {
    const { browser, userId } = await newMember(server);
    const created = await browser.json('POST', '/api/create-sandbox-payment', {
      planId: 'civic_participation_monthly',
      returnUrl: `${server.baseUrl}/subscribe/return`,
    });
    expect(created.status).toBe(200);
    // Our own pages are named by path: a member on another host name (localhost for 127.0.0.1) keeps their session.
    expect(created.body.paymentUrl).toBe(`/checkout/sandbox/${created.body.paymentId}`);
    expect(await me(browser)).toMatchObject({ isSubscribed: false, subscriptionStatus: 'pending' });
    const payment = await browser.json('GET', `/api/payments/${created.body.paymentId}`);
    expect(payment.body).toMatchObject({ provider: 'sandbox', planId: 'civic_participation_monthly', amount: 1875, currency: 'SAR', status: 'pending' });

    const completed = await browser.json('POST', `/api/payments/sandbox/${created.body.paymentId}/complete`, {});
    expect(completed.status).toBe(200);
    expect(completed.body.returnUrl).toBe(`/subscribe/return?paymentId=${created.body.paymentId}&status=paid`);
    // Kept as a path on this site.
    expect((await browser.json('GET', `/api/payments/${created.body.paymentId}`)).body.returnUrl).toBe('/subscribe/return');
    expect(await me(browser)).toMatchObject({
      isSubscribed: true,
      subscriptionStatus: 'active',
      subscriptionPlan: 'civic_participation_monthly',
      subscriptionStartDate: '2026-11-22T09:00:00.000Z',
      subscriptionEndDate: '2026-12-22T09:00:00.000Z',
    });
    // Paying twice, or completing again, grants nothing more.
    expect((await browser.post(`/api/payments/sandbox/${created.body.paymentId}/complete`, {})).status).toBe(200);
    expect(await countEvents(server, 'SubscriptionActivated', userId)).toBe(1);
    const again = await browser.json('POST', '/api/create-sandbox-payment', {
      planId: 'civic_participation_yearly',
      returnUrl: `${server.baseUrl}/subscribe/return`,
    });
    expect(again).toEqual({ status: 409, body: { message: 'You already have an active subscription.' } });
  });

  it('refuses a returnUrl on another site, unknown plans and other members\u2019 payments', async () => {
    const { browser } = await newMember(server);
    for (const returnUrl of foreignReturnUrls(server.baseUrl)) {
      const foreign = await browser.json('POST', '/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl });
      expect(foreign, returnUrl).toEqual({ status: 400, body: { message: 'returnUrl must be an address on this site' } });
    }
    // Naming another host as our own, in Host or (behind the gateway) X-Forwarded-Host, changes nothing.
    const session = { cookie: browser.cookieHeader };
    for (const [headers, returnUrl] of [
      [{ ...session, host: 'evil.example' }, 'http://evil.example/steal'],
      [{ ...session, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, 'https://evil.example/steal'],
    ] as const) {
      const spoofed = await rawRequest(server.baseUrl, 'POST', '/api/create-sandbox-payment', headers, { planId: 'civic_participation_monthly', returnUrl });
      expect([spoofed.status, JSON.parse(spoofed.body)]).toEqual([400, { message: 'returnUrl must be an address on this site' }]);
    }
    const plan = await browser.json('POST', '/api/create-sandbox-payment', { planId: 'civic_participation_daily', returnUrl: `${server.baseUrl}/x` });
    expect(plan).toEqual({ status: 400, body: { message: 'Unknown plan' } });
    const created = await browser.json('POST', '/api/create-sandbox-payment', { planId: 'civic_participation_yearly', returnUrl: `${server.baseUrl}/x` });
    const { browser: stranger } = await newMember(server);
    expect((await stranger.json('GET', `/api/payments/${created.body.paymentId}`)).status).toBe(404);
    expect(await stranger.json('POST', `/api/payments/sandbox/${created.body.paymentId}/complete`, {})).toEqual({
      status: 404,
      body: { message: 'Payment not found' },
    });
    expect(
      (await new TestClient(server.baseUrl).post('/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: `${server.baseUrl}/x` }))
        .status,
    ).toBe(401);
  });

  it('accepts a return path on this site and keeps its query', async () => {
    const { browser } = await newMember(server);
    const created = await browser.json('POST', '/api/create-sandbox-payment', {
      planId: 'civic_participation_monthly',
      returnUrl: '/subscribe/return?from=plans',
    });
    expect(created.status).toBe(200);
    const completed = await browser.json('POST', `/api/payments/sandbox/${created.body.paymentId}/complete`, {});
    expect(completed.body.returnUrl).toBe(`/subscribe/return?from=plans&paymentId=${created.body.paymentId}&status=paid`);
  });

  it('keeps access after cancelling until the end date, then the scheduler expires it exactly once', async () => {
    const { browser, userId } = await newMember(server);
    const created = await browser.json('POST', '/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: `${server.baseUrl}/x` });
    await browser.post(`/api/payments/sandbox/${created.body.paymentId}/complete`, {});
    const { subscriptionEndDate } = await me(browser);
    expect((await browser.json('POST', '/api/subscription/cancel', {})).status).toBe(200);
    expect(await me(browser)).toMatchObject({ isSubscribed: true, subscriptionStatus: 'cancelled', subscriptionEndDate });
    expect(await browser.json('POST', '/api/subscription/cancel', {})).toEqual({
      status: 409,
      body: { message: 'You have no active subscription to cancel.' },
    });

    clock = Date.parse(subscriptionEndDate) - 1000;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await me(browser)).toMatchObject({ isSubscribed: true, subscriptionStatus: 'cancelled' });
    clock = Date.parse(subscriptionEndDate) + DAY;
    const expired = await eventually(
      () => me(browser),
      (user) => user.subscriptionStatus === 'expired',
    );
    expect(expired).toMatchObject({ isSubscribed: false, subscriptionStatus: 'expired' });
    await new Promise((resolve) => setTimeout(resolve, 400)); // more scheduler ticks
    expect(await countEvents(server, 'SubscriptionExpired', userId)).toBe(1);
  });
});

describe('Moyasar subscriptions against a stand-in of its API', () => {
  const secretKey = 'sk_test_standin';
  const webhookSecret = 'whsec-standin-shared-token';
  const moyasar = new MoyasarStandIn(secretKey);
  let server: TestServer;
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, any>);
  beforeAll(async () => {
    await moyasar.start();
    server = await startTestServer({
      logStream,
      env: {
        LOG_LEVEL: 'info',
        PAYMENT_SANDBOX: 'off',
        TRUST_PROXY: 'true',
        MOYASAR_API_URL: moyasar.url,
        MOYASAR_SECRET_KEY: secretKey,
        MOYASAR_WEBHOOK_SECRET: webhookSecret,
      },
    });
  });
  afterEach(async () => {
    moyasar.mode = 'working';
    await moyasar.start(); // after a test that stopped it; a no-op otherwise
  });
  afterAll(async () => {
    await server?.close();
    await moyasar.stop();
  });

  const startPayment = async (planId = 'civic_participation_monthly') => {
    const { browser, userId } = await newMember(server);
    const created = await browser.json('POST', '/api/create-moyasar-payment', { planId, returnUrl: `${server.baseUrl}/subscribe/return` });
    expect(created.status).toBe(200);
    const invoice = [...moyasar.invoices.values()].find((candidate) => candidate.metadata.payment_id === created.body.paymentId)!;
    return { browser, userId, paymentId: created.body.paymentId as string, paymentUrl: created.body.paymentUrl as string, invoice };
  };
  const deliver = (body: unknown) => new TestClient(server.baseUrl).request('POST', '/api/webhooks/moyasar', body, { origin: 'https://api.moyasar.com' });

  it('creates an invoice in halalas and SAR with our payment id, authenticated with the secret key', async () => {
    const { paymentId, paymentUrl, invoice, browser } = await startPayment('civic_participation_yearly');
    expect(invoice).toMatchObject({
      amount: 18750,
      currency: 'SAR',
      callback_url: `${server.baseUrl}/api/webhooks/moyasar`,
      success_url: `${server.baseUrl}/api/payments/moyasar/return?paymentId=${paymentId}`,
      metadata: { payment_id: paymentId },
    });
    expect(paymentUrl).toBe(invoice.url);
    expect(moyasar.requests.every((request) => request.authorized)).toBe(true);
    expect((await browser.json('GET', '/api/payments/providers')).body.providers.map((p: { id: string }) => p.id)).toEqual(['moyasar']);
    // The sandbox is off: nobody subscribes for free here.
    expect(await browser.json('POST', '/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: '/subscribe/return' })).toEqual({
      status: 400,
      body: { message: 'This payment method is not available.' },
    });
  });

  it('refuses a webhook with a wrong token and changes nothing', async () => {
    const { browser, userId, invoice } = await startPayment();
    const payment = moyasar.attempt(invoice.id, 'paid');
    const refused = await deliver(moyasar.webhook('payment_paid', payment, 'not-the-secret'));
    expect([refused.status, await refused.json()]).toEqual([401, { message: 'Invalid webhook token' }]);
    expect(await me(browser)).toMatchObject({ isSubscribed: false, subscriptionStatus: 'pending' });
    expect(await countEvents(server, 'PaymentSucceeded', userId)).toBe(0);
  });

  it('activates exactly once however often and in whatever order the webhooks arrive', async () => {
    const { browser, userId, invoice } = await startPayment();
    const failedAttempt = moyasar.attempt(invoice.id, 'failed');
    const paid = moyasar.attempt(invoice.id, 'paid');
    const deliveries = [moyasar.webhook('payment_paid', paid, webhookSecret), moyasar.webhook('payment_failed', failedAttempt, webhookSecret)];
    for (let round = 0; round < 5; round += 1) {
      for (const delivery of round % 2 ? [...deliveries].reverse() : deliveries) expect((await deliver(delivery)).status).toBe(200);
    }
    await Promise.all(deliveries.map(deliver));
    expect(
      await eventually(
        () => me(browser),
        (user) => user.isSubscribed,
      ),
    ).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
    expect(await countEvents(server, 'SubscriptionActivated', userId)).toBe(1);
    expect(await countEvents(server, 'PaymentSucceeded', userId)).toBe(1);
    expect(await countEvents(server, 'SubscriptionRenewed', userId)).toBe(0);
  });

  it('marks a failed payment on either spelling of the failure event', async () => {
    const { browser, invoice } = await startPayment();
    const failed = moyasar.attempt(invoice.id, 'failed');
    expect((await deliver(moyasar.webhook('payment_faild', failed, webhookSecret))).status).toBe(200);
    expect(
      await eventually(
        () => me(browser),
        (user) => user.subscriptionStatus !== 'pending',
      ),
    ).toMatchObject({ isSubscribed: false, subscriptionStatus: null });
  });

  it('ignores a payment whose amount differs from ours', async () => {
    const { browser, userId, invoice } = await startPayment();
    const short = moyasar.attempt(invoice.id, 'paid', 100);
    expect((await deliver(moyasar.webhook('payment_paid', short, webhookSecret))).status).toBe(200);
    expect(await me(browser)).toMatchObject({ isSubscribed: false });
    expect(await countEvents(server, 'PaymentSucceeded', userId)).toBe(0);
  });

  it('verifies the payment on return, so a lost webhook still grants access', async () => {
    const { browser, paymentId, invoice } = await startPayment();
    moyasar.attempt(invoice.id, 'paid');
    const back = await browser.get(`/api/payments/moyasar/return?paymentId=${paymentId}&id=${invoice.id}&status=paid`);
    expect(back.status).toBe(302);
    // A relative Location: the browser stays on the host it came back to, whatever PUBLIC_BASE_URL names.
    expect(back.headers.get('location')).toBe(`/subscribe/return?paymentId=${paymentId}&status=paid`);
    // Signed out, with another host named in Host or X-Forwarded-Host: the redirect names no host at all.
    const forgedHosts: Array<Record<string, string>> = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }];
    for (const headers of forgedHosts) {
      const spoofed = await rawRequest(server.baseUrl, 'GET', `/api/payments/moyasar/return?paymentId=${paymentId}`, headers);
      expect(spoofed.status).toBe(302);
      expect(spoofed.location).toBe(`/subscribe/return?paymentId=${paymentId}&status=paid`);
    }
    // A redirect carries no position, so the page (like this test) reads until the projection has it.
    expect(
      await eventually(
        () => me(browser),
        (user) => user.isSubscribed,
      ),
    ).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
  });
  /** What creating a payment recorded for the member: nothing, while the provider fails. */
  const paymentEventsOf = async (userId: string) =>
    (await countEvents(server, 'PaymentCreated', userId)) + (await countEvents(server, 'SubscriptionRequested', userId));
  const createMoyasarPayment = (browser: TestClient) =>
    browser.request('POST', '/api/create-moyasar-payment', { planId: 'civic_participation_monthly', returnUrl: '/subscribe/return' });
  const ignoredLines = () => logged().filter((line) => line.msg === 'Moyasar webhook ignored');

  it('answers 200 to a signed webhook for a payment or invoice nobody knows, with one log line saying it was ignored', async () => {
    const unknownPayment = { id: randomUUID(), status: 'paid', amount: 1875, currency: 'SAR', invoice_id: randomUUID(), metadata: null };
    // Moyasar knows this payment, but its invoice is none of ours nor Moyasar's.
    const strayInvoice = { ...unknownPayment, id: randomUUID(), invoice_id: randomUUID() };
    moyasar.payments.set(strayInvoice.id, strayInvoice);
    for (const [payment, reason] of [
      [unknownPayment, 'unknown_payment'],
      [strayInvoice, 'unknown_invoice'],
    ] as const) {
      for (const type of ['payment_paid', 'payment_failed']) {
        const before = ignoredLines().length;
        const delivery = moyasar.webhook(type, payment, webhookSecret);
        const answer = await deliver(delivery);
        expect([answer.status, await answer.json()], `${type} ${reason}`).toEqual([200, { received: true }]);
        const added = ignoredLines().slice(before);
        expect(added).toHaveLength(1);
        expect(added[0]).toMatchObject({ level: 30, provider: 'moyasar', deliveryType: type, reason });
        // Neither secret, nor the ids a member's payment could be traced by.
        const line = JSON.stringify(added[0]);
        for (const secret of [webhookSecret, secretKey, payment.id, payment.invoice_id]) expect(line).not.toContain(secret);
        // The provider may deliver it again: the same answer.
        expect((await deliver(delivery)).status).toBe(200);
      }
    }
    // A wrong token is still refused first, whatever the payment.
    const forged = await deliver(moyasar.webhook('payment_paid', unknownPayment, 'not-the-secret'));
    expect([forged.status, await forged.json()]).toEqual([401, { message: 'Invalid webhook token' }]);
  });

  it('answers 503 with Retry-After while Moyasar cannot be reached, records nothing, and a retry afterwards works', async () => {
    const { browser, userId } = await newMember(server);
    await moyasar.stop();
    const refused = await createMoyasarPayment(browser);
    expect([refused.status, await refused.json()]).toEqual([
      503,
      { message: 'The payment provider cannot be reached right now. Please try again in a minute.' },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await paymentEventsOf(userId)).toBe(0);
    expect(await me(browser)).toMatchObject({ subscriptionStatus: null });
    await moyasar.start();
    expect((await createMoyasarPayment(browser)).status).toBe(200);
    expect(await paymentEventsOf(userId)).toBe(2);
  });

  it('answers 503 to a webhook while Moyasar cannot be reached, so the provider delivers it again, and the redelivery applies it', async () => {
    const { browser, invoice } = await startPayment();
    const delivery = moyasar.webhook('payment_paid', moyasar.attempt(invoice.id, 'paid'), webhookSecret);
    await moyasar.stop();
    const refused = await deliver(delivery);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    await moyasar.start();
    expect((await deliver(delivery)).status).toBe(200);
    expect(
      await eventually(
        () => me(browser),
        (user) => user.isSubscribed,
      ),
    ).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('answers 502 when Moyasar answers with an error page, with something that is not JSON or with another object, and records nothing', async () => {
    const { browser, userId } = await newMember(server);
    for (const mode of ['failing', 'not-json', 'wrong-shape'] as const) {
      moyasar.mode = mode;
      const refused = await createMoyasarPayment(browser);
      expect([refused.status, await refused.json()], mode).toEqual([
        502,
        { message: 'The payment provider sent an answer we could not use. Please try again later.' },
      ]);
    }
    expect(await paymentEventsOf(userId)).toBe(0);
    moyasar.mode = 'working';
    expect((await createMoyasarPayment(browser)).status).toBe(200);
  });

  it('sends the member on to the return page while Moyasar cannot confirm the payment, still pending', async () => {
    const { paymentId, invoice } = await startPayment();
    moyasar.attempt(invoice.id, 'paid');
    moyasar.mode = 'failing';
    const back = await new TestClient(server.baseUrl).get(`/api/payments/moyasar/return?paymentId=${paymentId}`);
    expect([back.status, back.headers.get('location')]).toEqual([302, `/subscribe/return?paymentId=${paymentId}&status=pending`]);
  });

  it('gives up on a provider that does not answer, as unreachable', async () => {
    moyasar.mode = 'hanging';
    const client = new MoyasarClient(moyasar.url, secretKey, { timeoutMs: 300 });
    const started = Date.now();
    const failure = await client.fetchPayment(randomUUID()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    moyasar.mode = 'wrong-shape';
    expect(await client.fetchPayment(randomUUID()).catch((error: unknown) => error)).toBeInstanceOf(BadGatewayError);
  });
});
