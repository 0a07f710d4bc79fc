import { COUNTRIES } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember } from '../participation/members';
import { DOCUMENT_UPLOADS_PER_HOUR, TOO_MANY_DOCUMENTS } from '../../src/verification/verification-service';
import { pngUpload, submitWithDocument } from './verification-uploads';

// docs/decisions.md, Route policies (domain limits): documents are decoded and kept, so a member
// uploads at most 20 an hour, however they free the claim again in between.
describe('nationality document uploads per member and hour', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('takes 20 in an hour, claim after removed claim, then answers 429 with Retry-After and stores nothing more', async () => {
    const member = await newMember(server, 'Hoda');
    for (let upload = 0; upload < DOCUMENT_UPLOADS_PER_HOUR; upload += 1) {
      const answer = await submitWithDocument(server, member, pngUpload('Egypt', `2920101000${String(upload).padStart(4, '0')}`));
      expect(answer.status).toBe(201);
      // Removing the claim frees the country for the next one: only the hourly limit stops the next upload.
      expect((await member.browser.json('DELETE', `/api/user/verifications/${answer.body.verification.id}`)).status).toBe(200);
    }
    const stored = async () =>
      (await server.query(`select count(*)::int as n from events where stream_id = $1 and type = 'VerificationSubmitted'`, [`user-${member.userId}`]))[0];
    expect(await stored()).toEqual({ n: DOCUMENT_UPLOADS_PER_HOUR });

    const form = new FormData();
    form.set('country', 'Egypt');
    form.set('nationalId', '29201010009999');
    form.append('documentImage', new Blob([new Uint8Array(pngUpload('Egypt', '').file!.bytes)], { type: 'image/png' }), 'passport.png');
    const refused = await fetch(`${server.baseUrl}/api/user/verifications`, { method: 'POST', headers: { cookie: member.browser.cookieHeader }, body: form });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_DOCUMENTS });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await stored()).toEqual({ n: DOCUMENT_UPLOADS_PER_HOUR });
    // Another member is not held back by Hoda's uploads.
    expect((await submitWithDocument(server, await newMember(server, 'Sara'), pngUpload('Egypt', '29201010009998'))).status).toBe(201);
  });

  it('holds at the same instant: of 25 uploads sent at once, each for another country, exactly 20 are stored and 5 refused 429', async () => {
    const member = await newMember(server, 'Rana');
    // Another country each, so the decider takes every one and only the count can refuse.
    const countries = COUNTRIES.slice(0, DOCUMENT_UPLOADS_PER_HOUR + 5);
    const answers = await Promise.all(
      countries.map((country, upload) => submitWithDocument(server, member, pngUpload(country.name, `2930202000${String(upload).padStart(4, '0')}`))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.filter((status) => status === 201)).toHaveLength(DOCUMENT_UPLOADS_PER_HOUR);
    const stored = await server.query(`select count(*)::int as n from events where stream_id = $1 and type = 'VerificationSubmitted'`, [
      `user-${member.userId}`,
    ]);
    expect(stored[0]).toEqual({ n: DOCUMENT_UPLOADS_PER_HOUR });
  });
});
