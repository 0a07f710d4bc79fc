import {
  ACCOUNT_DELETED,
  DELETED_MEMBER,
  DELEGATE_NOT_FOUND,
  PASSWORD_REQUIRED_TO_DELETE,
  PostgresEventStore,
  WRONG_PASSWORD,
  createEventRegistry,
} from '@civitas/events';
import { buildFreshReadModels, projections, readModelDigest } from '@civitas/projector';
import { createKysely } from '@civitas/service-kit';
import { PersonalDataVault, isSealed } from '@civitas/service-kit/personal-data';
import { ProfileImageStore } from '@civitas/service-kit/profile-images';
import { READ_SCHEMA, readCheckpoints } from '@civitas/service-kit/read-models';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration } from '../../../test-support/http-client';
import { openLive } from '../../../test-support/live-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { SAUDI_ARABIA, subscribe, verify, type Member } from '../participation/members';

const PASSWORD = 'correct horse battery staple';
// Words no one else in this file uses: whatever still holds one of them after erasure leaks her data.
const ZENOBIA = {
  firstName: 'Zenobia',
  lastName: 'Quixtersmith',
  email: `zenobia.quixtersmith.${Date.now().toString(36)}@example.org`,
  nationalId: 'ZQ98765432',
  city: 'Quixtown',
  aboutMe: 'Zenobia builds difference engines',
  websiteUrl: 'https://zenobia.example.org',
};
const TRACES = [/zenobia/i, /quixtersmith/i, /quixtown/i, /ZQ98765432/i];

/**
 * Issue #14 item 5: an erased account's names, e-mail, national id and pictures are unreadable
 * everywhere (read models, API answers, events opened with the platform's keys) while every tally
 * it took part in is unchanged; the address and the national id are free again, sessions end.
 */
describe('DELETE /api/user: erasing an account by shredding its key', () => {
  let server: TestServer;
  let db: Kysely<any>;
  let store: PostgresEventStore;
  let zenobia: Member;
  let zenobiaElsewhere: TestClient;
  let bob: Member;
  let topicId: string;
  let bobFamily: number;
  let imageHash: string;
  beforeAll(async () => {
    server = await startTestServer();
    db = createKysely(server.databaseUrl, { max: 2 });
    store = new PostgresEventStore({ connectionString: server.databaseUrl });
  });
  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await server?.close();
  });

  const member = async (details: { firstName: string; lastName: string; email?: string }): Promise<Member> => {
    const browser = new TestClient(server.baseUrl);
    const answer = await browser.json('POST', '/api/email-auth/register', {
      ...registration(details.email, PASSWORD),
      firstName: details.firstName,
      lastName: details.lastName,
    });
    expect(answer.status).toBe(201);
    return { browser, userId: answer.body.user.id, firstName: details.firstName, email: answer.body.user.email };
  };
  const ok = async (browser: TestClient, method: string, path: string, body?: unknown) => {
    const answer = await browser.json(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  /** What Bob sees of the topic Zenobia started: its opinions with every count, and who wrote them. */
  const opinionsAsBob = async () => (await ok(bob.browser, 'GET', `/api/topics/${topicId}/opinions`)) as Array<Record<string, any>>;
  const tallies = (opinions: Array<Record<string, any>>) => opinions.map(({ user: _user, ...counts }) => counts);
  /** Every table of the read schema and the platform's own that holds one of her words anywhere in a row. */
  const tablesHoldingHerData = async () => {
    const tables = await server.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables where table_schema in ($1, 'public') and table_type = 'BASE TABLE' order by 1, 2`,
      [READ_SCHEMA],
    );
    expect(tables.length).toBeGreaterThan(20);
    const holding: string[] = [];
    for (const { schema, name } of tables) {
      const rows = await sql<{
        found: number;
      }>`select count(*)::int as found from ${sql.id(schema, name)} t where t::text ~* ${TRACES.map((trace) => trace.source).join('|')}`.execute(db);
      if (rows.rows[0]!.found > 0) holding.push(`${schema}.${name}`);
    }
    return holding;
  };
  const sealedIn = (value: unknown): string[] => {
    if (typeof value === 'string') return isSealed(value) ? [value] : [];
    return value && typeof value === 'object' ? Object.values(value).flatMap(sealedIn) : [];
  };

  it('sets the scene: Zenobia takes part everywhere, Bob delegates to her and invites her', async () => {
    zenobia = await member({ ...ZENOBIA });
    bob = await member({ firstName: 'Bob', lastName: 'Builder' });
    await ok(zenobia.browser, 'PUT', '/api/user/profile', { ...ZENOBIA, email: undefined, nationalId: undefined });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${server.baseUrl}/api/user/profile-image`, { method: 'POST', headers: { cookie: zenobia.browser.cookieHeader }, body: form });
    expect(uploaded.status).toBe(200);
    imageHash = /([0-9a-f]{64})/.exec(((await uploaded.json()) as { profileImageUrl: string }).profileImageUrl)![1]!;

    expect((await verify(zenobia, SAUDI_ARABIA.name, ZENOBIA.nationalId)).status).toBe(200);
    expect((await verify(bob, SAUDI_ARABIA.name, 'BB11223344')).status).toBe(200);
    await subscribe(zenobia, server);
    const topic = await ok(zenobia.browser, 'POST', '/api/topics', {
      title: 'Extend library opening hours',
      description: 'Libraries should open until 22:00 on weekdays for students and workers.',
      type: 'law_amendment',
      groupId: SAUDI_ARABIA.groupId,
    });
    topicId = topic.topic.id;
    const hers = await ok(zenobia.browser, 'POST', '/api/opinions', { topicId, content: 'Until 22:00 on weekdays, 18:00 at weekends.' });
    const his = await ok(bob.browser, 'POST', '/api/opinions', { topicId, content: 'Until midnight, every day.' });
    await ok(zenobia.browser, 'POST', '/api/votes', { opinionId: his.opinion.id, voteType: 'support' });
    await ok(zenobia.browser, 'POST', '/api/votes', { opinionId: hers.opinion.id, voteType: 'support' });
    // Bob lends Zenobia his weight in the group: her votes carry two.
    await ok(bob.browser, 'POST', '/api/delegations', { delegateId: zenobia.userId, groupId: SAUDI_ARABIA.groupId });
    await ok(zenobia.browser, 'POST', '/api/chat/messages', { topicId, message: 'See you at the library.' });
    const invited = await ok(bob.browser, 'POST', '/api/family/invite', { email: ZENOBIA.email });
    const accepted = await ok(zenobia.browser, 'POST', `/api/family/invite/${(invited.invitationLink as string).split('/').pop()}/accept`);
    bobFamily = accepted.groupId;

    zenobiaElsewhere = new TestClient(server.baseUrl);
    expect((await zenobiaElsewhere.post('/api/email-auth/login', { email: ZENOBIA.email, password: PASSWORD })).status).toBe(200);
    const opinions = await eventually(opinionsAsBob, (list) => list.some((opinion) => opinion.weightedSupport === 2));
    expect(opinions.map((opinion) => opinion.user.firstName).sort()).toEqual(['Bob', 'Zenobia']);
    // What the checks below look for is there before the erasure: in the read models, and sealed in her events.
    expect(await eventually(tablesHoldingHerData, (holding) => holding.length >= 3)).toEqual(
      expect.arrayContaining([`${READ_SCHEMA}.invitations`, `${READ_SCHEMA}.user_verifications`, `${READ_SCHEMA}.users`]),
    );
    const [registered] = await server.query<{ data: unknown }>(`select data from events where type = 'UserRegistered' and stream_id = $1`, [
      `user-${zenobia.userId}`,
    ]);
    const opened = await new PersonalDataVault(db).revealAll(zenobia.userId, sealedIn(registered!.data));
    expect(opened.sort()).toEqual(['Quixtersmith', 'Zenobia', ZENOBIA.email].sort());
  });

  it('refuses without the right password, erasing nothing', async () => {
    expect(await zenobia.browser.json('DELETE', '/api/user', { password: 'not my password' })).toEqual({ status: 403, body: { message: WRONG_PASSWORD } });
    expect(await zenobia.browser.json('DELETE', '/api/user', {})).toEqual({ status: 400, body: { message: PASSWORD_REQUIRED_TO_DELETE } });
    expect(await zenobia.browser.json('DELETE', '/api/user')).toEqual({ status: 400, body: { message: PASSWORD_REQUIRED_TO_DELETE } });
    expect(await new TestClient(server.baseUrl).json('DELETE', '/api/user', { password: PASSWORD })).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    });
    expect((await zenobia.browser.json('GET', '/api/auth/user')).body.firstName).toBe('Zenobia');
    expect(await server.query(`select 1 from events where type = 'AccountErased'`)).toEqual([]);
  });

  let before: Array<Record<string, any>>;
  let bobStatsBefore: unknown;
  let weightedBefore: unknown;

  it('erases the account: the answer signs the browser out, every other session and socket ends', async () => {
    before = tallies(await opinionsAsBob());
    bobStatsBefore = await ok(bob.browser, 'GET', '/api/user/stats');
    weightedBefore = await server.query(`select subject_id, choice, weight from read_model.weighted_tallies order by 1, 2`);
    const socket = await openLive(server.baseUrl, { cookie: zenobiaElsewhere.cookieHeader, origin: server.baseUrl });

    const erased = await zenobia.browser.request('DELETE', '/api/user', { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ position: expect.stringMatching(/^[0-9a-f]{16}-[0-9a-f]{16}$/), message: ACCOUNT_DELETED });
    expect(erased.headers.getSetCookie().join('\n')).toMatch(/civitas_session=;/);
    expect((await socket.closed).code).toBe(4001);
    for (const browser of [zenobia.browser, zenobiaElsewhere]) expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);
    expect(await server.query(`select 1 from sessions where sess->>'userId' = $1`, [zenobia.userId])).toEqual([]);
    // Her password no longer opens anything: the account no longer exists for any way in.
    expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email: ZENOBIA.email, password: PASSWORD })).status).toBe(401);
    const [event] = await server.query<{ data: unknown; metadata: { actorId: string } }>(`select data, metadata from events where type = 'AccountErased'`);
    expect(event!.data).toEqual({ userId: zenobia.userId, erasedBy: zenobia.userId, via: 'password' });
    expect(event!.metadata.actorId).toBe(zenobia.userId);
  });

  it('keeps every tally she took part in, her votes and opinions counted under "Deleted member"', async () => {
    const after = await eventually(opinionsAsBob, (list) => list.some((opinion) => opinion.user.firstName === DELETED_MEMBER));
    expect(tallies(after)).toEqual(before);
    const authors = after.map((opinion) => [opinion.user.firstName, opinion.user.lastName, opinion.user.profileImageUrl]);
    expect(authors).toContainEqual([DELETED_MEMBER, null, null]);
    expect(authors).toContainEqual(['Bob', 'Builder', null]);
    expect(await ok(bob.browser, 'GET', '/api/user/stats')).toEqual(bobStatsBefore);
    expect(await server.query(`select subject_id, choice, weight from read_model.weighted_tallies order by 1, 2`)).toEqual(weightedBefore);
    const [row] = await server.query(
      `select id, email, first_name, last_name, about_me, city, website_url, profile_image_url, erased_at is not null as erased from read_model.users where id = $1`,
      [zenobia.userId],
    );
    expect(row).toEqual({
      id: zenobia.userId,
      email: null,
      first_name: null,
      last_name: null,
      about_me: null,
      city: null,
      website_url: null,
      profile_image_url: null,
      erased: true,
    });
  });

  it('leaves her name, e-mail and national id in no API answer', async () => {
    const answers = await Promise.all(
      [
        `/api/topics/${topicId}`,
        `/api/topics/${topicId}/opinions`,
        `/api/topics/${topicId}/messages`,
        `/api/groups/${SAUDI_ARABIA.groupId}/topics`,
        '/api/user/delegations',
        `/api/delegations/${SAUDI_ARABIA.groupId}`,
        `/api/groups/${bobFamily}`,
        '/api/user/groups',
        `/api/laws/${SAUDI_ARABIA.groupId}`,
        '/api/user/activity',
        '/api/user/delegations/overview',
      ].map(async (path) => [path, await bob.browser.json('GET', path)] as const),
    );
    for (const [path, answer] of answers) {
      expect(answer.status, path).toBeLessThan(500);
      for (const trace of TRACES) expect(JSON.stringify(answer.body), path).not.toMatch(trace);
    }
    // Bob's delegate is a deleted member now; his delegation still counts.
    const delegations = answers.find(([path]) => path === '/api/user/delegations')![1].body as Array<{ delegate: { firstName: string } }>;
    expect(delegations.map((delegation) => delegation.delegate.firstName)).toEqual([DELETED_MEMBER]);
    // It stays, but nobody can name her as a new delegate.
    expect(await bob.browser.json('POST', '/api/delegations', { delegateId: zenobia.userId, groupId: SAUDI_ARABIA.groupId })).toEqual({
      status: 404,
      body: { message: DELEGATE_NOT_FOUND },
    });
    // So in his profile's Delegations tab and Activity.
    expect(JSON.stringify(answers.find(([path]) => path === '/api/user/delegations/overview')![1].body)).toContain(DELETED_MEMBER);
    expect(JSON.stringify(answers.find(([path]) => path === '/api/user/activity')![1].body)).toContain(DELETED_MEMBER);
    // Her picture is gone from the store and from its address.
    expect(await server.query(`select 1 from profile_images where user_id = $1`, [zenobia.userId])).toEqual([]);
    expect(await new ProfileImageStore(db).get(imageHash)).toBeNull();
    expect((await bob.browser.get(`/api/images/${imageHash}.jpg`)).status).toBe(404);
  });

  it('leaves her data in no read model table, nor in clear anywhere in the database', async () => {
    expect(await tablesHoldingHerData()).toEqual([]);
  });

  it('leaves nothing of her readable in the events, even opened with every key the platform holds', async () => {
    const vault = new PersonalDataVault(db);
    const subjects = (await server.query<{ subject_id: string }>('select subject_id from subject_keys')).map((row) => row.subject_id);
    expect(subjects).not.toContain(zenobia.userId);
    const events = await server.query<{ type: string; stream_id: string; data: unknown; metadata: unknown }>(
      'select type, stream_id, data, metadata from events',
    );
    for (const event of events) for (const trace of TRACES) expect(JSON.stringify(event), event.type).not.toMatch(trace);
    const sealedValues = events.flatMap((event) => sealedIn(event.data));
    const herEvents = events.filter((event) => event.stream_id === `user-${zenobia.userId}`);
    expect(herEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'ProfileUpdated', 'VerificationSubmitted', 'AccountErased']),
    );
    expect(sealedValues.length).toBeGreaterThan(10);
    // Her own values open to nothing with her id ...
    const hers = herEvents.flatMap((event) => sealedIn(event.data));
    expect(hers.length).toBeGreaterThanOrEqual(8);
    expect(await Promise.all(hers.map((value) => vault.open(zenobia.userId, value)))).toEqual(hers.map(() => null));
    // ... and no sealed value anywhere opens, with any key left, to anything of hers.
    for (const subjectId of subjects) {
      const opened = await vault.openEach(sealedValues.map((sealed) => ({ subjectId, sealed })));
      for (const plain of opened) if (plain !== null) for (const trace of TRACES) expect(plain).not.toMatch(trace);
    }
  });

  it('projects the same read models when every event is replayed from the start', async () => {
    const registry = createEventRegistry();
    const head = await store.headPosition();
    const caughtUp = (checkpoints: Map<string, string>) => projections.every((projection) => (checkpoints.get(projection.name) ?? '') >= head);
    expect(caughtUp(await eventually(() => readCheckpoints(db), caughtUp))).toBe(true);
    const live = await readModelDigest(db);
    const fresh = await buildFreshReadModels({ store, db, registry, projections });
    try {
      expect(await readModelDigest(db, fresh.schema)).toEqual(live);
    } finally {
      await sql`drop schema ${sql.id(fresh.schema)} cascade`.execute(db);
    }
  });

  it('frees her e-mail address and national id: both can be used by a new account', async () => {
    const again = await member({ firstName: 'Zenobia', lastName: 'Anew', email: ZENOBIA.email });
    expect(again.userId).not.toBe(zenobia.userId);
    expect((await verify(again, SAUDI_ARABIA.name, ZENOBIA.nationalId)).status).toBe(200);
    // The old account is not revived: its row keeps only its id.
    expect(await server.query(`select email from read_model.users where id = $1`, [zenobia.userId])).toEqual([{ email: null }]);
  });

  it('cannot be erased twice, nor by a session that outlived it', async () => {
    expect((await zenobia.browser.json('DELETE', '/api/user', { password: PASSWORD })).status).toBe(401);
  });
});
