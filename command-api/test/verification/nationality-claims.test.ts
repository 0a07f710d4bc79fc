import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember, type Member } from '../participation/members';
import { GIF, JPEG, MAX_BYTES, PNG, SCRIPT, pngOfSize, pngUpload, submitWithDocument } from './verification-uploads';

const TOO_LARGE = 'Document image is too large (max 5 MB).';
const NOT_AN_IMAGE = 'The document must be a JPG, PNG or GIF image.';
const DOCUMENT_REQUIRED = 'Please attach a document image (JPG, PNG or GIF).';
const NEEDS_DOCUMENT = 'Additional nationalities require a document image; use the nationality verification manager.';

describe('POST /api/user/verifications (docs/product.md, Calls, Verification)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const claimJson = (member: Member, body: unknown) => member.browser.json('POST', '/api/user/verifications', body);
  /** Everything a claim could have left behind for this member: events, reservations, documents. */
  const traces = async (member: Member) => ({
    events: (
      await server.query<{ type: string }>(`select type from events where stream_id = $1 and type like 'Verification%' order by global_position`, [
        `user-${member.userId}`,
      ])
    ).map((row) => row.type),
    reservations: (await server.query(`select 1 from events where type = 'NationalIdReserved' and data->>'userId' = $1`, [member.userId])).length,
    documents: (await server.query(`select 1 from personal_documents where subject_id = $1`, [member.userId])).length,
  });
  const nothingStored = { events: [], reservations: 0, documents: 0 };

  it('approves a first nationality sent as JSON at once, and asks for a document for any other', async () => {
    const member = await newMember(server);
    const first = await claimJson(member, { country: 'Saudi Arabia', nationalId: ' 1087654321 ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      position: expect.any(String),
      message: 'Verification Complete',
      verification: {
        country: 'Saudi Arabia',
        // Masked: the reply shows the member what they typed, not the id (docs/decisions.md, Bidirectional text and masked ids).
        nationalId: '\u2022\u2022\u2022\u2022 4321',
        status: 'approved',
        isVerified: true,
        verificationType: 'id_number',
        documentImageUrl: null,
      },
    });
    expect(await claimJson(member, { country: 'Egypt', nationalId: '29001011234567' })).toEqual({ status: 400, body: { message: NEEDS_DOCUMENT } });
    expect(await claimJson(member, { country: 'Saudi Arabia', nationalId: '1087654321' })).toEqual({
      status: 409,
      body: { message: 'Country Already Verified' },
    });
    expect(await claimJson(member, { country: 'Saudi Arabia', nationalId: '1234' })).toEqual({
      status: 400,
      body: { message: 'National ID must be at least 5 characters' },
    });
    expect((await new TestClient(server.baseUrl).json('POST', '/api/user/verifications', { country: 'Egypt', nationalId: '12345678' })).status).toBe(401);
  });

  it('keeps an additional nationality pending, its document sealed outside the events and named only by a query-api path', async () => {
    const member = await newMember(server);
    expect((await claimJson(member, { country: 'Saudi Arabia', nationalId: '1011112222' })).status).toBe(201);
    const answer = await submitWithDocument(server, member, pngUpload('Egypt', '29001019876543'));
    expect(answer.status).toBe(201);
    const { id } = answer.body.verification;
    expect(answer.body).toMatchObject({
      message: 'Additional Nationality Submitted',
      verification: {
        country: 'Egypt',
        nationalId: '\u2022\u2022\u2022\u2022 6543',
        status: 'pending',
        isVerified: false,
        verificationType: 'document',
        documentImageUrl: `/api/user/verifications/${id}/document`,
      },
    });
    const list = (await member.browser.json('GET', '/api/user/verifications')).body as Array<{ id: string; country: string; status: string }>;
    expect(list.map(({ country, status }) => [country, status])).toEqual([
      ['Saudi Arabia', 'approved'],
      ['Egypt', 'pending'],
    ]);
    // Pending opens nothing: the member is still only a Saudi citizen.
    expect((await member.browser.json('GET', '/api/auth/user')).body).toMatchObject({ country: 'Saudi Arabia' });
    expect((await member.browser.json('GET', '/api/groups/1818')).body.canParticipate).toBe(false);

    const [event] = await server.query<{ data: Record<string, unknown> }>(
      `select data from events where type = 'VerificationSubmitted' and data->>'verificationId' = $1`,
      [id],
    );
    expect(event!.data).toMatchObject({ verificationType: 'document', documentImageUrl: `/api/user/verifications/${id}/document` });
    expect(JSON.stringify(event!.data)).not.toContain('29001019876543');
    const [stored] = await server.query<{ subject_id: string; content_type: string; sealed: Buffer }>(
      'select subject_id, content_type, sealed from personal_documents where id = $1',
      [id],
    );
    // Kept re-encoded: a JPEG of the PNG's pixels (document-images.test.ts).
    expect(stored).toMatchObject({ subject_id: member.userId, content_type: 'image/jpeg' });
    expect(stored!.sealed.includes(PNG.subarray(0, 16))).toBe(false);

    // A country pending already is claimed once.
    expect(await submitWithDocument(server, member, pngUpload('Egypt', '29001019876543'))).toEqual({
      status: 409,
      body: { message: 'Country Already Verified' },
    });
  });

  it('takes JPG, PNG and GIF by their content, whatever the file is called or declares, and keeps each as a JPEG', async () => {
    const member = await newMember(server);
    const answers = await Promise.all([
      submitWithDocument(server, member, {
        country: 'Jordan',
        nationalId: '9001001001',
        file: { bytes: JPEG, name: 'scan', type: 'application/octet-stream' },
      }),
      submitWithDocument(server, member, { country: 'France', nationalId: '9001001002', file: { bytes: GIF, name: 'scan.jpg', type: 'image/jpeg' } }),
      submitWithDocument(server, member, { country: 'Oman', nationalId: '9001001003', file: { bytes: PNG, name: 'scan.gif', type: 'text/plain' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const types = await server.query<{ content_type: string }>('select content_type from personal_documents where subject_id = $1 order by content_type', [
      member.userId,
    ]);
    expect(types.map((row) => row.content_type)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
  });

  it('refuses a document over 5 MB with 413 and keeps nothing: no document, no event, the national id free', async () => {
    const member = await newMember(server);
    const answer = await submitWithDocument(server, member, {
      country: 'Egypt',
      nationalId: '29005550001',
      file: { bytes: pngOfSize(MAX_BYTES + 1), name: 'big.png', type: 'image/png' },
    });
    expect(answer).toEqual({ status: 413, body: { message: TOO_LARGE } });
    expect(await traces(member)).toEqual(nothingStored);
    // Exactly 5 MB is allowed, with the very same national id (it was never reserved).
    const other = await newMember(server);
    const atLimit = await submitWithDocument(server, other, {
      country: 'Egypt',
      nationalId: '29005550001',
      file: { bytes: pngOfSize(MAX_BYTES), name: 'max.png', type: 'image/png' },
    });
    expect(atLimit.status).toBe(201);
  });

  it('refuses a script renamed .png (declared image/png) and keeps nothing', async () => {
    const member = await newMember(server);
    const answer = await submitWithDocument(server, member, {
      country: 'Egypt',
      nationalId: '29005550002',
      file: { bytes: SCRIPT, name: 'x.png', type: 'image/png' },
    });
    expect(answer).toEqual({ status: 415, body: { message: NOT_AN_IMAGE } });
    expect(await traces(member)).toEqual(nothingStored);
  });

  it('refuses incomplete or odd forms with a clear 400, keeping nothing', async () => {
    const member = await newMember(server);
    const png = { bytes: PNG, name: 'id.png', type: 'image/png' };
    expect(await submitWithDocument(server, member, { country: 'Egypt', nationalId: '29005550003' })).toEqual({
      status: 400,
      body: { message: DOCUMENT_REQUIRED },
    });
    expect(await submitWithDocument(server, member, { nationalId: '29005550003', file: png })).toEqual({
      status: 400,
      body: { message: 'Please select a country' },
    });
    expect(await submitWithDocument(server, member, { country: 'Egypt', nationalId: '1234', file: png })).toEqual({
      status: 400,
      body: { message: 'National ID must be at least 5 characters' },
    });
    expect(await submitWithDocument(server, member, { country: 'Atlantis', nationalId: '29005550003', file: png })).toEqual({
      status: 400,
      body: { message: 'Please select a country from the list' },
    });
    expect(await submitWithDocument(server, member, { country: 'Egypt', nationalId: '29005550003', file: { ...png, bytes: Buffer.alloc(0) } })).toEqual({
      status: 400,
      body: { message: DOCUMENT_REQUIRED },
    });
    expect((await submitWithDocument(server, member, { country: 'Egypt', nationalId: '29005550003', file: png, extraFiles: [png] })).status).toBe(400);
    expect((await submitWithDocument(server, member, { country: 'Egypt', nationalId: '29005550003', file: { ...png, field: 'avatar' } })).status).toBe(400);
    expect(await traces(member)).toEqual(nothingStored);
    // Another route accepts no upload at all.
    const form = new FormData();
    form.set('country', 'Egypt');
    const elsewhere = await fetch(`${server.baseUrl}/api/user/verify`, { method: 'POST', headers: { cookie: member.browser.cookieHeader }, body: form });
    expect(elsewhere.status).toBe(415);
  });

  it('refuses a national id held by another account before storing the document', async () => {
    const holder = await newMember(server);
    expect((await claimJson(holder, { country: 'Egypt', nationalId: '29007770001' })).status).toBe(201);
    const member = await newMember(server);
    const answer = await submitWithDocument(server, member, pngUpload('Egypt', '2900-777-0001'));
    expect(answer).toEqual({ status: 409, body: { message: 'This national ID is already verified for another account.' } });
    expect(await traces(member)).toEqual(nothingStored);
  });

  it('answers 401 to a visitor\u2019s upload', async () => {
    const visitor = { browser: new TestClient(server.baseUrl) } as Member;
    expect((await submitWithDocument(server, visitor, pngUpload('Egypt', '29001010000'))).status).toBe(401);
  });
});
