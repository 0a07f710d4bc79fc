import { INVITATION_NOT_FOUND, OWNER_ONLY, invitationIdFor, type InvitationKind } from '@civitas/events';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { invitationAccepted, invitationCreated, memberJoined, memberLeft } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const T = (day: number) => new Date(Date.UTC(2026, 2, day, 10)).toISOString();
/** Invitations last 7 days; the query side's clock reads 2026-03-10T12:00. */
const until = (day: number) => new Date(Date.UTC(2026, 2, day + 7, 10)).toISOString();

describe('query-api invitations routes', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let alan: Member;
  const tokens = {} as Record<'accepted' | 'pending' | 'expired' | 'cut' | 'family' | 'erased' | 'colleague' | 'fired', string>;

  /** An invitation as the command side makes it: the id from the token, address and token sealed with the invitation's key. */
  const invite = async (name: keyof typeof tokens, kind: InvitationKind, groupId: number, email: string, day: number) => {
    const token = randomBytes(32).toString('base64url');
    tokens[name] = token;
    const invitationId = invitationIdFor(token);
    const [emailSealed, tokenSealed] = await query.vault.sealAll(invitationId, [email, token]);
    return at(T(day), invitationCreated(invitationId, groupId, ada.id, { emailSealed, tokenSealed }, { kind, expiresAt: until(day) }));
  };
  const idOf = (name: keyof typeof tokens) => invitationIdFor(tokens[name]);

  beforeAll(async () => {
    query = await startQueryApp();
    [ada, grace, alan] = [await query.member('Ada'), await query.member('Grace'), await query.member('Alan')];
    const { friends, business, family } = ada.groups;
    await query.record(
      await invite('accepted', 'friends', friends, 'grace@example.org', 4),
      at(T(5), invitationAccepted(idOf('accepted'), friends, grace.id)),
      at(T(5), memberJoined(friends, grace.id)),
      await invite('cut', 'friends', friends, 'alan@example.org', 5),
      at(T(6), invitationAccepted(idOf('cut'), friends, alan.id)),
      at(T(6), memberJoined(friends, alan.id)),
      at(T(7), memberLeft(friends, alan.id, 'cut', ada.id)),
      await invite('expired', 'friends', friends, 'late@example.org', 2),
      await invite('pending', 'friends', friends, 'soon@example.org', 9),
      await invite('family', 'family', family, 'mum@example.org', 8),
      await invite('colleague', 'business', business, 'alan@example.org', 3),
      at(T(4), invitationAccepted(idOf('colleague'), business, alan.id, 'business')),
      at(T(4), memberJoined(business, alan.id)),
      await invite('fired', 'business', business, 'grace@example.org', 3),
      at(T(5), invitationAccepted(idOf('fired'), business, grace.id, 'business')),
      at(T(5), memberJoined(business, grace.id)),
      at(T(8), memberLeft(business, grace.id, 'fired', ada.id)),
    );
    // An invitation whose key was erased: its address is gone, so the link names nothing.
    const erased = await invite('erased', 'friends', friends, 'gone@example.org', 9);
    await query.vault.erase(idOf('erased'));
    await query.record(erased);
  });
  afterAll(async () => query.close());

  describe('GET /api/{kind}/:groupId/invitations', () => {
    it('answers 401 JSON signed out', async () => {
      const answer = await query.get(`/api/friends/${ada.groups.friends}/invitations`);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    });

    it('answers 403 to a member who does not own the group, 404 for a group of another kind or none', async () => {
      const notOwner = await query.get(`/api/friends/${ada.groups.friends}/invitations`, { as: grace });
      expect(notOwner.statusCode).toBe(403);
      expect(notOwner.json()).toEqual({ message: OWNER_ONLY });
      for (const url of [`/api/friends/${ada.groups.family}/invitations`, `/api/family/${ada.groups.friends}/invitations`, '/api/friends/99999/invitations']) {
        const answer = await query.get(url, { as: ada });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: 'Group not found' });
      }
    });

    it('lists the owner\u2019s invitations newest first, with their state and link to copy', async () => {
      const answer = await query.get(`/api/friends/${ada.groups.friends}/invitations`, { as: ada });
      expect(answer.statusCode).toBe(200);
      const view = (name: keyof typeof tokens, email: string, day: number, status: string, accepted: { by: string; at: string } | null) => ({
        id: idOf(name),
        kind: 'friends',
        email,
        groupId: ada.groups.friends,
        invitedBy: ada.id,
        status,
        acceptedBy: accepted?.by ?? null,
        acceptedAt: accepted?.at ?? null,
        expiresAt: until(day),
        createdAt: T(day),
        invitationLink: `https://civitas.test/friend-invite/${tokens[name]}`,
      });
      // The two of the 9th in id order; the erased one's key is gone: no address, no link.
      const ninth = [view('pending', 'soon@example.org', 9, 'pending', null), { ...view('erased', '', 9, 'pending', null), invitationLink: '' }].sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
      expect(answer.json()).toEqual([
        ...ninth,
        view('cut', 'alan@example.org', 5, 'cut', { by: alan.id, at: T(6) }),
        view('accepted', 'grace@example.org', 4, 'accepted', { by: grace.id, at: T(5) }),
        view('expired', 'late@example.org', 2, 'expired', null),
      ]);
    });

    it('lists family and business invitations under their own kind', async () => {
      const family = (await query.get(`/api/family/${ada.groups.family}/invitations`, { as: ada })).json();
      expect(family.map((item: { id: string; kind: string; invitationLink: string }) => [item.id, item.kind, item.invitationLink])).toEqual([
        [idOf('family'), 'family', `https://civitas.test/family-invite/${tokens.family}`],
      ]);
      const business = (await query.get(`/api/business/${ada.groups.business}/invitations`, { as: ada })).json();
      expect(business.map((item: { status: string; invitationLink: string }) => item.status).sort()).toEqual(['accepted', 'cut']);
      expect(business[0].invitationLink).toMatch(/^https:\/\/civitas\.test\/business-invite\//);
    });
  });

  describe('GET /api/{kind}/invite/:token', () => {
    it('shows anyone holding the link what it is for, signed out too', async () => {
      const answer = await query.get(`/api/friends/invite/${tokens.pending}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        acceptedByYou: false,
        email: 'soon@example.org',
        groupId: ada.groups.friends,
        groupName: "Ada's Friends",
        inviterName: 'Ada Tester',
        status: 'pending',
        expiresAt: until(9),
      });
    });

    it('tells the member who accepted it, and nobody else, that they did', async () => {
      const url = `/api/friends/invite/${tokens.accepted}`;
      expect((await query.get(url, { as: grace })).json()).toMatchObject({ acceptedByYou: true, status: 'accepted' });
      expect((await query.get(url, { as: alan })).json()).toMatchObject({ acceptedByYou: false, status: 'accepted' });
      expect((await query.get(`/api/friends/invite/${tokens.expired}`)).json()).toMatchObject({ status: 'expired' });
      expect((await query.get(`/api/friends/invite/${tokens.cut}`, { as: alan })).json()).toMatchObject({ acceptedByYou: true, status: 'cut' });
      expect((await query.get(`/api/family/invite/${tokens.family}`)).json()).toMatchObject({ groupName: "Ada's Family", status: 'pending' });
    });

    it("names an inviter who gave no names 'A member' (the one name rule, personName)", async () => {
      const nameless = await query.member(null);
      const token = randomBytes(32).toString('base64url');
      const invitationId = invitationIdFor(token);
      const [emailSealed, tokenSealed] = await query.vault.sealAll(invitationId, ['guest@example.org', token]);
      await query.record(
        at(T(9), invitationCreated(invitationId, nameless.groups.friends, nameless.id, { emailSealed, tokenSealed }, { kind: 'friends', expiresAt: until(9) })),
      );
      expect((await query.get(`/api/friends/invite/${token}`)).json()).toMatchObject({ inviterName: 'A member', status: 'pending' });
    });

    it('answers 404 for an unknown token, a link of another kind, and one whose key was erased', async () => {
      for (const url of [
        `/api/friends/invite/${randomBytes(32).toString('base64url')}`,
        `/api/family/invite/${tokens.pending}`,
        `/api/friends/invite/${tokens.erased}`,
      ]) {
        const answer = await query.get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: INVITATION_NOT_FOUND });
      }
    });
  });

  describe('GET /api/friends/:groupId/friends and /api/business/:groupId/members', () => {
    it('lists the owner\u2019s friends, active first, then those who were cut', async () => {
      const answer = await query.get(`/api/friends/${ada.groups.friends}/friends`, { as: ada });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        {
          id: `${ada.groups.friends}:${grace.id}`,
          friendId: grace.id,
          status: 'active',
          friend: { firstName: 'Grace', lastName: 'Tester', email: `${grace.id}@example.org` },
          createdAt: T(5),
          cutAt: null,
        },
        {
          id: `${ada.groups.friends}:${alan.id}`,
          friendId: alan.id,
          status: 'cut',
          friend: { firstName: 'Alan', lastName: 'Tester', email: `${alan.id}@example.org` },
          createdAt: T(6),
          cutAt: T(7),
        },
      ]);
    });

    it('lists the owner\u2019s colleagues, active first, then those who were fired', async () => {
      const answer = await query.get(`/api/business/${ada.groups.business}/members`, { as: ada });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([
        {
          id: `${ada.groups.business}:${alan.id}`,
          memberId: alan.id,
          status: 'active',
          member: { firstName: 'Alan', lastName: 'Tester', email: `${alan.id}@example.org` },
          createdAt: T(4),
          firedAt: null,
        },
        {
          id: `${ada.groups.business}:${grace.id}`,
          memberId: grace.id,
          status: 'fired',
          member: { firstName: 'Grace', lastName: 'Tester', email: `${grace.id}@example.org` },
          createdAt: T(5),
          firedAt: T(8),
        },
      ]);
    });

    it('answers only the owner: 401 signed out, 403 to a member, 404 for a group of another kind', async () => {
      expect((await query.get(`/api/friends/${ada.groups.friends}/friends`)).statusCode).toBe(401);
      const member = await query.get(`/api/friends/${ada.groups.friends}/friends`, { as: grace });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ message: OWNER_ONLY });
      const wrongKind = await query.get(`/api/business/${ada.groups.friends}/members`, { as: ada });
      expect(wrongKind.statusCode).toBe(404);
      expect(wrongKind.json()).toEqual({ message: 'Group not found' });
    });
  });
});
