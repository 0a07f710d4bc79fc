import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { makeAdmin, makeLeader } from '../moderation/moderation-members';
import { newMember, subscribe, topicBody, verify, type Member } from '../participation/members';
import { metadataOf } from '../profiles/image-fixtures';
import { pngUpload, submitWithDocument } from './verification-uploads';

const EGYPT = 1818;
const JORDAN = 1400;
const MISSING = '00000000-0000-4000-8000-000000000000';
const REASON_REQUIRED = 'Rejection Reason Required: Please provide a reason for rejecting this verification.';

describe('reviewing nationality verifications: documents, removal, admins and leaders', () => {
  let server: TestServer;
  let admin: Member;
  let leader: Member;
  let member: Member;
  beforeAll(async () => {
    server = await startTestServer();
    [admin, leader, member] = [await newMember(server, 'Amal'), await newMember(server, 'Layla'), await newMember(server, 'Omar')];
    await makeAdmin(server, admin);
    expect((await verify(leader, 'Egypt', '29101010000001')).status).toBe(200);
    await makeLeader(server, leader, EGYPT);
  });
  afterAll(async () => server?.close());

  const visitor = () => new TestClient(server.baseUrl);
  /** Reads as `reader` once it holds `writer`'s newest position (read-your-writes across two browsers). */
  const catchUp = (reader: Member, writer: Member) => {
    if (writer.browser.position && (!reader.browser.position || writer.browser.position > reader.browser.position))
      reader.browser.position = writer.browser.position;
  };
  const claimEgypt = async (who: Member, nationalId: string) => {
    const answer = await submitWithDocument(server, who, pngUpload('Egypt', nationalId));
    expect(answer.status).toBe(201);
    return answer.body.verification as { id: string; documentImageUrl: string };
  };
  const eventsOf = (type: string, verificationId: string) =>
    server.query<{ data: any; metadata: any }>(`select data, metadata from events where type = $1 and data->>'verificationId' = $2 order by global_position`, [
      type,
      verificationId,
    ]);
  const statusOf = async (who: Member, id: string) =>
    ((await who.browser.json('GET', '/api/user/verifications')).body as Array<{ id: string }>).find((verification) => verification.id === id);

  describe('GET /api/user/verifications/<id>/document', () => {
    it('serves the image to its owner, admins and the country\u2019s leaders, never cached or sniffed; 404 to anyone else', async () => {
      const owner = await newMember(server, 'Nour');
      const claim = await claimEgypt(owner, '29102020000002');
      const response = await owner.browser.get(claim.documentImageUrl);
      expect(response.status).toBe(200);
      // The PNG as the server re-encoded it (document-images.test.ts): a JPEG of the same pixels.
      expect(await metadataOf(Buffer.from(await response.arrayBuffer()))).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toBe('inline; filename="document.jpg"');

      catchUp(admin, owner);
      catchUp(leader, owner);
      expect((await admin.browser.get(claim.documentImageUrl)).status).toBe(200);
      expect((await leader.browser.get(claim.documentImageUrl)).status).toBe(200);
      const stranger = await newMember(server, 'Sami');
      expect(await stranger.browser.json('GET', claim.documentImageUrl)).toEqual({ status: 404, body: { message: 'Document not found' } });
      expect((await visitor().json('GET', claim.documentImageUrl)).status).toBe(401);
      expect((await owner.browser.json('GET', `/api/user/verifications/${MISSING}/document`)).status).toBe(404);
      expect((await owner.browser.json('GET', '/api/user/verifications/not-an-id/document')).status).toBe(404);

      // A leader of another country's group is anyone else here.
      const jordanian = await newMember(server, 'Rami');
      expect((await verify(jordanian, 'Jordan', '9102030405')).status).toBe(200);
      await makeLeader(server, jordanian, JORDAN);
      expect((await jordanian.browser.get(claim.documentImageUrl)).status).toBe(404);
    });

    it('is unreadable for good once the owner\u2019s key is erased', async () => {
      const owner = await newMember(server, 'Hana');
      const claim = await claimEgypt(owner, '29103030000003');
      await server.query('delete from subject_keys where subject_id = $1', [owner.userId]);
      expect(await owner.browser.json('GET', claim.documentImageUrl)).toEqual({
        status: 410,
        body: { message: 'This document is no longer available: its owner\u2019s personal data was erased.' },
      });
    });
  });

  describe('DELETE /api/user/verifications/<id>', () => {
    it('removes the member\u2019s own pending claim: gone from the list, its document deleted, its national id free', async () => {
      const owner = await newMember(server, 'Mona');
      const claim = await claimEgypt(owner, '29104040000004');
      const removed = await owner.browser.json('DELETE', `/api/user/verifications/${claim.id}`);
      expect(removed).toEqual({ status: 200, body: { position: expect.any(String), message: 'Verification Removed' } });
      expect(await eventsOf('VerificationRemoved', claim.id)).toMatchObject([
        { data: { verificationId: claim.id, userId: owner.userId, countryKey: 'egypt' }, metadata: { actorId: owner.userId } },
      ]);
      expect(await statusOf(owner, claim.id)).toBeUndefined();
      expect(await server.query('select 1 from personal_documents where id = $1', [claim.id])).toEqual([]);
      expect((await owner.browser.json('GET', claim.documentImageUrl)).status).toBe(404);
      // Released: another account may now claim that id.
      expect((await verify(await newMember(server), 'Egypt', '29104040000004')).status).toBe(200);
      expect(await owner.browser.json('DELETE', `/api/user/verifications/${claim.id}`)).toEqual({ status: 404, body: { message: 'Verification not found' } });
    });

    it('removes an approved first nationality: its National group no longer opens, its id is released', async () => {
      const owner = await newMember(server, 'Yara');
      const first = await verify(owner, 'Egypt', '29105050000005');
      expect((await owner.browser.json('GET', `/api/groups/${EGYPT}`)).body.canParticipate).toBe(true);
      expect((await owner.browser.json('DELETE', `/api/user/verifications/${first.body.verification.id}`)).status).toBe(200);
      expect((await owner.browser.json('GET', `/api/groups/${EGYPT}`)).body.canParticipate).toBe(false);
      expect((await owner.browser.json('GET', '/api/auth/user')).body).toMatchObject({ isVerified: false, verifications: [] });
      const released = await server.query(`select 1 from events where type = 'NationalIdReleased' and data->>'userId' = $1`, [owner.userId]);
      expect(released).toHaveLength(1);
    });

    it('knows nobody else\u2019s claims (404, not 403) and no visitor (401)', async () => {
      const claim = await claimEgypt(await newMember(server, 'Dina'), '29106060000006');
      expect(await member.browser.json('DELETE', `/api/user/verifications/${claim.id}`)).toEqual({ status: 404, body: { message: 'Verification not found' } });
      expect((await member.browser.json('DELETE', `/api/user/verifications/${MISSING}`)).status).toBe(404);
      expect((await member.browser.json('DELETE', '/api/user/verifications/x')).status).toBe(404);
      expect((await visitor().json('DELETE', `/api/user/verifications/${claim.id}`)).status).toBe(401);
      expect(await server.query(`select 1 from events where type = 'VerificationRemoved' and data->>'verificationId' = $1`, [claim.id])).toEqual([]);
    });
  });

  describe('admin review', () => {
    it('refuses members (403) and visitors (401) on every admin route, whatever the body', async () => {
      const claim = await claimEgypt(await newMember(server, 'Zaid'), '29107070000007');
      for (const [method, path, body] of [
        ['GET', '/api/admin/verifications', undefined],
        ['POST', `/api/admin/verifications/${claim.id}/approve`, undefined],
        ['POST', `/api/admin/verifications/${claim.id}/reject`, { reason: 'No.' }],
        ['POST', `/api/admin/verifications/${claim.id}/reject`, { reason: '' }],
      ] as const) {
        expect(await member.browser.json(method, path, body), `${method} ${path}`).toEqual({ status: 403, body: { message: 'Admin access required' } });
        expect((await visitor().json(method, path, body)).status, `${method} ${path}`).toBe(401);
      }
    });

    it('lists pending claims oldest first, with the name, national id, type, document and leader confirmation', async () => {
      const [first, second] = [await newMember(server, 'Basma'), await newMember(server, 'Karim')];
      const older = await claimEgypt(first, '29108080000008');
      const newer = await claimEgypt(second, '29108080000009');
      catchUp(admin, second);
      const list = (await admin.browser.json('GET', '/api/admin/verifications')).body as Array<Record<string, unknown>>;
      const ours = list.filter((item) => item.id === older.id || item.id === newer.id);
      expect(ours).toEqual([
        {
          id: older.id,
          userId: first.userId,
          userName: 'Basma Lovelace',
          country: 'Egypt',
          nationalId: '29108080000008',
          verificationType: 'document',
          documentImageUrl: older.documentImageUrl,
          confirmedByLeader: false,
          createdAt: expect.any(String),
        },
        expect.objectContaining({ id: newer.id, userName: 'Karim Lovelace', nationalId: '29108080000009' }),
      ]);
      const times = list.map((item) => String(item.createdAt));
      expect(times).toEqual([...times].sort());
    });

    it('rejects with a reason the member sees; the member claims again; an approval opens the National group', async () => {
      const citizen = await newMember(server, 'Salma');
      expect((await verify(citizen, 'Saudi Arabia', '1099988877')).status).toBe(200);
      const claim = await claimEgypt(citizen, '29109090000010');

      // An Egyptian topic the member cannot take part in yet.
      const author = await newMember(server, 'Author');
      await subscribe(author, server);
      expect((await verify(author, 'Egypt', '29109090000099')).status).toBe(200);
      const topic = await author.browser.json('POST', '/api/topics', topicBody(EGYPT));
      expect(topic.status).toBe(201);
      const topicId = topic.body.topic.id as string;
      const post = () => citizen.browser.json('POST', '/api/opinions', { topicId, content: 'As an Egyptian I support this.' });
      expect((await post()).status).toBe(403);

      catchUp(admin, citizen);
      const path = `/api/admin/verifications/${claim.id}`;
      expect(await admin.browser.json('POST', `${path}/reject`, { reason: '   ' })).toEqual({ status: 400, body: { message: REASON_REQUIRED } });
      expect(await admin.browser.json('POST', `${path}/reject`, {})).toEqual({ status: 400, body: { message: REASON_REQUIRED } });
      const rejected = await admin.browser.json('POST', `${path}/reject`, { reason: 'The passport photo is unreadable.' });
      expect(rejected).toEqual({ status: 200, body: { position: expect.any(String), message: 'Verification Rejected', status: 'rejected' } });
      expect(await eventsOf('VerificationRejected', claim.id)).toMatchObject([
        {
          data: {
            verificationId: claim.id,
            userId: citizen.userId,
            countryKey: 'egypt',
            reason: 'The passport photo is unreadable.',
            reviewedBy: admin.userId,
          },
          metadata: { actorId: admin.userId },
        },
      ]);
      catchUp(citizen, admin);
      expect(await statusOf(citizen, claim.id)).toMatchObject({
        status: 'rejected',
        isVerified: false,
        rejectionReason: 'The passport photo is unreadable.',
        reviewedAt: expect.any(String),
      });
      expect(await admin.browser.json('POST', `${path}/approve`)).toEqual({ status: 409, body: { message: 'This verification has already been rejected.' } });
      expect(await admin.browser.json('POST', `${path}/reject`, { reason: 'Again' })).toEqual({
        status: 409,
        body: { message: 'This verification has already been rejected.' },
      });
      // No auto-approval for a rejected country.
      expect((await citizen.browser.json('POST', '/api/user/verifications', { country: 'Egypt', nationalId: '29109090000010' })).status).toBe(400);

      // The reservation went with the rejection: the same national id makes a new claim.
      const again = await claimEgypt(citizen, '29109090000010');
      expect(again.id).not.toBe(claim.id);
      catchUp(admin, citizen);
      const approved = await admin.browser.json('POST', `/api/admin/verifications/${again.id}/approve`);
      expect(approved).toEqual({ status: 200, body: { position: expect.any(String), message: 'Verification Approved', status: 'approved' } });
      expect(await eventsOf('VerificationApproved', again.id)).toMatchObject([
        { data: { reviewedBy: admin.userId, countryKey: 'egypt' }, metadata: { actorId: admin.userId } },
      ]);
      catchUp(citizen, admin);
      expect(await statusOf(citizen, again.id)).toMatchObject({ status: 'approved', isVerified: true, rejectionReason: null });
      expect((await citizen.browser.json('GET', `/api/groups/${EGYPT}`)).body.canParticipate).toBe(true);
      // The command side agrees: the member now takes part.
      expect((await post()).status).toBe(201);
      expect(await admin.browser.json('POST', `/api/admin/verifications/${again.id}/approve`)).toEqual({
        status: 409,
        body: { message: 'This verification has already been approved.' },
      });
      const queue = (await admin.browser.json('GET', '/api/admin/verifications')).body as Array<{ id: string }>;
      expect(queue.some((item) => item.id === again.id || item.id === claim.id)).toBe(false);
    });

    it('answers 404 for unknown ids and 403 to an admin reviewing their own claim', async () => {
      expect(await admin.browser.json('POST', `/api/admin/verifications/${MISSING}/approve`)).toEqual({
        status: 404,
        body: { message: 'Verification not found' },
      });
      expect((await admin.browser.json('POST', '/api/admin/verifications/nope/reject', { reason: 'x' })).status).toBe(404);
      expect((await verify(admin, 'Oman', '5501234567')).status).toBe(200);
      const own = await claimEgypt(admin, '29110100000011');
      expect(await admin.browser.json('POST', `/api/admin/verifications/${own.id}/approve`)).toEqual({
        status: 403,
        body: { message: 'You cannot review your own verification.' },
      });
    });
  });

  describe('leaders of a National group', () => {
    it('refuses members who lead no National group', async () => {
      const claim = await claimEgypt(await newMember(server, 'Tariq'), '29111110000012');
      expect(await member.browser.json('GET', '/api/leader/verifications')).toEqual({
        status: 403,
        body: { message: 'Only leaders of a National group can confirm verifications.' },
      });
      expect(await member.browser.json('POST', `/api/leader/verifications/${claim.id}/confirm`)).toEqual({
        status: 403,
        body: { message: 'Only leaders of a National group can confirm verifications.' },
      });
      expect((await visitor().json('GET', '/api/leader/verifications')).status).toBe(401);
    });

    it('lists and confirms the pending claims of their country only; an admin still decides', async () => {
      const egyptian = await newMember(server, 'Fadi');
      const jordanian = await newMember(server, 'Lina');
      const claim = await claimEgypt(egyptian, '29112120000013');
      const other = await submitWithDocument(server, jordanian, pngUpload('Jordan', '9112120013'));
      catchUp(leader, jordanian);
      catchUp(leader, egyptian);
      const list = (await leader.browser.json('GET', '/api/leader/verifications')).body as Array<Record<string, unknown>>;
      expect(list.find((item) => item.id === claim.id)).toEqual({
        id: claim.id,
        userName: 'Fadi Lovelace',
        country: 'Egypt',
        countryKey: 'egypt',
        verificationType: 'document',
        documentImageUrl: claim.documentImageUrl,
        confirmedByLeader: false,
        createdAt: expect.any(String),
      });
      expect(list.some((item) => item.id === other.body.verification.id)).toBe(false);

      expect(await leader.browser.json('POST', `/api/leader/verifications/${other.body.verification.id}/confirm`)).toEqual({
        status: 403,
        body: { message: 'Only a leader of this country\u2019s National group can confirm this verification.' },
      });
      const confirmed = await leader.browser.json('POST', `/api/leader/verifications/${claim.id}/confirm`);
      expect(confirmed).toEqual({ status: 200, body: { position: expect.any(String), confirmedByLeader: true } });
      expect(await eventsOf('VerificationConfirmedByLeader', claim.id)).toMatchObject([
        { data: { leaderId: leader.userId, countryKey: 'egypt' }, metadata: { actorId: leader.userId } },
      ]);
      // Confirming again changes nothing.
      expect((await leader.browser.json('POST', `/api/leader/verifications/${claim.id}/confirm`)).status).toBe(200);
      expect(await eventsOf('VerificationConfirmedByLeader', claim.id)).toHaveLength(1);
      expect(await leader.browser.json('POST', `/api/leader/verifications/${MISSING}/confirm`)).toEqual({
        status: 404,
        body: { message: 'Verification not found' },
      });

      catchUp(admin, leader);
      const queue = (await admin.browser.json('GET', '/api/admin/verifications')).body as Array<{ id: string; confirmedByLeader: boolean }>;
      expect(queue.find((item) => item.id === claim.id)?.confirmedByLeader).toBe(true);
      expect(await statusOf(egyptian, claim.id)).toMatchObject({ status: 'pending', confirmedByLeader: true });
      const approved = await admin.browser.json('POST', `/api/admin/verifications/${claim.id}/approve`);
      expect(approved.status).toBe(200);
      // Decided: nothing left to confirm.
      catchUp(leader, admin);
      const after = await eventually(
        () => leader.browser.json('POST', `/api/leader/verifications/${claim.id}/confirm`),
        (answer) => answer.status === 409,
      );
      expect(after).toEqual({ status: 409, body: { message: 'Only pending verifications can be confirmed.' } });
    });
  });
});
