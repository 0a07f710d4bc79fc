import { IDEMPOTENCY_KEY_REUSED, comparePositions } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { INTERNATIONAL, ISLAM, newMember, ownGroup, subscribe, topicBody, type Member } from '../participation/members';

/**
 * docs/decisions.md, Idempotency-Key: a command that creates something, sent again with the same
 * key by the same member, is answered as the first time and stores nothing more; at once too.
 */
describe('Idempotency-Key on the commands that create', () => {
  let server: TestServer;
  let reported: Member;
  let topicId: string;
  beforeAll(async () => {
    server = await startTestServer();
    const author = await newMember(server, 'Hana');
    // A religion group's topics are law amendments and dispute resolutions: subscribers only.
    await subscribe(author, server);
    const created = await author.browser.json('POST', '/api/topics', topicBody(ISLAM));
    if (created.status !== 201) throw new Error(JSON.stringify(created));
    topicId = created.body.topic.id;
    reported = await newMember(server, 'Fahad');
  });
  afterAll(async () => server?.close());

  let serial = 0;
  const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

  interface CreateCase {
    name: string;
    path: string;
    /** The body of one submission; `text` makes it this submission's own. */
    body: (text: string) => Record<string, unknown>;
    /** What the member reads back of it through the query side: how many were stored. */
    stored: (member: Member, text: string) => Promise<number>;
    /** Who creates it needs a subscription. */
    subscribers?: boolean;
  }

  /** A list read after the member's newest write; asked again while the read side answers 503 (catching up), as the web client does. */
  const read = async <Row>(member: Member, path: string) =>
    (
      await eventually(
        () => member.browser.json('GET', path),
        (answer) => answer.status !== 503,
      )
    ).body as Row[];
  // Only admins and leaders read these back; the events say what was stored (and that nothing more was appended).
  const storedEvents = async (type: string, field: string, text: string) =>
    Number(
      (await server.query<{ count: string }>(`select count(*) from events where type = $1 and right(data->>'${field}', length($2)) = $2`, [type, text]))[0]!
        .count,
    );

  const cases: CreateCase[] = [
    {
      name: 'an opinion',
      path: '/api/opinions',
      body: (text) => ({ topicId, content: `An opinion worth posting once: ${text}` }),
      stored: async (member, text) =>
        (await read<{ content: string }>(member, `/api/topics/${topicId}/opinions`)).filter((opinion) => opinion.content.endsWith(text)).length,
    },
    {
      name: 'a chat message',
      path: '/api/chat/messages',
      body: (text) => ({ topicId, message: `Shall we meet on Friday? ${text}` }),
      stored: async (member, text) =>
        (await read<{ message: string }>(member, `/api/topics/${topicId}/messages`)).filter((message) => message.message.endsWith(text)).length,
    },
    {
      name: 'a topic',
      path: '/api/topics',
      body: (text) => topicBody(ISLAM, { title: `Friday sermons ${text}` }),
      stored: async (member, text) =>
        (await read<{ title: string }>(member, `/api/groups/${ISLAM}/topics`)).filter((topic) => topic.title.endsWith(text)).length,
      subscribers: true,
    },
    {
      name: 'a report',
      path: '/api/feedback/report',
      body: (text) => ({ type: 'spam', content: `The same advert in every topic ${text}` }),
      stored: (_member, text) => storedEvents('ReportSubmitted', 'content', text),
    },
    {
      name: 'a suggestion',
      path: '/api/feedback/suggestion',
      body: (text) => ({ type: 'new-feature', content: `Let members follow a topic ${text}` }),
      stored: (_member, text) => storedEvents('SuggestionSubmitted', 'content', text),
    },
    {
      name: 'a leader report',
      path: '/api/leader-reports',
      body: (text) => ({ reportedUserId: reported.userId, groupId: ISLAM, reason: 'Harassment in the chat', description: `Insulted members ${text}` }),
      stored: (_member, text) => storedEvents('LeaderReportFiled', 'description', text),
    },
  ];

  const send = async (member: Member | TestClient, path: string, body: unknown, key?: string) => {
    const response = await ('browser' in member ? member.browser : member).request('POST', path, body, key === undefined ? {} : { 'Idempotency-Key': key });
    return { status: response.status, body: (await response.json()) as any };
  };

  describe.each(cases)('$name', ({ path, body, stored, subscribers }) => {
    // Members of their own per command: reports and suggestions count against an hourly limit.
    let amina: Member;
    let omar: Member;
    beforeAll(async () => {
      [amina, omar] = await Promise.all([newMember(server, 'Amina'), newMember(server, 'Omar')]);
      if (subscribers) await Promise.all([subscribe(amina, server), subscribe(omar, server)]);
    });

    it('is stored once when the same request comes twice with one key, and answered the same', async () => {
      const text = unique();
      const key = `retry-${text}`;
      const first = await send(amina, path, body(text), key);
      expect(first.status).toBe(201);
      const again = await send(amina, path, body(text), key);
      expect(again).toEqual(first);
      expect(await stored(amina, text)).toBe(1);
    });

    it('is stored once when both copies arrive at the same instant', async () => {
      const text = unique();
      const answers = await Promise.all(Array.from({ length: 5 }, () => send(amina, path, body(text), `race-${text}`)));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await stored(amina, text)).toBe(1);
    });

    it('is stored twice for two keys, and without a key each time', async () => {
      const text = unique();
      const [one, two] = [await send(amina, path, body(text), `one-${text}`), await send(amina, path, body(text), `two-${text}`)];
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(JSON.stringify(one.body)).not.toEqual(JSON.stringify(two.body));
      await send(amina, path, body(text));
      await send(amina, path, body(text));
      expect(await stored(amina, text)).toBe(4);
    });

    it('keeps one member\u2019s key apart from another\u2019s', async () => {
      const text = unique();
      const key = `shared-${text}`;
      const [mine, theirs] = await Promise.all([send(amina, path, body(text), key), send(omar, path, body(text), key)]);
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(JSON.stringify(mine.body)).not.toEqual(JSON.stringify(theirs.body));
      // Read after both writes, not only after Amina's own.
      amina.browser.position = [mine.body.position as string, theirs.body.position as string].sort(comparePositions).at(-1)!;
      expect(await stored(amina, text)).toBe(2);
    });

    it('refuses the same key with another request (422), storing nothing more', async () => {
      const text = unique();
      const key = `reused-${text}`;
      expect((await send(amina, path, body(text), key)).status).toBe(201);
      expect(await send(amina, path, body(`${text}-edited`), key)).toEqual({ status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } });
      expect(await stored(amina, `${text}-edited`)).toBe(0);
      expect(await stored(amina, text)).toBe(1);
    });

    it('answers 400 for a malformed key, and 401 before it when signed out', async () => {
      const text = unique();
      for (const key of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon-key', '\u00e9t\u00e9-\u00e9t\u00e9-key']) {
        const answer = await send(amina, path, body(text), key);
        expect(answer.status, key).toBe(400);
        expect(answer.body).toEqual({ message: 'Idempotency-Key must be 8 to 128 letters, digits, - or _' });
      }
      expect(await stored(amina, text)).toBe(0);
      expect((await send(new TestClient(server.baseUrl), path, body(text), 'short')).status).toBe(401);
    });
  });
  /** Commands a member makes once per target: a repeat with the key answers as the first time, another body is refused. */
  describe('the commands a member makes once', () => {
    let amina: Member;
    let electionId: string;
    beforeAll(async () => {
      amina = await newMember(server, 'Amina');
      await subscribe(amina, server);
      const business = await ownGroup(amina, 'business');
      electionId = (await amina.browser.json('POST', '/api/topics', topicBody(business, { type: 'election' }))).body.topic.id;
    });
    const count = async (sql: string, values: unknown[]) => Number((await server.query<{ count: string }>(sql, values))[0]!.count);

    it('registers one candidacy for a repeated (and raced) key, and refuses the key with another statement', async () => {
      const path = `/api/topics/${electionId}/candidates`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => send(amina, path, { topicId: electionId, statement: 'I will listen.' }, 'stand-0001')));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await send(amina, path, { topicId: electionId, statement: 'I will listen.' }, 'stand-0001')).toEqual(answers[0]);
      expect((await send(amina, path, { topicId: electionId, statement: 'I will decide.' }, 'stand-0001')).status).toBe(422);
      const candidates = await read<{ userId: string }>(amina, path);
      expect(candidates.filter((candidate) => candidate.userId === amina.userId)).toHaveLength(1);
      expect((await send(amina, path, { topicId: electionId }, 'stand-bad key')).status).toBe(400);
    });

    it('opens one main election for a repeated (and raced) key', async () => {
      const path = `/api/groups/${INTERNATIONAL}/main-election`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => send(amina, path, undefined, 'open-0001')));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await send(amina, path, undefined, 'open-0001')).toEqual(answers[0]);
      expect(
        (
          await eventually(
            () => amina.browser.json('GET', path),
            (answer) => answer.status !== 503,
          )
        ).body,
      ).toMatchObject({ id: answers[0]!.body.election.id });
      expect(await count(`select count(*) from events where type = 'MainElectionOpened' and (data->>'groupId')::int = $1`, [INTERNATIONAL])).toBe(1);
      expect((await send(amina, path, undefined, 'open 0001')).status).toBe(400);
    });

    it('sends one invitation for a repeated (and raced) key, with its link, and refuses the key with another address', async () => {
      const invite = (email: string, key: string) => send(amina, '/api/family/invite', { email }, key);
      const answers = await Promise.all(Array.from({ length: 4 }, () => invite('aunt.salma@example.org', 'invite-0001')));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await invite('aunt.salma@example.org', 'invite-0001')).toEqual(answers[0]);
      expect(answers[0]!.body.invitationLink).toMatch(/\/family-invite\//);
      expect(await invite('uncle.karim@example.org', 'invite-0001')).toEqual({ status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } });
      expect(await count(`select count(*) from events where type = 'InvitationCreated' and data->>'invitedBy' = $1`, [amina.userId])).toBe(1);
      expect(await count(`select count(*) from events where type = 'InvitationSent' and data->>'userId' = $1`, [amina.userId])).toBe(1);
      expect((await invite('aunt.salma@example.org', 'é')).status).toBe(400);
    });
  });
});
