import { randomBytes } from 'node:crypto';
import { PersonalDocuments } from '@civitas/service-kit/personal-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { leaderElected } from '../../projector/test/election-events';
import {
  groupCreated,
  newId,
  roleGranted,
  userRegistered,
  verificationApproved,
  verificationConfirmedByLeader,
  verificationRejected,
  verificationRemoved,
  verificationSubmitted,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const T1 = '2026-03-02T10:00:00.000Z';
const T2 = '2026-03-03T10:00:00.000Z';
const T3 = '2026-03-04T10:00:00.000Z';
const EGYPT = 1818;
const JORDAN = 1400;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]);

const national = (groupId: number, name: string) =>
  groupCreated(groupId, { name, department: 'national', subcategory: name.toLowerCase(), subscriptionType: 'premium', ownerId: null });
const documentPath = (id: string) => `/api/user/verifications/${id}/document`;

describe('query-api: verification review queues and documents', () => {
  let query: QueryApp;
  let documents: PersonalDocuments;
  let admin: Member;
  let egyptLeader: Member;
  let jordanLeader: Member;
  beforeAll(async () => {
    query = await startQueryApp();
    documents = new PersonalDocuments(query.db, query.vault);
    [admin, egyptLeader, jordanLeader] = [await query.member('Amal'), await query.member('Layla'), await query.member('Rami')];
    await query.record(
      national(EGYPT, 'Egypt'),
      national(JORDAN, 'Jordan'),
      roleGranted(admin.id, 'admin'),
      leaderElected(EGYPT, egyptLeader.id, newId()),
      leaderElected(JORDAN, jordanLeader.id, newId()),
    );
  });
  afterAll(async () => query.close());

  /** A pending claim with a document, as command-api stores it. */
  const claim = async (member: Pick<Member, 'id'>, country: 'Egypt' | 'Jordan', nationalId: string, time: string) => {
    const id: string = newId();
    await documents.put({ id, subjectId: member.id, contentType: 'image/png', bytes: PNG });
    await query.record(
      at(
        time,
        verificationSubmitted(id, member.id, await query.vault.seal(member.id, nationalId), {
          country,
          countryKey: country.toLowerCase(),
          verificationType: 'document',
          documentImageUrl: documentPath(id),
        }),
      ),
    );
    return id;
  };

  describe('GET /api/admin/verifications', () => {
    it('answers 401 to visitors and 403 to members and leaders', async () => {
      expect(await query.get('/api/admin/verifications').then((answer) => answer.statusCode)).toBe(401);
      const member = await query.member('Omar');
      const answer = await query.get('/api/admin/verifications', { as: member });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'Admin access required' });
      expect((await query.get('/api/admin/verifications', { as: egyptLeader })).statusCode).toBe(403);
    });

    it('lists pending claims only, oldest first, named as section 2 says, with the national id revealed', async () => {
      const [named, unnamed] = [await query.member('Nour'), await query.member(null)];
      // A first name only: the e-mail names her (first plus last if both exist, else the e-mail: docs/product.md, Screens: Admin panel).
      const firstOnly = { id: newId() };
      await query.record(userRegistered(firstOnly.id, { firstName: 'Hana', lastName: null, email: 'hana@example.org' }));
      const newest = await claim(named, 'Egypt', '29101010000001', T3);
      const oldest = await claim(firstOnly, 'Jordan', '9101010001', T1);
      const middle = await claim(unnamed, 'Egypt', '29101010000002', T2);
      const decided = await claim(named, 'Jordan', '9101010002', T1);
      const removed = await claim(firstOnly, 'Egypt', '29101010000003', T1);
      await query.record(
        verificationConfirmedByLeader(middle, unnamed.id, egyptLeader.id, 'egypt'),
        verificationRejected(decided, named.id, admin.id, 'Blurred', 'jordan'),
        verificationRemoved(removed, firstOnly.id, 'egypt'),
      );
      const answer = await query.get('/api/admin/verifications', { as: admin });
      expect(answer.statusCode).toBe(200);
      const ours = (answer.json() as Array<{ id: string }>).filter((item) => [newest, oldest, middle, decided, removed].includes(item.id));
      expect(ours).toEqual([
        {
          id: oldest,
          userId: firstOnly.id,
          userName: 'hana@example.org',
          country: 'Jordan',
          nationalId: '9101010001',
          verificationType: 'document',
          documentImageUrl: documentPath(oldest),
          confirmedByLeader: false,
          createdAt: T1,
        },
        {
          id: middle,
          userId: unnamed.id,
          userName: `${unnamed.id}@example.org`,
          country: 'Egypt',
          nationalId: '29101010000002',
          verificationType: 'document',
          documentImageUrl: documentPath(middle),
          confirmedByLeader: true,
          createdAt: T2,
        },
        {
          id: newest,
          userId: named.id,
          userName: 'Nour Tester',
          country: 'Egypt',
          nationalId: '29101010000001',
          verificationType: 'document',
          documentImageUrl: documentPath(newest),
          confirmedByLeader: false,
          createdAt: T3,
        },
      ]);
    });
  });

  describe('GET /api/leader/verifications', () => {
    it('lists pending claims of the countries the member leads, without national ids; 403 for others', async () => {
      const [egyptian, jordanian] = [await query.member('Fadi'), await query.member('Lina')];
      const egyptClaim = await claim(egyptian, 'Egypt', '29102020000001', T1);
      const jordanClaim = await claim(jordanian, 'Jordan', '9102020001', T1);
      const approved = await claim(egyptian, 'Jordan', '9102020002', T1);
      await query.record(verificationApproved(approved, egyptian.id, admin.id, 'jordan'));

      const mine = (await query.get('/api/leader/verifications', { as: egyptLeader })).json() as Array<{ id: string }>;
      expect(mine.find((item) => item.id === egyptClaim)).toEqual({
        id: egyptClaim,
        userName: 'Fadi Tester',
        country: 'Egypt',
        countryKey: 'egypt',
        verificationType: 'document',
        documentImageUrl: documentPath(egyptClaim),
        confirmedByLeader: false,
        createdAt: T1,
      });
      expect(mine.some((item) => item.id === jordanClaim || item.id === approved)).toBe(false);
      const theirs = (await query.get('/api/leader/verifications', { as: jordanLeader })).json() as Array<{ id: string }>;
      expect(theirs.map((item) => item.id)).toContain(jordanClaim);
      expect(theirs.some((item) => item.id === egyptClaim || item.id === approved)).toBe(false);

      const member = await query.member('Omar');
      const refused = await query.get('/api/leader/verifications', { as: member });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only leaders of a National group can confirm verifications.' });
      expect((await query.get('/api/leader/verifications')).statusCode).toBe(401);
    });
  });

  describe('GET /api/leader/verifications: names', () => {
    it("names a claimant by their names only, trimmed, and 'A member' when they gave none (a leader sees no address)", async () => {
      const nameless = await query.member(null);
      const firstOnly = { id: newId() };
      await query.record(userRegistered(firstOnly.id, { firstName: ' Hana ', lastName: null, email: 'hana.leader@example.org' }));
      const [unnamedClaim, hanaClaim] = [await claim(nameless, 'Egypt', '29104040000001', T1), await claim(firstOnly, 'Egypt', '29104040000002', T2)];
      const mine = (await query.get('/api/leader/verifications', { as: egyptLeader })).json() as Array<{ id: string; userName: string | null }>;
      expect(mine.find((item) => item.id === unnamedClaim)?.userName).toBe('A member');
      expect(mine.find((item) => item.id === hanaClaim)?.userName).toBe('Hana');
    });
  });

  describe('GET /api/user/verifications/<id>/document', () => {
    it('serves the owner, admins and the country\u2019s leaders with no-store and nosniff; 404 to others; 401 to visitors', async () => {
      const owner = await query.member('Mona');
      const id = await claim(owner, 'Egypt', '29103030000001', T1);
      for (const reader of [owner, admin, egyptLeader]) {
        const answer = await query.get(documentPath(id), { as: reader });
        expect(answer.statusCode, reader.firstName).toBe(200);
        expect(answer.rawPayload.equals(PNG)).toBe(true);
        expect(answer.headers).toMatchObject({
          'content-type': 'image/png',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline; filename="document.png"',
        });
      }
      for (const reader of [jordanLeader, await query.member('Sami')]) {
        const answer = await query.get(documentPath(id), { as: reader });
        expect(answer.statusCode, reader.firstName).toBe(404);
        expect(answer.json()).toEqual({ message: 'Document not found' });
      }
      expect((await query.get(documentPath(id))).statusCode).toBe(401);
      expect((await query.get(documentPath(newId()), { as: admin })).statusCode).toBe(404);
      expect((await query.get('/api/user/verifications/../document', { as: admin })).statusCode).toBe(404);
    });

    it('is gone with the removed claim, and unreadable (410) once the owner\u2019s key is erased', async () => {
      const owner = await query.member('Yara');
      const [kept, removed] = [await claim(owner, 'Egypt', '29104040000001', T1), await claim(owner, 'Jordan', '9104040001', T1)];
      await query.record(verificationRemoved(removed, owner.id, 'jordan'));
      expect((await query.get(documentPath(removed), { as: owner })).statusCode).toBe(404);
      await query.vault.erase(owner.id);
      const answer = await query.get(documentPath(kept), { as: admin });
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toEqual({ message: 'This document is no longer available: its owner\u2019s personal data was erased.' });
    });
  });
});
