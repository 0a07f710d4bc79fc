import pg from 'pg';
import {
  DELEGATE_ID_REQUIRED,
  DELEGATE_NOT_ELIGIBLE,
  DELEGATE_NOT_FOUND,
  DELEGATION_NOT_FOUND,
  NOT_A_CITIZEN,
  NO_SELF_DELEGATION,
  SEARCH_GROUP_REQUIRED,
  SEARCH_NAME_REQUIRED,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, uniqueEmail } from '../../../test-support/http-client';
import { registerMember, verifyCitizen } from '../../../test-support/members';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ALLIANCE, INTERNATIONAL, ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';

const OMAN = { name: 'Oman', groupId: 1512 };
const UNKNOWN = '5b0a8f73-3b1f-4d39-9a7e-7f3ab1b7c111';
let nationalIds = 0;
/** A national id nobody else in this file uses. */
const nationalId = () => `77${String((nationalIds += 1)).padStart(8, '0')}`;
/** How the search shows an address (docs/decisions.md, Liquid delegation): its first letter, then the domain. */
const masked = (email: string) => `${email[0]}\u2022\u2022\u2022@${email.split('@')[1]}`;
/** Every string in a JSON answer, however deep. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];

interface Delegation {
  id: string;
  delegateId: string;
  groupId: number;
  isActive: boolean;
}

describe('delegation commands (docs/product.md, Calls, Delegation)', () => {
  let server: TestServer;
  let ada: Member;
  let zoe: Member;
  let grace: Member;
  let resident: Member;
  let omani: Member;
  let subscriber: Member;

  /** A member with the names given, signed in. */
  const member = (firstName: string, lastName: string) => newMember(server, firstName, lastName);
  const citizen = async (firstName: string, lastName: string, country = SAUDI_ARABIA.name) => {
    const created = await member(firstName, lastName);
    expect((await verify(created, country, nationalId())).status).toBe(200);
    return created;
  };
  const search = (who: Member | TestClient, body: Record<string, unknown>) =>
    ('browser' in who ? who.browser : who).json('POST', '/api/delegates/search', body);
  /** Searches until the read side has caught up with the members the test just made (their standing is projected). */
  const searchUntil = async (who: Member, body: Record<string, unknown>, ids: string[]) =>
    eventually(
      () => search(who, body),
      (answer) => ids.every((id) => answer.body.delegates?.some((found: { id: string }) => found.id === id)),
    );
  const assign = (who: Member, body: Record<string, unknown>, path = '/api/delegates/assign') => who.browser.json('POST', path, body);
  const myDelegations = async (who: Member) => (await who.browser.json('GET', '/api/user/delegations')).body as Delegation[];

  beforeAll(async () => {
    server = await startTestServer();
    [ada, zoe, grace, resident, omani, subscriber] = await Promise.all([
      citizen('Ada', 'Lovelace'),
      citizen('Zoë', 'Ångström'),
      citizen('Grace', 'Hopper'),
      member('Zoe', 'Resident'),
      citizen('Zoe', 'Al-Busaidi', OMAN.name),
      member('Zoé', 'Subscriber'),
    ]);
    await subscribe(subscriber, server);
  });
  afterAll(async () => server?.close());

  describe('POST /api/delegates/search', () => {
    it('refuses an empty name, a missing group and a visitor with the messages of docs/product.md, Rules', async () => {
      expect(await search(ada, { username: '', groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: SEARCH_NAME_REQUIRED } });
      expect(await search(ada, { username: '   ', groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: SEARCH_NAME_REQUIRED } });
      expect(await search(ada, { groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: SEARCH_NAME_REQUIRED } });
      for (const groupId of [undefined, '', null, 'Saudi', 0]) {
        expect(await search(ada, { username: 'Zoe', groupId })).toEqual({ status: 400, body: { message: SEARCH_GROUP_REQUIRED } });
      }
      expect((await search(new TestClient(server.baseUrl), { username: 'Zoe', groupId: SAUDI_ARABIA.groupId })).status).toBe(401);
    });

    it('searches any group the member can see, and answers 404 for an unknown group', async () => {
      // Islam (religion): everyone takes part there.
      await searchUntil(ada, { username: 'hopper', groupId: ISLAM }, [grace.userId]);
      expect(await search(ada, { username: 'Zoe', groupId: 999_999 })).toEqual({ status: 404, body: { message: 'Group not found' } });
    });

    it('finds a family group\u2019s own members by name, never outsiders, and only for its members', async () => {
      // Not citizens: the harvesting test below counts every citizen of Saudi Arabia it knows.
      const [owner, relative, outsider] = await Promise.all([member('Maryam', 'Familyowner'), member('Layla', 'Familyname'), member('Karim', 'Familyname')]);
      const groupId = await ownGroup(owner, 'family');
      const invitation = (await owner.browser.json('POST', '/api/family/invite', { email: relative.email })).body;
      const token = String(invitation.invitationLink).split('/').at(-1);
      expect((await relative.browser.json('POST', `/api/family/invite/${token}/accept`)).status).toBe(200);

      const found = await searchUntil(owner, { username: 'familyname', groupId }, [relative.userId]);
      expect(found.body.delegates.map((one: { id: string }) => one.id)).toEqual([relative.userId]);
      // The relative finds the owner; the outsider, who shares the name, is in neither answer.
      expect((await searchUntil(relative, { username: 'maryam', groupId }, [owner.userId])).body.delegates).toEqual([
        { id: owner.userId, firstName: 'Maryam', lastName: 'Familyowner', email: masked(owner.email), isVerified: false },
      ]);
      // To someone outside the family the group does not exist, so its members cannot be listed.
      expect(await search(outsider, { username: 'familyname', groupId })).toEqual({ status: 404, body: { message: 'Group not found' } });
      expect((await search(new TestClient(server.baseUrl), { username: 'familyname', groupId })).status).toBe(401);
    });

    it('finds members who may take part in the group by first or last name, in any case and with or without accents', async () => {
      const found = await searchUntil(ada, { username: 'zoe', groupId: SAUDI_ARABIA.groupId }, [zoe.userId]);
      // Only Saudi citizens: not the unverified resident, not the Omani citizen, not the subscriber.
      expect(found).toEqual({
        status: 200,
        body: { delegates: [{ id: zoe.userId, firstName: 'Zoë', lastName: 'Ångström', email: masked(zoe.email), isVerified: true }] },
      });
      for (const username of ['ZOË', 'angstrom', 'ÅNGSTRÖM', 'Zoe\u0308', 'zoë ångström', 'oë Å']) {
        expect(
          (await search(ada, { username, groupId: SAUDI_ARABIA.groupId })).body.delegates.map((one: { id: string }) => one.id),
          username,
        ).toEqual([zoe.userId]);
      }
      expect((await search(ada, { username: 'hopper', groupId: SAUDI_ARABIA.groupId })).body.delegates.map((one: { id: string }) => one.id)).toEqual([
        grace.userId,
      ]);
      // The search term's own wildcards are taken literally.
      expect((await search(ada, { username: '%', groupId: SAUDI_ARABIA.groupId })).body).toEqual({ delegates: [] });
      expect((await search(ada, { username: 'Z_e', groupId: SAUDI_ARABIA.groupId })).body).toEqual({ delegates: [] });
    });

    it('never lists the member searching', async () => {
      await searchUntil(zoe, { username: 'Lovelace', groupId: SAUDI_ARABIA.groupId }, [ada.userId]);
      expect((await search(ada, { username: 'Lovelace', groupId: SAUDI_ARABIA.groupId })).body).toEqual({ delegates: [] });
    });

    it('lists subscribers in International, with whether they are verified, and only leaders in the Alliance', async () => {
      await subscribe(zoe, server);
      const found = await searchUntil(ada, { username: 'zoe', groupId: INTERNATIONAL }, [zoe.userId, subscriber.userId]);
      expect(found.body.delegates).toEqual([
        { id: zoe.userId, firstName: 'Zoë', lastName: 'Ångström', email: masked(zoe.email), isVerified: true },
        { id: subscriber.userId, firstName: 'Zoé', lastName: 'Subscriber', email: masked(subscriber.email), isVerified: false },
      ]);
      // Nobody here leads a group.
      expect(await search(ada, { username: 'zoe', groupId: ALLIANCE })).toEqual({ status: 200, body: { delegates: [] } });
    });

    it('hands a brand-new unverified account no member\u2019s e-mail address, only its first letter and domain', async () => {
      // Citizens whose addresses a harvester wants, some signed up with capitals in them.
      const targets = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const { client, userId, email } = await registerMember(server.baseUrl, {
            email: uniqueEmail(index % 2 ? `Aaron.Target${index}` : `aaron${index}`),
            firstName: 'Aaron',
            lastName: `Target ${index}`,
          });
          await verifyCitizen(client, SAUDI_ARABIA.name, nationalId());
          return { userId, email };
        }),
      );
      const harvester = await member('Eve', 'Harvester');
      const addresses = new Map([ada, zoe, grace, resident, omani, subscriber, ...targets].map((one) => [one.userId, one.email]));
      // One letter: as many members of the group as the search answers.
      const found = await eventually(
        () => search(harvester, { username: 'a', groupId: SAUDI_ARABIA.groupId }),
        (answer) => targets.every((target) => answer.body.delegates?.some((one: { id: string }) => one.id === target.userId)),
      );
      expect(found.body.delegates.length).toBeGreaterThanOrEqual(targets.length + 2);
      const shown = stringsIn(found.body).map((one) => one.toLowerCase());
      for (const email of addresses.values()) {
        const [local] = email.toLowerCase().split('@');
        for (const one of shown) {
          expect(one).not.toContain(email.toLowerCase());
          expect(one).not.toContain(local);
        }
      }
      for (const delegate of found.body.delegates as Array<{ id: string; email: string }>) expect(delegate.email).toBe(masked(addresses.get(delegate.id)!));
    });

    it('answers at most 20 members', async () => {
      const many = await Promise.all(Array.from({ length: 21 }, (_, index) => citizen('Many', `Namesake ${String(index).padStart(2, '0')}`, OMAN.name)));
      const found = await eventually(
        () => search(omani, { username: 'namesake', groupId: OMAN.groupId }),
        (answer) => answer.body.delegates?.length === 20,
      );
      expect(found.body.delegates.map((one: { id: string }) => one.id)).toEqual(many.slice(0, 20).map((one) => one.userId));
    });
  });

  describe('POST /api/delegates/assign and POST /api/delegations', () => {
    it('validates the body: the delegate and the group are required', async () => {
      expect(await assign(ada, { groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: DELEGATE_ID_REQUIRED } });
      expect(await assign(ada, { delegateId: '  ', groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: DELEGATE_ID_REQUIRED } });
      expect(await assign(ada, { delegateId: zoe.userId })).toEqual({ status: 400, body: { message: SEARCH_GROUP_REQUIRED } });
      expect(await assign(ada, { delegateId: zoe.userId, groupId: 'x' }, '/api/delegations')).toEqual({
        status: 400,
        body: { message: SEARCH_GROUP_REQUIRED },
      });
      expect(
        (await new TestClient(server.baseUrl).json('POST', '/api/delegates/assign', { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId })).status,
      ).toBe(401);
    });

    it('refuses an unknown delegate, oneself, an unknown group, and delegates or delegators who may not take part', async () => {
      for (const delegateId of ['not-a-user', UNKNOWN]) {
        expect(await assign(ada, { delegateId, groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 404, body: { message: DELEGATE_NOT_FOUND } });
      }
      expect(await assign(ada, { delegateId: ada.userId, groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 400, body: { message: NO_SELF_DELEGATION } });
      expect(await assign(ada, { delegateId: zoe.userId, groupId: 999_999 })).toEqual({ status: 404, body: { message: 'Group not found' } });
      // The delegate must be able to take part: the resident is no citizen, the Omani citizen not a Saudi one.
      expect(await assign(ada, { delegateId: resident.userId, groupId: SAUDI_ARABIA.groupId })).toEqual({
        status: 403,
        body: { message: DELEGATE_NOT_ELIGIBLE },
      });
      expect(await assign(ada, { delegateId: omani.userId, groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 403, body: { message: DELEGATE_NOT_ELIGIBLE } });
      // So must the delegator: only members who may take part carry weight.
      expect(await assign(resident, { delegateId: ada.userId, groupId: SAUDI_ARABIA.groupId })).toEqual({ status: 403, body: { message: NOT_A_CITIZEN } });
      const refused = await assign(resident, { delegateId: subscriber.userId, groupId: INTERNATIONAL });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('Subscription required');
      expect(await myDelegations(ada)).toEqual([]);
      expect(
        await server.query(`select 1 from events where stream_id like 'delegation-%' and data->>'delegatorId' in ($1, $2)`, [ada.userId, resident.userId]),
      ).toEqual([]);
    });

    it('names a delegate, keeps the same one, and replaces it with another', async () => {
      const first = await assign(ada, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        position: expect.any(String),
        delegation: {
          id: expect.any(String),
          delegatorId: ada.userId,
          delegateId: zoe.userId,
          groupId: SAUDI_ARABIA.groupId,
          isActive: true,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          delegate: { firstName: 'Zoë', lastName: 'Ångström', profileImageUrl: null },
          group: { name: 'Saudi Arabia' },
        },
      });
      // The same delegate again changes nothing and answers the same delegation.
      const again = await assign(ada, { delegateId: zoe.userId.toUpperCase(), groupId: SAUDI_ARABIA.groupId }, '/api/delegations');
      expect(again).toEqual({ status: 200, body: { position: null, delegation: first.body.delegation } });

      const changed = await assign(ada, { delegateId: grace.userId, groupId: SAUDI_ARABIA.groupId }, '/api/delegations');
      expect(changed.body.delegation).toMatchObject({ delegateId: grace.userId, isActive: true, delegate: { firstName: 'Grace', lastName: 'Hopper' } });
      expect(changed.body.delegation.id).not.toBe(first.body.delegation.id);
      const events = await server.query(`select type, data from events where stream_id = $1 order by stream_position`, [
        `delegation-${SAUDI_ARABIA.groupId}-${ada.userId}`,
      ]);
      expect(events.map((event) => [event.type, event.data.delegateId, event.data.previousDelegationId, event.data.previousDelegateId])).toEqual([
        ['DelegationAssigned', zoe.userId, null, null],
        ['DelegationAssigned', grace.userId, first.body.delegation.id, zoe.userId],
      ]);
      // The member's list: newest first, the replaced one ended.
      const listed = await eventually(
        () => myDelegations(ada),
        (list) => list.length === 2,
      );
      expect(listed.map((one) => [one.id, one.delegateId, one.isActive])).toEqual([
        [changed.body.delegation.id, grace.userId, true],
        [first.body.delegation.id, zoe.userId, false],
      ]);
      // The command's answer is what the reads show afterwards.
      expect(listed[0]).toEqual(changed.body.delegation);
    });
  });

  describe('DELETE /api/delegations/<groupId> and DELETE /api/delegates/<id>', () => {
    it('ends the member\u2019s delegation in a group, then answers 404', async () => {
      const member = await citizen('Hind', 'Revoker');
      expect((await assign(member, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
      const ended = await member.browser.json('DELETE', `/api/delegations/${SAUDI_ARABIA.groupId}`);
      expect(ended).toEqual({ status: 200, body: { position: expect.any(String), delegation: null } });
      expect(await member.browser.json('DELETE', `/api/delegations/${SAUDI_ARABIA.groupId}`)).toEqual({ status: 404, body: { message: DELEGATION_NOT_FOUND } });
      for (const groupId of ['abc', '0', '99999999999', String(ISLAM)]) {
        expect(await member.browser.json('DELETE', `/api/delegations/${groupId}`), groupId).toEqual({ status: 404, body: { message: DELEGATION_NOT_FOUND } });
      }
      expect((await new TestClient(server.baseUrl).json('DELETE', `/api/delegations/${SAUDI_ARABIA.groupId}`)).status).toBe(401);
      const listed = await eventually(
        () => myDelegations(member),
        (list) => list.length === 1 && !list[0]!.isActive,
      );
      expect(listed.map((one) => one.isActive)).toEqual([false]);
    });

    it('ends one of the member\u2019s own delegations by its id, never anyone else\u2019s', async () => {
      const [owner, other] = [await citizen('Ibn', 'Owner'), await citizen('Noor', 'Other')];
      const made = (await assign(owner, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId })).body.delegation;
      await eventually(
        () => myDelegations(owner),
        (list) => list.length === 1,
      );
      expect(await other.browser.json('DELETE', `/api/delegates/${made.id}`)).toEqual({ status: 404, body: { message: DELEGATION_NOT_FOUND } });
      for (const id of ['nope', UNKNOWN])
        expect(await owner.browser.json('DELETE', `/api/delegates/${id}`)).toEqual({ status: 404, body: { message: DELEGATION_NOT_FOUND } });
      expect((await new TestClient(server.baseUrl).json('DELETE', `/api/delegates/${made.id}`)).status).toBe(401);
      expect(await owner.browser.json('DELETE', `/api/delegates/${made.id}`)).toEqual({
        status: 200,
        body: { position: expect.any(String), delegation: null },
      });
      expect((await myDelegations(owner)).map((one) => one.isActive)).toEqual([false]);
      // An ended delegation cannot be ended again, even while a newer one is active.
      expect((await assign(owner, { delegateId: grace.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
      expect(await owner.browser.json('DELETE', `/api/delegates/${made.id}`)).toEqual({ status: 404, body: { message: DELEGATION_NOT_FOUND } });
    });

    it('ends a delegation by its id straight after making it, before any read has seen it', async () => {
      const hasty = await citizen('Hana', 'Hasty');
      // The projector cannot write delegations until the lock goes: the delete comes before any projection of it.
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table read_model.delegations in exclusive mode');
        const made = (await assign(hasty, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId })).body.delegation;
        setTimeout(() => void holder.query('commit'), 300);
        expect(await hasty.browser.json('DELETE', `/api/delegates/${made.id}`)).toEqual({
          status: 200,
          body: { position: expect.any(String), delegation: null },
        });
      } finally {
        await holder.query('commit').catch(() => undefined);
        await holder.end();
      }
    });

    it('lets a member who may no longer take part still end a delegation', async () => {
      const member = await citizen('Sara', 'Leaving');
      const groupId = await ownGroup(member, 'friends');
      const friend = (await member.browser.json('POST', '/api/friends/invite', { email: grace.email })).body;
      const token = String(friend.invitationLink).split('/').at(-1);
      expect((await grace.browser.json('POST', `/api/friends/invite/${token}/accept`)).status).toBe(200);
      expect((await assign(grace, { delegateId: member.userId, groupId })).status).toBe(200);
      expect((await member.browser.json('POST', `/api/friends/${groupId}/cut/${grace.userId}`)).status).toBe(200);
      // Grace is no member any more: she cannot name a delegate there, but she can end hers.
      expect(await assign(grace, { delegateId: member.userId, groupId })).toEqual({
        status: 403,
        body: { message: 'Only members of this group can participate.' },
      });
      expect((await grace.browser.json('DELETE', `/api/delegations/${groupId}`)).status).toBe(200);
    });
  });

  it('lands two members\u2019 delegation changes made at the same moment, and one member\u2019s own changes one after another', async () => {
    const [first, second] = [await citizen('Concurrent', 'One'), await citizen('Concurrent', 'Two')];
    const answers = await Promise.all([
      assign(first, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId }),
      assign(second, { delegateId: zoe.userId, groupId: SAUDI_ARABIA.groupId }),
      assign(first, { delegateId: grace.userId, groupId: SAUDI_ARABIA.groupId }),
      assign(second, { delegateId: grace.userId, groupId: SAUDI_ARABIA.groupId }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const who of [first, second]) {
      const events = await server.query(`select data from events where stream_id = $1 order by stream_position`, [
        `delegation-${SAUDI_ARABIA.groupId}-${who.userId}`,
      ]);
      // Each change saw the one before it: the second names the first as the delegation it replaces.
      expect(events.map((event) => event.data.delegateId)).toHaveLength(2);
      expect(events[1]!.data.previousDelegationId).toBe(events[0]!.data.delegationId);
      const active = await eventually(
        () => myDelegations(who),
        (list) => list.length === 2,
      );
      expect(active.filter((one) => one.isActive)).toEqual([expect.objectContaining({ delegateId: events[1]!.data.delegateId })]);
    }
  });

  it('counts a delegate\u2019s vote with the weight lent to them, shows the receipt, and the weight the delegate carries', async () => {
    const [lender, delegate, voter] = [await citizen('Lina', 'Lender'), await citizen('Dana', 'Delegate'), await citizen('Vera', 'Voter')];
    await subscribe(voter, server);
    const topic = (await voter.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic;
    const opinion = (await voter.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Open the libraries later.' })).body.opinion;
    expect((await assign(lender, { delegateId: delegate.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
    expect((await delegate.browser.json('POST', '/api/votes', { opinionId: opinion.id, voteType: 'support' })).status).toBe(200);
    expect((await voter.browser.json('POST', '/api/votes', { opinionId: opinion.id, voteType: 'oppose' })).status).toBe(200);

    // Read at the delegate's position: their vote weighs two, the direct counts stay one each.
    delegate.browser.position = [delegate.browser.position!, lender.browser.position!, voter.browser.position!].sort().at(-1)!;
    const listed = (await delegate.browser.json('GET', `/api/topics/${topic.id}/opinions`)).body[0];
    expect(listed).toMatchObject({ id: opinion.id, supportCount: 1, opposeCount: 1, weightedSupport: 2, weightedOppose: 1, voteCount: 1 });
    expect((await delegate.browser.json('GET', `/api/topics/${topic.id}/stats`)).body).toMatchObject({ totalVotes: 2, support: 2, oppose: 1 });
    const carried = await delegate.browser.json('GET', `/api/delegations/${SAUDI_ARABIA.groupId}`);
    expect(carried.body).toEqual({ groupId: SAUDI_ARABIA.groupId, delegation: null, carried: { directDelegators: 1, weight: 2 } });

    lender.browser.position = delegate.browser.position;
    const receipt = await lender.browser.json('GET', `/api/opinions/${opinion.id}/receipt`);
    expect(receipt.body).toMatchObject({ outcome: 'delegated', joinedVote: 'support', summary: 'Lina Lender -> Dana Delegate (support)' });
    expect((await lender.browser.json('GET', `/api/delegations/${SAUDI_ARABIA.groupId}`)).body.delegation).toMatchObject({
      delegateId: delegate.userId,
      isActive: true,
    });
  });
});
