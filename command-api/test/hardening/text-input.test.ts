import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';

// One past PostgreSQL's int4: no group can have it, and it must never reach a query as a number.
const PAST_INT4 = 2_147_483_648;
const NOT_ALLOWED = (field: string) => ({ message: `${field} contains characters that are not allowed` });

/** A request whose JSON is written out by hand, the way a script (not the web app) sends it. */
async function sendRaw(browser: TestClient, method: string, path: string, json: string) {
  const response = await fetch(`${browser.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(browser.cookies.size ? { cookie: browser.cookieHeader } : {}) },
    body: json,
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
}

describe('text input: one set of character rules for every command', () => {
  let server: TestServer;
  let citizen: Member;
  let topicId: string;
  beforeAll(async () => {
    server = await startTestServer();
    citizen = await newMember(server, 'Layla');
    expect((await verify(citizen, SAUDI_ARABIA.name, '2222222222')).status).toBe(200);
    await subscribe(citizen, server);
    const created = await citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId));
    expect(created.status).toBe(201);
    topicId = created.body.topic.id;
  });
  afterAll(async () => server?.close());

  const registrations = async () => Number((await server.query<{ count: string }>("select count(*) from events where type = 'UserRegistered'"))[0]!.count);

  it('refuses a name with a NUL before anything is stored, and the address stays free', async () => {
    const before = await registrations();
    const email = uniqueEmail('nul');
    const visitor = new TestClient(server.baseUrl);
    const body = JSON.stringify({ ...registration(email), firstName: 'Nul\u0000' });
    expect(body).toContain('Nul\\u0000');
    const refused = await sendRaw(visitor, 'POST', '/api/email-auth/register', body);
    expect(refused).toEqual({ status: 400, type: expect.stringContaining('application/json'), body: NOT_ALLOWED('First name') });
    expect(visitor.cookies.size).toBe(0);
    expect(await registrations()).toBe(before);
    expect((await visitor.json('POST', '/api/email-auth/login', { email, password: registration(email).password })).status).toBe(401);
    expect((await visitor.json('POST', '/api/email-auth/register', registration(email))).status).toBe(201);
  });

  it('refuses control characters, lone surrogates and bidi overrides in names, and keeps right-to-left names', async () => {
    const visitor = new TestClient(server.baseUrl);
    const attempt = (overrides: Record<string, string>) => visitor.json('POST', '/api/email-auth/register', { ...registration(), ...overrides });
    expect(await attempt({ lastName: 'Love\u0007lace' })).toEqual({ status: 400, body: NOT_ALLOWED('Last name') });
    expect(await attempt({ lastName: 'Love\u009blace' })).toEqual({ status: 400, body: NOT_ALLOWED('Last name') });
    expect(await attempt({ firstName: '\ud800' })).toEqual({ status: 400, body: NOT_ALLOWED('First name') });
    expect(await attempt({ firstName: 'Ada\nLovelace' })).toEqual({ status: 400, body: NOT_ALLOWED('First name') });
    expect(await attempt({ firstName: 'Ada\u202Eecalevol' })).toEqual({ status: 400, body: NOT_ALLOWED('First name') });
    expect(await attempt({ firstName: '\u2067Ada' })).toEqual({ status: 400, body: NOT_ALLOWED('First name') });
    // The product's own messages (docs/product.md, Rules) stay as they were.
    expect(await attempt({ firstName: '   ' })).toEqual({ status: 400, body: { message: 'First name is required' } });
    expect(await attempt({ lastName: 'x'.repeat(101) })).toEqual({ status: 400, body: { message: 'Last name is too long' } });
    expect(await attempt({ email: 'ada\u0000@example.org' })).toMatchObject({ status: 400, body: NOT_ALLOWED('Email') });
    expect(await attempt({ password: 'correct horse\u0000battery', confirmPassword: 'correct horse\u0000battery' })).toEqual({
      status: 400,
      body: NOT_ALLOWED('Password'),
    });

    // Arabic with a right-to-left mark (not an override) is a name like any other.
    const arabic = new TestClient(server.baseUrl);
    const registered = await arabic.json('POST', '/api/email-auth/register', { ...registration(), firstName: 'ليلى\u200F', lastName: 'العتيبي' });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ firstName: 'ليلى\u200F', lastName: 'العتيبي' });
  });

  it('stores names composed (NFC) whatever form they were typed in, and counts length after composing', async () => {
    const browser = new TestClient(server.baseUrl);
    const decomposed = 'Ame\u0301lie';
    const registered = await browser.json('POST', '/api/email-auth/register', { ...registration(), firstName: decomposed, lastName: 'Noe\u0308l' });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ firstName: 'Am\u00e9lie', lastName: 'No\u00ebl' });
    const user = await eventually(
      async () => browser.json('GET', '/api/auth/user'),
      (answer) => answer.status === 200,
    );
    expect(user.body).toMatchObject({ firstName: 'Am\u00e9lie', lastName: 'No\u00ebl' });
    expect(user.body.firstName).not.toBe(decomposed);
    // 100 composed letters are 200 code points decomposed: the limit counts the stored form.
    const long = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/register', { ...registration(), lastName: 'e\u0301'.repeat(100) });
    expect(long.status).toBe(201);
    expect(long.body.user.lastName).toBe('\u00e9'.repeat(100));
  });

  it('refuses a NUL in a national id', async () => {
    const member = await newMember(server, 'Omar');
    expect(await sendRaw(member.browser, 'POST', '/api/user/verify', JSON.stringify({ country: SAUDI_ARABIA.name, nationalId: 'abc\u0000def' }))).toEqual({
      status: 400,
      type: expect.stringContaining('application/json'),
      body: NOT_ALLOWED('National ID'),
    });
    expect(await verify(member, 'Saudi\u0000Arabia', '3333333333')).toEqual({ status: 400, body: NOT_ALLOWED('Country') });
    expect(await verify(member, SAUDI_ARABIA.name, '  ')).toEqual({ status: 400, body: { message: 'National ID must be at least 5 characters' } });
  });

  it('refuses a topic title with a NUL or a line break; a description may have line breaks', async () => {
    const create = (overrides: Record<string, unknown>) => citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, overrides));
    expect(await create({ title: 'Library\u0000hours' })).toEqual({ status: 400, body: NOT_ALLOWED('Title') });
    expect(await create({ title: 'Library\nhours' })).toEqual({ status: 400, body: NOT_ALLOWED('Title') });
    expect(await create({ title: 'Library \u202Esruoh' })).toEqual({ status: 400, body: NOT_ALLOWED('Title') });
    expect(await create({ description: 'Libraries should open\u0000 until 22:00 on weekdays.' })).toEqual({ status: 400, body: NOT_ALLOWED('Description') });
    expect(await create({ title: 'Tiny' })).toEqual({ status: 400, body: { message: 'Title must be at least 5 characters' } });
    const multiline = await create({ description: 'First point: open later.\n\tSecond point: on weekdays.\r\nThird: for students.' });
    expect(multiline.status).toBe(201);
    // Line endings arrive as sent by any system and are stored as one kind.
    expect(multiline.body.topic.description).toBe('First point: open later.\n\tSecond point: on weekdays.\nThird: for students.');
  });

  it('refuses opinions with a NUL or a lone surrogate (a 400, not a 500) and keeps paragraphs', async () => {
    const post = (content: string) => sendRaw(citizen.browser, 'POST', '/api/opinions', JSON.stringify({ topicId, content }));
    expect(await post('I agree\u0000')).toEqual({ status: 400, type: expect.stringContaining('application/json'), body: NOT_ALLOWED('Opinion') });
    const surrogate = JSON.stringify({ topicId, content: 'I agree \ud800' });
    expect(surrogate).toContain('\\ud800');
    expect(await sendRaw(citizen.browser, 'POST', '/api/opinions', surrogate)).toMatchObject({ status: 400, body: NOT_ALLOWED('Opinion') });
    expect(await sendRaw(citizen.browser, 'POST', '/api/opinions', JSON.stringify({ topicId, content: '\udc00 I agree' }))).toMatchObject({
      status: 400,
      body: NOT_ALLOWED('Opinion'),
    });
    expect(await post('   ')).toMatchObject({ status: 400, body: { message: 'Opinion cannot be empty' } });
    const paragraphs = await post('I agree.\n\nLater hours help students \u{1F4DA} and workers alike.');
    expect(paragraphs.status).toBe(201);
    expect(paragraphs.body.opinion.content).toBe('I agree.\n\nLater hours help students \u{1F4DA} and workers alike.');
  });

  it('refuses bad characters in invitation addresses and payment return addresses', async () => {
    expect(await citizen.browser.json('POST', '/api/family/invite', { email: 'cousin\u0000@example.org' })).toEqual({
      status: 400,
      body: NOT_ALLOWED('Email'),
    });
    expect(
      await citizen.browser.json('POST', '/api/create-sandbox-payment', {
        planId: 'civic_participation_monthly',
        returnUrl: `${server.baseUrl}/subscribe/\u0000return`,
      }),
    ).toEqual({ status: 400, body: NOT_ALLOWED('returnUrl') });
  });

  it('answers every route naming a group id beyond PostgreSQL int4 with a JSON 404', async () => {
    const family = await ownGroup(citizen, 'family');
    const visitor = new TestClient(server.baseUrl);
    for (const id of [PAST_INT4, 99_999_999_999, 9_007_199_254_740_993n]) {
      for (const path of [`/api/groups/${id}`, `/api/groups/${id}/stats`, `/api/groups/${id}/topics`, `/api/laws/${id}`]) {
        for (const browser of [visitor, citizen.browser]) {
          const answer = await browser.json('GET', path);
          expect({ path, ...answer }).toEqual({ path, status: 404, body: { message: 'Group not found' } });
        }
      }
      for (const path of [
        `/api/family/${id}/invitations`,
        `/api/friends/${id}/invitations`,
        `/api/business/${id}/invitations`,
        `/api/friends/${id}/friends`,
        `/api/business/${id}/members`,
      ]) {
        expect({ path, ...(await citizen.browser.json('GET', path)) }).toEqual({ path, status: 404, body: { message: 'Group not found' } });
      }
      for (const path of [`/api/friends/${id}/cut/${randomUUID()}`, `/api/business/${id}/fire/${randomUUID()}`]) {
        expect({ path, ...(await citizen.browser.json('POST', path, {})) }).toEqual({ path, status: 404, body: { message: 'Group not found' } });
      }
      expect(await citizen.browser.json('POST', '/api/topics', topicBody(Number(id)))).toEqual({ status: 400, body: { message: 'Please select a group' } });
    }
    // The largest int4 is a well-formed id that names nothing.
    expect(await citizen.browser.json('GET', '/api/groups/2147483647')).toEqual({ status: 404, body: { message: 'Group not found' } });
    expect((await citizen.browser.json('GET', `/api/groups/${family}`)).status).toBe(200);
  });

  it('answers malformed topic, opinion, member and payment ids with 404 or 400, never 500', async () => {
    const checks: Array<[string, string, unknown?]> = [
      ['DELETE', '/api/topics/not-a-uuid'],
      ['DELETE', '/api/topics/%00'],
      ['DELETE', `/api/votes/${'f'.repeat(36)}`],
      ['POST', '/api/votes', { opinionId: 'x\u0000', voteType: 'support' }],
      ['POST', '/api/opinions', { topicId: '\ud800', content: 'Fine words.' }],
      ['POST', `/api/friends/${1}/cut/not-a-uuid`, {}],
      ['POST', '/api/payments/sandbox/not-a-uuid/complete', {}],
      ['GET', '/api/payments/not-a-uuid'],
      ['GET', '/api/topics/not-a-uuid'],
      ['GET', '/api/topics/not-a-uuid/opinions'],
      ['GET', '/api/family/invite/%00'],
      ['POST', '/api/family/invite/%00/accept', {}],
    ];
    for (const [method, path, body] of checks) {
      const answer = await citizen.browser.json(method, path, body);
      expect({ method, path, status: [400, 404].includes(answer.status), message: typeof answer.body.message }).toEqual({
        method,
        path,
        status: true,
        message: 'string',
      });
    }
  });
});
