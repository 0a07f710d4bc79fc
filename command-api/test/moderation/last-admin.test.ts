import { LAST_ADMIN, LAST_ADMIN_BAN, LAST_ADMIN_ERASE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { startCommandApiReplica } from '../http-edge/command-api-replica';
import { newMember, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

const PASSWORD = registration().password;
const ROUNDS = 4;

/**
 * docs/decisions.md, The last admin: whatever the order or timing of revocations, bans and
 * erasures, in one process or two, one active admin remains.
 */
describe('the last admin is never removed', () => {
  let server: TestServer;
  let replica: Awaited<ReturnType<typeof startCommandApiReplica>>;
  /** The one active admin between rounds. */
  let survivor: Member;

  beforeAll(async () => {
    server = await startTestServer();
    replica = await startCommandApiReplica(server.databaseUrl);
    // Made admin by an event alone, as ADMIN_EMAILS and existing data are: the roster must count them.
    survivor = await makeAdmin(server, await newMember(server, 'First'));
  });
  afterAll(async () => {
    await replica?.close();
    await server?.close();
  });

  /** Who is an active admin now, folded from the events themselves (not a read model). */
  async function activeAdmins(): Promise<string[]> {
    const rows = await server.query<{ type: string; user_id: string; role: string | null }>(
      `select type, data->>'userId' as user_id, data->>'role' as role from events
       where type in ('UserRoleGranted', 'UserRoleRevoked', 'UserBanned', 'UserUnbanned', 'AccountErased') order by transaction_id, global_position`,
    );
    const standing = new Map<string, { admin: boolean; banned: boolean; erased: boolean }>();
    for (const { type, user_id: userId, role } of rows) {
      const state = standing.get(userId) ?? { admin: false, banned: false, erased: false };
      if (type === 'UserRoleGranted' && role === 'admin') state.admin = true;
      if (type === 'UserRoleRevoked' && role === 'admin') state.admin = false;
      if (type === 'UserBanned') state.banned = true;
      if (type === 'UserUnbanned') state.banned = false;
      if (type === 'AccountErased') state.erased = true;
      standing.set(userId, state);
    }
    return [...standing].filter(([, state]) => state.admin && !state.banned && !state.erased).map(([userId]) => userId);
  }

  /** A second admin, granted by the survivor through the route: exactly two active admins. */
  async function secondAdmin(name: string): Promise<Member> {
    const member = await newMember(server, name);
    expect((await survivor.browser.json('POST', `/api/admin/users/${member.userId}/roles`, { role: 'admin' })).status).toBe(200);
    expect(await activeAdmins()).toHaveLength(2);
    // Not needed by the command side (it reads roles from the streams), but it lets the race reach the rule on a side that read the users read model.
    await eventually(
      () => member.browser.json('GET', '/api/auth/user'),
      (answer) => answer.body.isAdmin === true,
    );
    return member;
  }

  /** The member's session, sent to the replica process in odd rounds. */
  const via = (member: Member, round: number) =>
    round % 2 === 0 ? member.browser : Object.assign(new TestClient(replica.baseUrl), { cookies: member.browser.cookies });
  const revoke = (client: TestClient, userId: string) => client.json('DELETE', `/api/admin/users/${userId}/roles/admin`);
  const ban = (client: TestClient, userId: string) => client.json('POST', `/api/admin/users/${userId}/ban`, { reason: 'Coup' });
  const erase = (client: TestClient) => client.json('DELETE', '/api/user', { password: PASSWORD });

  /** Exactly one of the two went through; the other was refused, by the roster (409) or for no longer being an admin (403). */
  async function oneRemains(answers: Array<{ status: number; body: unknown }>, refusal: string, pair: Member[]): Promise<void> {
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.status !== 200)!;
    expect([
      { status: 409, body: { message: refusal } },
      { status: 403, body: { message: 'Admin access required' } },
    ]).toContainEqual(refused);
    const admins = await activeAdmins();
    expect(admins).toHaveLength(1);
    survivor = pair.find((member) => member.userId === admins[0])!;
    expect(survivor).toBeDefined();
  }

  it('refuses the second of two revocations one after the other, without waiting for any read model', async () => {
    const other = await secondAdmin('Second');
    expect((await revoke(survivor.browser, other.userId)).status).toBe(200);
    expect(await revoke(other.browser, survivor.userId)).toEqual({ status: 403, body: { message: 'Admin access required' } });
    // The one left cannot remove themself either.
    expect(await revoke(survivor.browser, survivor.userId)).toEqual({ status: 409, body: { message: LAST_ADMIN } });
    expect(await activeAdmins()).toEqual([survivor.userId]);
  });

  it('keeps one admin when two admins revoke each other at the same instant, in one process and across two', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const other = await secondAdmin(`Revoker${round}`);
      const pair = [survivor, other];
      const answers = await Promise.all([revoke(via(survivor, round), other.userId), revoke(other.browser, survivor.userId)]);
      await oneRemains(answers, LAST_ADMIN, pair);
    }
  });

  it('keeps one admin when two admins ban each other at the same instant, and refuses to ban the last', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const other = await secondAdmin(`Banner${round}`);
      const pair = [survivor, other];
      const answers = await Promise.all([ban(via(survivor, round), other.userId), ban(other.browser, survivor.userId)]);
      await oneRemains(answers, LAST_ADMIN_BAN, pair);
    }
    // A fresh member made admin and banned by the survivor at once: then nobody may ban the survivor.
    const other = await secondAdmin('Rogue');
    expect((await ban(survivor.browser, other.userId)).status).toBe(200);
    expect(await activeAdmins()).toEqual([survivor.userId]);
  });

  it('keeps one admin when two admins erase their accounts at the same instant, and refuses the last admin\u2019s erasure', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const other = await secondAdmin(`Eraser${round}`);
      const pair = [survivor, other];
      const answers = await Promise.all([erase(via(survivor, round)), erase(other.browser)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: LAST_ADMIN_ERASE });
      const admins = await activeAdmins();
      expect(admins).toHaveLength(1);
      survivor = pair.find((member) => member.userId === admins[0])!;
    }
    expect(await erase(survivor.browser)).toEqual({ status: 409, body: { message: LAST_ADMIN_ERASE } });
    // Refused before anything was released: the last admin still signs in.
    expect((await new TestClient(server.baseUrl).json('POST', '/api/email-auth/login', { email: survivor.email, password: PASSWORD })).status).toBe(200);
  });

  it('lets an admin go while another remains: a revocation, then a ban, then an erasure', async () => {
    for (const remove of [
      (other: Member) => revoke(survivor.browser, other.userId),
      (other: Member) => ban(survivor.browser, other.userId),
      (other: Member) => erase(other.browser),
    ]) {
      const other = await secondAdmin('Leaving');
      expect((await remove(other)).status).toBe(200);
      expect(await activeAdmins()).toEqual([survivor.userId]);
    }
  });
});
