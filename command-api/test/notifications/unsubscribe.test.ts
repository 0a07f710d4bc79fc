import { createKysely } from '@civitas/service-kit/database';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_INVALID } from '../../src/notifications/unsubscribe.routes';
import { UnsubscribeTokens } from '../../src/notifications/unsubscribe-token';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { newMember, type Member } from '../participation/members';

const ROUTE = '/api/notifications/unsubscribe';
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

// docs/decisions.md, Notification mail: RFC 8058 one-click unsubscribe.
describe('POST /api/notifications/unsubscribe', () => {
  let server: CommandApp;
  let tokens: UnsubscribeTokens;
  let amina: Member;
  let omar: Member;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    server = await buildCommandApp();
    // The platform's own secret, as the mailer signs with it (this process holds the test vault key).
    const db = createKysely(server.databaseUrl, { max: 1 });
    closeDb = () => db.destroy();
    tokens = await UnsubscribeTokens.open(db);
    [amina, omar] = [await newMember(server, 'Amina'), await newMember(server, 'Omar')];
  });
  afterAll(async () => {
    await closeDb?.();
    await server?.close();
  });

  /** As a mail client sends it: a form body, no cookie, no Origin. */
  const oneClick = (token: string, payload = 'List-Unsubscribe=One-Click') =>
    server.app.inject({ method: 'POST', url: `${ROUTE}?token=${encodeURIComponent(token)}`, payload, headers: ONE_CLICK });
  /** Every delivery chosen so far, whoever chose it: what the refused links must leave as it is. */
  const choices = () =>
    server.query<{ user_id: string; type: string; delivery: string; via: string }>(
      `select data->>'userId' as user_id, data->>'type' as type, data->>'delivery' as delivery, data->>'via' as via
       from events where type = 'NotificationDeliveryChosen' order by global_position`,
    );

  it('turns off, with one click and no session, exactly the type the link names for exactly its member', async () => {
    const answer = await oneClick(tokens.sign(amina.userId, ['mention']));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ types: ['mention'], position: expect.any(String) });
    expect(await choices()).toEqual([{ user_id: amina.userId, type: 'mention', delivery: 'never', via: 'unsubscribe' }]);
    // The same click again changes nothing more.
    expect((await oneClick(tokens.sign(amina.userId, ['mention']))).json()).toEqual({ types: ['mention'], position: null });
    expect(await choices()).toHaveLength(1);
  });

  it('turns off every type a digest’s header link names, and takes the page’s JSON too', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `${ROUTE}?token=${tokens.sign(omar.userId, ['topic_opened', 'invitation_accepted'])}`,
      payload: {},
      headers: { origin: server.baseUrl },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ types: ['topic_opened', 'invitation_accepted'], position: expect.any(String) });
    expect((await choices()).filter((choice) => choice.user_id === omar.userId)).toEqual([
      { user_id: omar.userId, type: 'topic_opened', delivery: 'never', via: 'unsubscribe' },
      { user_id: omar.userId, type: 'invitation_accepted', delivery: 'never', via: 'unsubscribe' },
    ]);
  });

  it('refuses a forged or altered link and changes nothing: another member’s id, another type, a cut or flipped signature, another secret', async () => {
    const before = await choices();
    const token = tokens.sign(amina.userId, ['delegate_voted']);
    const [version, userId, types, signature] = token.split('.') as [string, string, string, string];
    const flipped = Buffer.from(signature, 'base64url');
    flipped[5]! ^= 0x10;
    const forged = [
      [version, omar.userId, types, signature].join('.'),
      [version, userId, 'subscription', signature].join('.'),
      [version, userId, 'delegate_voted,subscription', signature].join('.'),
      [version, userId, types, signature.slice(0, 30)].join('.'),
      token.slice(0, -1),
      [version, userId, types, flipped.toString('base64url')].join('.'),
      new UnsubscribeTokens(randomBytes(32)).sign(amina.userId, ['delegate_voted']),
      'u1.not-a-token',
    ];
    for (const link of forged) {
      const answer = await oneClick(link);
      expect({ link, status: answer.statusCode, body: answer.json() }).toEqual({ link, status: 403, body: { message: UNSUBSCRIBE_LINK_INVALID } });
    }
    const missing = await server.app.inject({ method: 'POST', url: ROUTE, payload: 'List-Unsubscribe=One-Click', headers: ONE_CLICK });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: expect.any(String) });
    const oddBody = await oneClick(token, 'List-Unsubscribe=Maybe');
    expect(oddBody.statusCode).toBe(400);
    expect(await choices()).toEqual(before);
  });

  it('changes nothing on a GET of the link (a mail scanner following it)', async () => {
    const before = await choices();
    const token = tokens.sign(omar.userId, ['mention']);
    const fetched = await server.app.inject({ method: 'GET', url: `${ROUTE}?token=${token}` });
    expect(fetched.statusCode).toBe(404);
    const head = await server.app.inject({ method: 'HEAD', url: `${ROUTE}?token=${token}` });
    expect(head.statusCode).toBe(404);
    expect(await choices()).toEqual(before);
  });
});

describe('the one-click unsubscribe limit', () => {
  let server: CommandApp;
  beforeAll(async () => {
    server = await buildCommandApp({ env: { AUTH_RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => server?.close());

  it('stops an address trying link after link at 30 a quarter of an hour, refused ones included', async () => {
    const guess = () =>
      server.app.inject({
        method: 'POST',
        url: `${ROUTE}?token=u1.${randomUUID()}.mention.${randomBytes(32).toString('base64url')}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: ONE_CLICK,
      });
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await guess()).statusCode).toBe(403);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
