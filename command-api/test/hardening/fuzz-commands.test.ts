import { PostgresEventStore, comparePositions, isPosition } from '@civitas/events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';
import { makeAdmin } from '../moderation/moderation-members';
import { UnsubscribeTokens } from '../../src/notifications/unsubscribe-token';
import { createKysely } from '@civitas/service-kit/database';

/**
 * Every text field of every command route gets random strings: any code point, control
 * characters, lone surrogates, direction marks and overrides, decomposed letters, 10,000
 * characters, and valid values with one of those slipped in. None may cause a 500; every
 * answer is JSON, a success or a 4xx with a message; and whatever was accepted must be
 * something the projector can apply, so the read side catches up with every success.
 */

// The characters that break storage or display, and the ones that look like them but are fine.
const TROUBLE = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\u000B',
  '\f',
  '\r',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u009F',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u2028',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  'e\u0301',
  '\u0958',
  '\u{1F600}',
  '\u{10FFFF}',
  'ل',
  '"',
  '\\',
  '%00',
  ' ',
  'A',
];
const trouble = fc.constantFrom(...TROUBLE);
/** Any sequence of UTF-16 code units: unpaired surrogates included. */
const codeUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));
const long = fc
  .tuple(fc.constantFrom('a', '\u00e9', 'e\u0301', '\u{1F600}', 'ل', '\u0000', '\ud800', '\u202E', '\n'), fc.constantFrom('', 'x', '\u0000'))
  .map(([unit, tail]) => unit.repeat(10_000 / unit.length) + tail);

/** Random strings, and the field's valid value with trouble slipped in somewhere (so it gets past the length rules). */
const stringsFor = (valid: string) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    codeUnits,
    fc.array(trouble, { maxLength: 12 }).map((parts) => parts.join('')),
    fc.tuple(fc.nat(), fc.array(trouble, { minLength: 1, maxLength: 3 })).map(([at, parts]) => {
      const index = at % (valid.length + 1);
      return `${valid.slice(0, index)}${parts.join('')}${valid.slice(index)}`;
    }),
    fc.tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), trouble).map(([text, odd]) => `${valid} ${text}${odd}`),
    long,
    fc.constant(valid),
  );
/** Not strings at all: a field must refuse these as cleanly. */
const notStrings = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 }),
);
const valuesFor = (valid: string) => fc.oneof({ arbitrary: stringsFor(valid), weight: 9 }, { arbitrary: notStrings, weight: 1 });

/**
 * A path segment as a raw client writes it (a value that is no string, as its JSON): lone
 * surrogates become the bytes they would be (invalid UTF-8), everything else is
 * percent-encoded like a browser does.
 */
const segment = (value: unknown) =>
  Array.from(typeof value === 'string' ? value : String(JSON.stringify(value)), (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  }).join('');

interface Answer {
  status: number;
  type: string;
  body: any;
}

type Kind = 'command' | 'navigation';
interface Target {
  route: string;
  field: string;
  runs: number;
  kind: Kind;
  valid: string;
  send(value: unknown): Promise<Answer>;
}

const setAt = (body: Record<string, any>, field: string, value: unknown) => {
  const keys = field.split('.');
  const copy = structuredClone(body);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys.at(-1)!] = value;
  return copy;
};

async function send(browser: TestClient, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${browser.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(browser.cookies.size ? { cookie: browser.cookieHeader } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let parsed: unknown = text;
  if (type.includes('application/json')) parsed = JSON.parse(text);
  return { status: response.status, type, body: parsed };
}

describe('fuzzing every text field of every command', () => {
  let server: TestServer;
  let member: Member;
  let newcomer: Member;
  let delegate: Member;
  let topicId: string;
  let opinionId: string;
  let friends: number;
  let business: number;
  let electionId: string;
  let candidateId: string;
  /** An admin for the admin routes, and the member whose roles and ban they change. */
  let admin: Member;
  let moderated: Member;
  /** Changes their password under the fuzz; another erases their account (the valid password is among the values). */
  let settled: Member;
  let leaving: Member;
  const positions: string[] = [];
  let unsubscribeTokens: UnsubscribeTokens;

  beforeAll(async () => {
    server = await startTestServer();
    member = await newMember(server, 'Fuzz');
    expect((await verify(member, SAUDI_ARABIA.name, '5550001111')).status).toBe(200);
    await subscribe(member, server);
    const topic = await member.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId));
    expect(topic.status).toBe(201);
    topicId = topic.body.topic.id;
    const opinion = await member.browser.json('POST', '/api/opinions', { topicId, content: 'Later hours help everyone.' });
    expect(opinion.status).toBe(201);
    opinionId = opinion.body.opinion.id;
    friends = await ownGroup(member, 'friends');
    business = await ownGroup(member, 'business');
    electionId = (await member.browser.json('POST', '/api/topics', topicBody(business, { type: 'election' }))).body.topic.id;
    const candidate = await member.browser.json('POST', '/api/candidates', { topicId: electionId });
    expect(candidate.status).toBe(201);
    candidateId = candidate.body.candidate.id;
    newcomer = await newMember(server, 'Newcomer');
    delegate = await newMember(server, 'Delegate');
    admin = await makeAdmin(server, await newMember(server, 'Admin'));
    moderated = await newMember(server, 'Moderated');
    settled = await newMember(server, 'Settled');
    leaving = await newMember(server, 'Leaving');
    expect((await verify(delegate, SAUDI_ARABIA.name, '5550002222')).status).toBe(200);
    const db = createKysely(server.databaseUrl, { max: 1 });
    unsubscribeTokens = await UnsubscribeTokens.open(db).finally(() => db.destroy());
  });
  afterAll(async () => server?.close());

  /** The table: route, a valid body, the field fuzzed. Sign-in routes hash passwords and are rate limited: fewer runs. */
  const targets = (): Target[] => {
    const body = (browser: () => TestClient, method: string, path: string, base: () => Record<string, unknown>, field: string, runs = 20): Target => {
      const valid = String(field.split('.').reduce<any>((node, key) => node?.[key], base()) ?? '');
      return { route: `${method} ${path}`, field, runs, kind: 'command', valid, send: (value) => send(browser(), method, path, setAt(base(), field, value)) };
    };
    const param = (browser: () => TestClient, method: string, template: string, field: string, valid: string, runs = 20): Target => ({
      route: `${method} ${template}`,
      field,
      runs,
      kind: 'command',
      valid,
      send: (value) => send(browser(), method, template.replace(`:${field}`, segment(value)), method === 'GET' ? undefined : {}),
    });
    const query = (browser: () => TestClient, path: string, field: string, valid: string, runs = 15): Target => ({
      route: `GET ${path}`,
      field,
      runs,
      kind: 'navigation',
      valid,
      send: (value) => send(browser(), 'GET', `${path}?${field}=${segment(value)}`),
    });
    const visitor = () => new TestClient(server.baseUrl);
    const signedIn = () => member.browser;
    const password = 'correct horse battery staple';
    const register = () => registration(uniqueEmail('fuzz'), password);
    const returnUrl = `${server.baseUrl}/subscribe/return`;
    const webhook = () => ({ id: 'evt_1', type: 'payment_paid', secret_token: 'not-the-secret', data: { id: 'pay_1', invoice_id: 'inv_1' } });
    // Signed with the platform's own secret: a valid one-click link of Settled's, turning off delegate-voted mails.
    const unsubscribeToken = unsubscribeTokens.sign(settled.userId, ['delegate_voted']);
    return [
      ...['email', 'password', 'confirmPassword', 'firstName', 'lastName'].map((field) =>
        body(visitor, 'POST', '/api/email-auth/register', register, field, 8),
      ),
      ...['email', 'password'].map((field) => body(visitor, 'POST', '/api/email-auth/login', () => ({ email: member.email, password }), field, 8)),
      body(visitor, 'POST', '/api/email-auth/forgot-password', () => ({ email: uniqueEmail('fuzz') }), 'email', 10),
      ...['token', 'password', 'confirmPassword'].map((field) =>
        body(visitor, 'POST', '/api/email-auth/reset-password', () => ({ token: 'a'.repeat(43), password, confirmPassword: password }), field, 10),
      ),
      body(visitor, 'POST', '/api/email-auth/verify-email', () => ({ token: 'a'.repeat(43) }), 'token', 10),
      ...['country', 'nationalId'].map((field) =>
        body(
          () => newcomer.browser,
          'POST',
          '/api/user/verify',
          () => ({ country: SAUDI_ARABIA.name, nationalId: '7770001111' }),
          field,
        ),
      ),
      ...['country', 'nationalId'].map((field) =>
        body(
          () => newcomer.browser,
          'POST',
          '/api/user/verifications',
          () => ({ country: 'Egypt', nationalId: '7770002222' }),
          field,
          10,
        ),
      ),
      param(signedIn, 'DELETE', '/api/user/verifications/:id', 'id', '00000000-0000-4000-8000-000000000000', 10),
      body(
        () => admin.browser,
        'POST',
        '/api/admin/verifications/00000000-0000-4000-8000-000000000000/reject',
        () => ({ reason: 'The scan is unreadable.' }),
        'reason',
        8,
      ),
      param(() => admin.browser, 'POST', '/api/admin/verifications/:id/approve', 'id', '00000000-0000-4000-8000-000000000000', 8),
      param(signedIn, 'POST', '/api/leader/verifications/:id/confirm', 'id', '00000000-0000-4000-8000-000000000000', 8),
      ...['title', 'description', 'groupId', 'type'].map((field) => body(signedIn, 'POST', '/api/topics', () => topicBody(SAUDI_ARABIA.groupId), field)),
      param(signedIn, 'DELETE', '/api/topics/:id', 'id', '00000000-0000-4000-8000-000000000000'),
      ...['topicId', 'content'].map((field) => body(signedIn, 'POST', '/api/opinions', () => ({ topicId, content: 'I agree with this proposal.' }), field)),
      // 30 runs together: under the chat limit of 30 a minute, so accepted values are stored, not refused as too fast.
      ...(
        [
          ['topicId', 10],
          ['message', 10],
          ['mentions', 5],
          ['mentions.0', 5],
        ] as const
      ).map(([field, runs]) =>
        body(signedIn, 'POST', '/api/chat/messages', () => ({ topicId, message: 'Shall we meet on Friday?', mentions: [delegate.userId] }), field, runs),
      ),
      // Reports, suggestions and leader reports share an hourly limit of 20: few runs, and a refusal as too many is a clean 429 too.
      ...['type', 'content', 'targetType', 'targetId'].map((field) =>
        body(
          signedIn,
          'POST',
          '/api/feedback/report',
          () => ({ type: 'spam', content: 'Adverts in every topic.', targetType: 'topic', targetId: topicId }),
          field,
          6,
        ),
      ),
      ...['type', 'content'].map((field) =>
        body(signedIn, 'POST', '/api/feedback/suggestion', () => ({ type: 'new-feature', content: 'A dark theme, please.' }), field, 6),
      ),
      ...['reportedUserId', 'groupId', 'reason', 'description', 'evidence'].map((field) =>
        body(
          signedIn,
          'POST',
          '/api/leader-reports',
          () => ({
            reportedUserId: delegate.userId,
            groupId: SAUDI_ARABIA.groupId,
            reason: 'Harassment',
            description: 'Insults in the chat.',
            evidence: 'Chat of 3 March',
          }),
          field,
          5,
        ),
      ),
      ...['status', 'notes'].map((field) =>
        body(
          signedIn,
          'POST',
          '/api/leader-reports/00000000-0000-4000-8000-000000000000/update',
          () => ({ status: 'resolved', notes: 'Spoke with both.' }),
          field,
          8,
        ),
      ),
      ...['status', 'adminNotes'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          '/api/admin/reports/00000000-0000-4000-8000-000000000000/update',
          () => ({ status: 'resolved', adminNotes: 'Removed.' }),
          field,
          8,
        ),
      ),
      ...['action', 'reason'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          '/api/admin/reports/00000000-0000-4000-8000-000000000000/action',
          () => ({ action: 'warn', reason: 'Please keep it civil.' }),
          field,
          8,
        ),
      ),
      ...['status', 'priority', 'adminNotes'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          '/api/admin/suggestions/00000000-0000-4000-8000-000000000000/update',
          () => ({
            status: 'approved',
            priority: 'high',
            adminNotes: 'Planned.',
          }),
          field,
          8,
        ),
      ),
      ...['opinionId', 'voteType'].map((field) => body(signedIn, 'POST', '/api/votes', () => ({ opinionId, voteType: 'support' }), field)),
      ...['firstName', 'lastName', 'aboutMe', 'city', 'websiteUrl', 'twitterUrl', 'linkedinUrl', 'githubUrl', 'profileImageUrl'].map((field) =>
        body(
          () => newcomer.browser,
          'PUT',
          '/api/user/profile',
          () => ({
            firstName: 'New',
            lastName: 'Comer',
            aboutMe: 'I like maps.',
            city: 'Riyadh',
            websiteUrl: 'https://example.org',
            twitterUrl: 'https://twitter.com/x',
            linkedinUrl: 'https://linkedin.com/in/x',
            githubUrl: 'https://github.com/x',
            profileImageUrl: '',
          }),
          field,
          10,
        ),
      ),
      ...['badge', 'reason'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          `/api/admin/users/${member.userId}/badges`,
          () => ({ badge: 'founder', reason: 'Early member' }),
          field,
          8,
        ),
      ),
      param(() => admin.browser, 'DELETE', `/api/admin/users/${member.userId}/badges/:badge`, 'badge', 'founder', 8),
      param(signedIn, 'DELETE', '/api/votes/:opinionId', 'opinionId', '00000000-0000-4000-8000-000000000000'),
      param(signedIn, 'POST', '/api/groups/:id/main-election', 'id', String(SAUDI_ARABIA.groupId), 10),
      ...['topicId', 'userId'].map((field) => body(signedIn, 'POST', '/api/candidates', () => ({ topicId: electionId, userId: member.userId }), field, 10)),
      ...['topicId', 'userId', 'statement'].map((field) =>
        body(
          signedIn,
          'POST',
          `/api/topics/${electionId}/candidates`,
          () => ({ topicId: electionId, userId: member.userId, statement: 'I will listen.' }),
          field,
          10,
        ),
      ),
      {
        // Each run stands in an election of its own, so every accepted statement is stored.
        route: 'POST /api/candidates',
        field: 'statement',
        runs: 20,
        kind: 'command',
        valid: 'I will publish every budget line.',
        send: async (value) => {
          const topic = await member.browser.json('POST', '/api/topics', topicBody(business, { type: 'election' }));
          return send(member.browser, 'POST', '/api/candidates', { topicId: topic.body.topic.id, statement: value });
        },
      },
      // The owner of a personal group sets its quorums (issue #34 item 3): an enum and a number, fuzzed with text.
      ...['topicType', 'quorumPercent'].map((field) =>
        body(signedIn, 'PUT', `/api/groups/${business}/quorum`, () => ({ topicType: 'law_amendment', quorumPercent: 20 }), field, 10),
      ),
      param(signedIn, 'PUT', '/api/groups/:id/quorum', 'id', String(business), 10),
      body(signedIn, 'POST', `/api/topics/${electionId}/ballot`, () => ({ candidateId }), 'candidateId'),
      {
        route: 'POST /api/topics/:id/ballot',
        field: 'id',
        runs: 20,
        kind: 'command',
        valid: electionId,
        send: (value) => send(member.browser, 'POST', `/api/topics/${segment(value)}/ballot`, { candidateId }),
      },
      ...['username', 'groupId'].map((field) =>
        body(signedIn, 'POST', '/api/delegates/search', () => ({ username: 'Delegate', groupId: SAUDI_ARABIA.groupId }), field),
      ),
      ...['/api/delegates/assign', '/api/delegations'].flatMap((path) =>
        ['delegateId', 'groupId'].map((field) => body(signedIn, 'POST', path, () => ({ delegateId: delegate.userId, groupId: SAUDI_ARABIA.groupId }), field)),
      ),
      param(signedIn, 'DELETE', '/api/delegates/:id', 'id', '00000000-0000-4000-8000-000000000000'),
      param(signedIn, 'DELETE', '/api/delegations/:groupId', 'groupId', String(SAUDI_ARABIA.groupId)),
      ...['family', 'friends', 'business'].map((kind) => body(signedIn, 'POST', `/api/${kind}/invite`, () => ({ email: uniqueEmail('invitee') }), 'email', 10)),
      ...['family', 'friends', 'business'].map((kind) => param(signedIn, 'POST', `/api/${kind}/invite/:token/accept`, 'token', 'a'.repeat(43), 10)),
      param(signedIn, 'POST', `/api/friends/${friends}/cut/:memberId`, 'memberId', '00000000-0000-4000-8000-000000000000', 10),
      param(signedIn, 'POST', '/api/business/:groupId/fire/00000000-0000-4000-8000-000000000000', 'groupId', String(friends), 10),
      ...['planId', 'returnUrl'].map((field) =>
        body(signedIn, 'POST', '/api/create-sandbox-payment', () => ({ planId: 'civic_participation_monthly', returnUrl }), field),
      ),
      body(signedIn, 'POST', '/api/create-moyasar-payment', () => ({ planId: 'civic_participation_monthly', returnUrl }), 'returnUrl', 8),
      param(signedIn, 'POST', '/api/payments/sandbox/:paymentId/complete', 'paymentId', '00000000-0000-4000-8000-000000000000', 10),
      ...['id', 'type', 'secret_token', 'data.id', 'data.invoice_id'].map((field) => body(visitor, 'POST', '/api/webhooks/moyasar', webhook, field, 8)),
      query(visitor, '/api/payments/moyasar/return', 'paymentId', '00000000-0000-4000-8000-000000000000'),
      ...['role', 'reason'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          `/api/admin/users/${moderated.userId}/roles`,
          () => ({ role: 'auditor', reason: 'Quarterly audit' }),
          field,
          10,
        ),
      ),
      {
        route: 'POST /api/admin/users/:id/roles',
        field: 'id',
        runs: 8,
        kind: 'command',
        valid: moderated.userId,
        send: (value) => send(admin.browser, 'POST', `/api/admin/users/${segment(value)}/roles`, { role: 'auditor' }),
      },
      param(() => admin.browser, 'DELETE', `/api/admin/users/${moderated.userId}/roles/:role`, 'role', 'auditor', 8),
      body(
        () => admin.browser,
        'POST',
        `/api/admin/users/${moderated.userId}/ban`,
        () => ({ reason: 'Spam in every topic' }),
        'reason',
        10,
      ),
      body(
        () => admin.browser,
        'POST',
        `/api/admin/users/${moderated.userId}/unban`,
        () => ({ reason: 'Appeal accepted' }),
        'reason',
        10,
      ),
      {
        route: 'POST /api/admin/users/:id/ban',
        field: 'id',
        runs: 8,
        kind: 'command',
        valid: moderated.userId,
        send: (value) => send(admin.browser, 'POST', `/api/admin/users/${segment(value)}/ban`, { reason: 'Spam in every topic' }),
      },
      ...['code', 'state', 'error_description'].map((field) => query(visitor, '/api/auth/google/callback', field, 'abc', 8)),
      ...['currentPassword', 'newPassword'].map((field) =>
        body(
          () => settled.browser,
          'POST',
          '/api/user/password',
          () => ({ currentPassword: password, newPassword: 'a brand new passphrase' }),
          field,
          8,
        ),
      ),
      ...['invitations', 'elections', 'topicActivity', 'accountSecurity'].map((field) =>
        body(
          () => settled.browser,
          'PUT',
          '/api/user/notification-preferences',
          () => ({
            invitations: true,
            elections: false,
            topicActivity: true,
            accountSecurity: true,
          }),
          field,
          8,
        ),
      ),
      ...['ids', 'all'].map((field) =>
        body(
          () => settled.browser,
          'POST',
          '/api/notifications/read',
          () => (field === 'ids' ? { ids: ['topic:x'] } : { all: true }),
          field,
          8,
        ),
      ),
      ...['deliveries', 'language'].map((field) =>
        body(
          () => settled.browser,
          'PUT',
          '/api/notifications/settings',
          () => ({ deliveries: { topic_opened: 'weekly' }, language: 'ar' }),
          field,
          8,
        ),
      ),
      {
        // A mail client's one-click unsubscribe: the signed token in the query, no session (a forged one is 403).
        route: 'POST /api/notifications/unsubscribe',
        field: 'token',
        runs: 15,
        kind: 'command',
        valid: unsubscribeToken,
        send: (value) => send(visitor(), 'POST', `/api/notifications/unsubscribe?token=${segment(value)}`, { 'List-Unsubscribe': 'One-Click' }),
      },
      {
        route: 'POST /api/notifications/unsubscribe',
        field: 'List-Unsubscribe',
        runs: 8,
        kind: 'command',
        valid: 'One-Click',
        send: (value) => send(visitor(), 'POST', `/api/notifications/unsubscribe?token=${unsubscribeToken}`, { 'List-Unsubscribe': value }),
      },
      body(
        () => leaving.browser,
        'DELETE',
        '/api/user',
        () => ({ password }),
        'password',
        8,
      ),
      ...['badge', 'reason'].map((field) =>
        body(
          () => admin.browser,
          'POST',
          `/api/admin/users/${moderated.userId}/badges`,
          () => ({ badge: 'founder', reason: 'Among the first members' }),
          field,
          8,
        ),
      ),
      param(() => admin.browser, 'DELETE', `/api/admin/users/${moderated.userId}/badges/:badge`, 'badge', 'founder', 8),
      body(
        () => admin.browser,
        'DELETE',
        `/api/admin/users/${moderated.userId}/badges/founder`,
        () => ({ reason: 'Granted by mistake' }),
        'reason',
        8,
      ),
      ...['topicId', 'statement'].map((field) =>
        body(
          () => delegate.browser,
          'POST',
          `/api/topics/${electionId}/candidates`,
          () => ({ topicId: electionId, statement: 'Open books every month.' }),
          field,
          10,
        ),
      ),
      param(() => delegate.browser, 'POST', '/api/topics/:id/candidates', 'id', electionId, 8),
    ];
  };

  /** Command routes with no text to fuzz, or whose input is a file with tests of its own. */
  const WITHOUT_TEXT = new Set([
    'POST /api/logout',
    'POST /api/subscription/cancel',
    'POST /api/user/sessions/revoke-others',
    'POST /api/email-auth/resend-verification',
    // Multipart uploads: oversized, disguised and malformed images and documents (command-api/test/profiles, verification).
    'POST /api/user/profile-image',
  ]);
  /** A route as the table names it with its ids, and as OpenAPI names it with {parameters}: one shape for both. */
  const routeShape = (route: string) =>
    route
      .replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}')
      .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/g, '/{}')
      .replace(/\/\d+(?=\/|$)/g, '/{}');

  it('has a row for every command route that takes text (its documented routes)', async () => {
    const documented = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const commands = Object.entries(documented.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'get' && method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(commands.length).toBeGreaterThan(50);
    const covered = new Set(targets().map((target) => routeShape(target.route)));
    expect(
      commands.filter((route) => !WITHOUT_TEXT.has(route.replace(/\{[^}]+\}/g, (name) => `:${name.slice(1, -1)}`)) && !covered.has(routeShape(route))),
    ).toEqual([]);
  });

  it('never answers 500: JSON successes or 4xx with a message, for every field', { timeout: 60_000 }, async () => {
    for (const target of targets()) {
      await fc.assert(
        fc.asyncProperty(valuesFor(target.valid), async (value) => {
          const answer = await target.send(value);
          const where = `${target.route} ${target.field} = ${JSON.stringify(value)?.slice(0, 200)} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (target.kind === 'navigation' && answer.status >= 300 && answer.status < 400) return;
          expect(answer.type, where).toContain('application/json');
          if (answer.status >= 200 && answer.status < 300) {
            if (isPosition(answer.body?.position)) positions.push(answer.body.position);
            return;
          }
          expect(answer.status, where).toBeGreaterThanOrEqual(400);
          expect(typeof answer.body?.message, where).toBe('string');
        }),
        { numRuns: target.runs },
      );
    }
    // The fuzz reached the places that store text, not only the refusals.
    expect(positions.length).toBeGreaterThan(20);
  });

  it('leaves the read side able to catch up with everything it accepted', async () => {
    const newest = [...positions].sort(comparePositions).at(-1)!;
    expect(isPosition(newest)).toBe(true);
    for (const path of ['/api/auth/user', '/api/groups', `/api/topics/${topicId}/opinions`, `/api/groups/${SAUDI_ARABIA.groupId}/topics`]) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: member.browser.cookieHeader, 'x-civitas-position': newest } });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }

    // Every projection's checkpoint reaches the newest event in the store.
    const store = new PostgresEventStore({ connectionString: server.databaseUrl });
    try {
      const head = await store.headPosition();
      expect(comparePositions(head, newest)).toBeGreaterThanOrEqual(0);
      const checkpoints = await eventually(
        async () => server.query<{ name: string; position: string }>('select name, position from read_model.projection_checkpoints'),
        (rows) => rows.length > 0 && rows.every((row) => comparePositions(row.position, head) >= 0),
      );
      expect(checkpoints.length).toBeGreaterThan(0);
      expect(checkpoints.filter((row) => comparePositions(row.position, head) < 0)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
