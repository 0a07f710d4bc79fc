import { DELEGATE_NOT_FOUND } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { TestClient } from '../../../test-support/http-client';
import { mailedLink } from '../../../test-support/mail-folder';
import { INTERNATIONAL, newMember, subscribe, type Member } from '../participation/members';

// docs/decisions.md, Liquid delegation: an account that forfeited the address it never proved (its
// owner proved it by a reset) has no way in any more, so nobody finds it or names it as a delegate.
describe('a delegate whose account forfeited its address', () => {
  let server: CommandApp;
  let squatter: Member;
  let omar: Member;
  const search = () => omar.browser.json('POST', '/api/delegates/search', { username: 'Zainab', groupId: INTERNATIONAL });

  beforeAll(async () => {
    server = await buildCommandApp();
    // Zainab registers with an address she never proves, and pays: she may take part in International.
    [squatter, omar] = [await newMember(server, 'Zainab'), await newMember(server, 'Omar')];
    await subscribe(squatter, server);
    await subscribe(omar, server);
  });
  afterAll(async () => server?.close());

  it('is found before; once the owner proves the address, it is found by no one and named by no one', async () => {
    const before = await eventually(search, (answer) => answer.status === 200 && (answer.body as { delegates: unknown[] }).delegates.length === 1);
    expect((before.body as { delegates: Array<{ id: string }> }).delegates.map((delegate) => delegate.id)).toEqual([squatter.userId]);

    // The address's owner asks for a reset and opens the link: Zainab's account gives the address up.
    const owner = new TestClient(server.baseUrl);
    expect((await owner.json('POST', '/api/email-auth/forgot-password', { email: squatter.email })).status).toBe(200);
    const token = (await mailedLink(server.dataDir, squatter.email, 'Reset your password')).split('/').pop()!;
    const reset = await owner.json('POST', '/api/email-auth/reset-password', {
      token,
      password: 'the owner\u2019s passphrase',
      confirmPassword: 'the owner\u2019s passphrase',
    });
    expect(reset.status).toBe(200);

    // The search reads its read model: wait until it has the forfeiture, then it must list no one (and not fail).
    const after = await eventually(search, (answer) => answer.status !== 200 || (answer.body as { delegates: unknown[] }).delegates.length === 0);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ delegates: [] });
    // Naming her decides on her own stream, at once.
    const named = await omar.browser.json('POST', '/api/delegates/assign', { delegateId: squatter.userId, groupId: INTERNATIONAL });
    expect(named.status).toBe(404);
    expect(named.body).toEqual({ message: DELEGATE_NOT_FOUND });
  });
});
