import { IDEMPOTENCY_KEY_REUSED } from '@civitas/events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember, type Member } from '../participation/members';
import { reencodeDocument } from '../../src/verification/document-image';
import { MoyasarStandIn } from '../subscriptions/moyasar-stand-in';
import { GIF, PNG, submitWithDocument } from '../verification/verification-uploads';

/**
 * docs/decisions.md, Idempotency-Key: nationality claims (JSON and with a document) and payments,
 * sent again with the same key by the same member, are answered as the first time and store,
 * reserve and charge nothing more; at once too. The same key with another claim or plan is 422.
 */
const KEY_INVALID = { message: 'Idempotency-Key must be 8 to 128 letters, digits, - or _' };
const MALFORMED_KEYS = ['short', 'x'.repeat(129), 'has space in it', 'semi;colon-key'];
const reused = { status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } };

const send = async (member: Member | TestClient, path: string, body: unknown, key?: string) => {
  const response = await ('browser' in member ? member.browser : member).request('POST', path, body, key === undefined ? {} : { 'Idempotency-Key': key });
  return { status: response.status, body: (await response.json()) as any };
};
const count = async (server: TestServer, sql: string, values: unknown[]) => Number((await server.query<{ count: string }>(sql, values))[0]!.count);

describe('Idempotency-Key on nationality claims', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  /** Everything a claim leaves for the member: its events, national id reservations and documents. */
  const traces = async (member: Member) => ({
    submitted: await count(server, `select count(*) from events where type = 'VerificationSubmitted' and data->>'userId' = $1`, [member.userId]),
    reserved: await count(server, `select count(*) from events where type = 'NationalIdReserved' and data->>'userId' = $1`, [member.userId]),
    released: await count(server, `select count(*) from events where type = 'NationalIdReleased' and data->>'userId' = $1`, [member.userId]),
    documents: await count(server, `select count(*) from personal_documents where subject_id = $1`, [member.userId]),
  });
  const claimJson = (member: Member | TestClient, body: unknown, key?: string, path = '/api/user/verifications') => send(member, path, body, key);
  const withDocument = (member: Member, country: string, nationalId: string, key: string, bytes: Buffer = PNG) =>
    submitWithDocument(
      server,
      member,
      { country, nationalId, file: { bytes, name: 'passport.png', type: bytes === PNG ? 'image/png' : 'image/gif' } },
      { 'Idempotency-Key': key },
    );
  /** The claim's document as the query side serves it; asked again while it answers 503 (catching up), as the web client does. */
  const documentOf = async (member: Member, claim: { body: any }) => {
    const response = await eventually(
      () => member.browser.get(claim.body.verification.documentImageUrl),
      (answer) => answer.status !== 503,
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  /** A member with a first nationality, so the next claim is an additional one with a document. */
  const verifiedMember = async (nationalId: string) => {
    const member = await newMember(server, 'Layla');
    expect((await claimJson(member, { country: 'Saudi Arabia', nationalId })).status).toBe(201);
    return member;
  };

  it('answers a repeated first-nationality claim as the first time, on either route, storing and reserving once', async () => {
    for (const [path, status, nationalId] of [
      ['/api/user/verifications', 201, '1010203040'],
      ['/api/user/verify', 200, '1010203041'],
    ] as const) {
      const member = await newMember(server, 'Amina');
      const first = await claimJson(member, { country: 'Saudi Arabia', nationalId }, 'claim-0001', path);
      expect(first.status, path).toBe(status);
      // The country check would say 'Country Already Verified': the repeat is recognised before it.
      expect(await claimJson(member, { country: 'Saudi Arabia', nationalId }, 'claim-0001', path)).toEqual(first);
      expect(await traces(member)).toEqual({ submitted: 1, reserved: 1, released: 0, documents: 0 });
    }
  });

  it('stores one claim when the copies arrive at the same instant', async () => {
    const member = await newMember(server, 'Omar');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => claimJson(member, { country: 'Saudi Arabia', nationalId: '1020304050' }, 'race-claim-0001')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await traces(member)).toEqual({ submitted: 1, reserved: 1, released: 0, documents: 0 });

    const other = await verifiedMember('1020304051');
    const uploads = await Promise.all(Array.from({ length: 4 }, () => withDocument(other, 'Egypt', '29001011112222', 'race-upload-0001')));
    expect(uploads.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(uploads.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await traces(other)).toEqual({ submitted: 2, reserved: 2, released: 0, documents: 1 });
    expect(await documentOf(other, uploads[0]!)).toEqual((await reencodeDocument(PNG)).bytes);
  });

  it('answers a repeated upload as the first time, keeping one document', async () => {
    const member = await verifiedMember('1030405060');
    const first = await withDocument(member, 'Egypt', '29001013334444', 'upload-0001');
    expect(first.status).toBe(201);
    expect(await withDocument(member, 'Egypt', '29001013334444', 'upload-0001')).toEqual(first);
    expect(await traces(member)).toEqual({ submitted: 2, reserved: 2, released: 0, documents: 1 });
  });

  it('takes two keys as two claims: the same claim again is refused as without a key, another country is stored', async () => {
    const member = await verifiedMember('1040506070');
    expect((await withDocument(member, 'Egypt', '29001015556666', 'two-keys-0001')).status).toBe(201);
    expect(await withDocument(member, 'Egypt', '29001015556666', 'two-keys-0002')).toEqual({ status: 409, body: { message: 'Country Already Verified' } });
    expect((await withDocument(member, 'Jordan', '9871234567', 'two-keys-0003')).status).toBe(201);
    expect(await traces(member)).toEqual({ submitted: 3, reserved: 3, released: 0, documents: 2 });
  });

  it('refuses the key with another claim (422): another national id, country, document or form, leaving nothing behind', async () => {
    const member = await verifiedMember('1050607080');
    const first = await withDocument(member, 'Egypt', '29001017778888', 'reused-0001');
    expect(first.status).toBe(201);
    expect(await withDocument(member, 'Egypt', '29001017778889', 'reused-0001')).toEqual(reused);
    expect(await withDocument(member, 'Jordan', '29001017778888', 'reused-0001')).toEqual(reused);
    expect(await withDocument(member, 'Egypt', '29001017778888', 'reused-0001', GIF)).toEqual(reused);
    expect(await claimJson(member, { country: 'Egypt', nationalId: '29001017778888' }, 'reused-0001')).toEqual(reused);
    // The first claim keeps its document and its national id; nothing else was reserved, or released.
    expect(await traces(member)).toEqual({ submitted: 2, reserved: 2, released: 0, documents: 1 });
    expect(await documentOf(member, first)).toEqual((await reencodeDocument(PNG)).bytes);
    // The digest in the events names neither the national id nor the document.
    const metadata = await server.query<{ metadata: unknown }>(`select metadata from events where stream_id = $1`, [`user-${member.userId}`]);
    expect(JSON.stringify(metadata)).not.toContain('29001017778888');
  });

  it('refuses the key with another claim sent at the same instant: one claim stands, with its own document and national id', async () => {
    const member = await verifiedMember('1060708090');
    const answers = await Promise.all([
      withDocument(member, 'Egypt', '29001019990000', 'race-reused-0001', PNG),
      withDocument(member, 'Egypt', '29001019990001', 'race-reused-0001', GIF),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const standing = answers.find((answer) => answer.status === 201)!;
    const [png, gif] = [(await reencodeDocument(PNG)).bytes, (await reencodeDocument(GIF)).bytes];
    expect(png.equals(gif)).toBe(false);
    // The PNG came with the national id ending in 0: the claim that stands keeps its own document.
    expect(await documentOf(member, standing)).toEqual(standing.body.verification.nationalId.endsWith('0') ? png : gif);
    const after = await traces(member);
    expect(after).toMatchObject({ submitted: 2, documents: 1 });
    expect(after.reserved - after.released).toBe(2);
  });

  it('answers 400 for a malformed key, storing nothing, and 401 before it when signed out', async () => {
    const member = await newMember(server, 'Hana');
    for (const key of MALFORMED_KEYS) {
      expect(await claimJson(member, { country: 'Saudi Arabia', nationalId: '1070809000' }, key), key).toEqual({ status: 400, body: KEY_INVALID });
      expect(await claimJson(member, { country: 'Saudi Arabia', nationalId: '1070809000' }, key, '/api/user/verify'), key).toEqual({
        status: 400,
        body: KEY_INVALID,
      });
    }
    expect(await withDocument(member, 'Egypt', '29001012223333', 'bad key')).toEqual({ status: 400, body: KEY_INVALID });
    expect(await traces(member)).toEqual({ submitted: 0, reserved: 0, released: 0, documents: 0 });
    expect((await claimJson(new TestClient(server.baseUrl), { country: 'Saudi Arabia', nationalId: '1070809000' }, 'short')).status).toBe(401);
  });
});

describe('Idempotency-Key on payments', () => {
  const secretKey = 'sk_test_standin';
  const moyasar = new MoyasarStandIn(secretKey);
  let sandbox: TestServer;
  let withMoyasar: TestServer;
  beforeAll(async () => {
    await moyasar.start();
    [sandbox, withMoyasar] = await Promise.all([
      startTestServer(),
      startTestServer({
        env: { PAYMENT_SANDBOX: 'off', MOYASAR_API_URL: moyasar.url, MOYASAR_SECRET_KEY: secretKey, MOYASAR_WEBHOOK_SECRET: 'whsec-standin' },
      }),
    ]);
  });
  afterEach(() => {
    moyasar.mode = 'working';
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), withMoyasar?.close()]);
    await moyasar.stop();
  });

  const plan = (planId = 'civic_participation_monthly') => ({ planId, returnUrl: '/subscribe/return' });
  const stored = async (server: TestServer, member: Member) => ({
    payments: await count(server, `select count(*) from events where type = 'PaymentCreated' and data->>'userId' = $1`, [member.userId]),
    requests: await count(server, `select count(*) from events where type = 'SubscriptionRequested' and data->>'userId' = $1`, [member.userId]),
  });
  const invoicesOf = (paymentIds: string[]) => [...moyasar.invoices.values()].filter((invoice) => paymentIds.includes(invoice.metadata.payment_id!)).length;

  describe.each(['sandbox', 'moyasar'] as const)('%s', (provider) => {
    const server = () => (provider === 'sandbox' ? sandbox : withMoyasar);
    const path = `/api/create-${provider}-payment`;

    it('answers a repeat with the same payment, storing one and asking the provider once', async () => {
      const member = await newMember(server(), 'Amina');
      const first = await send(member, path, plan(), 'pay-0001');
      expect(first.status).toBe(200);
      const again = await send(member, path, plan(), 'pay-0001');
      expect(again).toEqual(first);
      expect(await stored(server(), member)).toEqual({ payments: 1, requests: 1 });
      if (provider === 'moyasar') expect(invoicesOf([first.body.paymentId])).toBe(1);
    });

    it('stores one payment when the copies arrive at the same instant', async () => {
      const member = await newMember(server(), 'Omar');
      const answers = await Promise.all(Array.from({ length: 4 }, () => send(member, path, plan(), 'race-pay-0001')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await stored(server(), member)).toEqual({ payments: 1, requests: 1 });
      if (provider === 'moyasar')
        expect(moyasar.requests.filter((request) => request.method === 'POST' && request.path === '/invoices').length).toBeGreaterThan(0);
      if (provider === 'moyasar')
        expect([...moyasar.invoices.values()].filter((invoice) => invoice.metadata.payment_id === answers[0]!.body.paymentId)).toHaveLength(1);
    });

    it('creates two payments for two keys', async () => {
      const member = await newMember(server(), 'Hana');
      const [one, two] = [await send(member, path, plan(), 'two-pay-0001'), await send(member, path, plan(), 'two-pay-0002')];
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.body.paymentId).not.toBe(two.body.paymentId);
      expect(await stored(server(), member)).toEqual({ payments: 2, requests: 2 });
      if (provider === 'moyasar') expect(invoicesOf([one.body.paymentId, two.body.paymentId])).toBe(2);
    });

    it('refuses the key with another plan or return address (422), storing nothing more', async () => {
      const member = await newMember(server(), 'Fahad');
      const first = await send(member, path, plan(), 'reused-pay-0001');
      expect(first.status).toBe(200);
      expect(await send(member, path, plan('civic_participation_yearly'), 'reused-pay-0001')).toEqual(reused);
      expect(await send(member, path, { ...plan(), returnUrl: '/elsewhere' }, 'reused-pay-0001')).toEqual(reused);
      expect(await stored(server(), member)).toEqual({ payments: 1, requests: 1 });
    });

    it('answers 400 for a malformed key, storing nothing, and 401 before it when signed out', async () => {
      const member = await newMember(server(), 'Layla');
      for (const key of MALFORMED_KEYS) expect(await send(member, path, plan(), key), key).toEqual({ status: 400, body: KEY_INVALID });
      expect(await stored(server(), member)).toEqual({ payments: 0, requests: 0 });
      expect((await send(new TestClient(server().baseUrl), path, plan(), 'short')).status).toBe(401);
    });
  });

  it('finds the invoice Moyasar made for a request whose answer was lost, instead of making a second', async () => {
    const member = await newMember(withMoyasar, 'Salma');
    const before = moyasar.invoices.size;
    moyasar.mode = 'loses-invoice-answer';
    expect((await send(member, '/api/create-moyasar-payment', plan(), 'lost-answer-0001')).status).toBe(502);
    expect(moyasar.invoices.size).toBe(before + 1);
    moyasar.mode = 'working';
    const retried = await send(member, '/api/create-moyasar-payment', plan(), 'lost-answer-0001');
    expect(retried.status).toBe(200);
    expect(moyasar.invoices.size).toBe(before + 1);
    const invoice = [...moyasar.invoices.values()].find((candidate) => candidate.metadata.payment_id === retried.body.paymentId)!;
    expect(retried.body.paymentUrl).toBe(invoice.url);
    expect(await stored(withMoyasar, member)).toEqual({ payments: 1, requests: 1 });
  });
});
