import { openCheckpointNote, storedEventLeafHash, verifyCheckpoint, verifyInclusion, type Receipt } from '@civitas/events';
import { createKysely } from '@civitas/service-kit/database';
import { leafBlinder } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { INTERNATIONAL, newMember, ownGroup, subscribe, topicBody, type Member } from '../participation/members';

const b64 = (value: string) => Buffer.from(value, 'base64');

describe('receipts: every vote and ballot answer names its event and leaf, which a later checkpoint includes', () => {
  let server: TestServer;
  let member: Member;
  beforeAll(async () => {
    server = await startTestServer();
    member = await newMember(server, 'Hala');
    await subscribe(member, server);
  });
  afterAll(async () => server?.close());

  /** The leaf of the stored event, recomputed from the events table as the projector and audit:check do. */
  const storedLeaf = async (eventId: string) => {
    const [row] = await server.query(
      `select stream_id, stream_position, transaction_id::text as tx, global_position, type, data, metadata from events where event_id = $1`,
      [eventId],
    );
    const position = `${BigInt(row.tx).toString(16).padStart(16, '0')}-${BigInt(row.global_position).toString(16).padStart(16, '0')}`;
    // The platform's own blinding key, read from its database as every process reads it.
    const db = createKysely(server.databaseUrl, { max: 1 });
    try {
      const blind = await leafBlinder(db);
      return storedEventLeafHash(
        { streamId: row.stream_id, streamPosition: Number(row.stream_position), position, type: row.type, data: row.data, metadata: row.metadata },
        blind,
      ).toString('base64');
    } finally {
      await db.destroy();
    }
  };

  /** What a member's browser does with a receipt: the proof against the latest checkpoint, checked with the log's public key. */
  const checkReceipt = async (receipt: Receipt) => {
    const key = (await member.browser.json('GET', '/.well-known/civitas-log-key')).body;
    const answer = await eventually(
      () => member.browser.json('GET', `/api/audit/proofs/inclusion?eventId=${receipt.eventId}`),
      (reply) => reply.status === 200,
    );
    expect(answer.status).toBe(200);
    const proof = answer.body;
    expect(proof.leafHash).toBe(receipt.leafHash);
    expect(verifyCheckpoint(proof.checkpoint, key.publicKey)).toBe(true);
    // Signed under the deployment's own origin, its PUBLIC_BASE_URL's host, and served as that signed note too.
    expect(proof.checkpoint.origin).toBe(new URL(server.baseUrl).host);
    const note = await (await member.browser.request('GET', '/api/audit/log/checkpoint')).text();
    expect(openCheckpointNote(note, proof.checkpoint.origin, key.publicKey)?.treeSize).toBeGreaterThanOrEqual(proof.checkpoint.treeSize);
    expect(verifyInclusion(proof.leafIndex, proof.treeSize, b64(receipt.leafHash), proof.proof.map(b64), b64(proof.checkpoint.rootHash))).toBe(true);
  };

  it('gives a vote, a change and a retraction each a receipt for the event it appended; a no-op none', async () => {
    const topic = (await member.browser.json('POST', '/api/topics', topicBody(await ownGroup(member, 'family')))).body.topic;
    const opinion = (await member.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'We should meet every Sunday.' })).body;
    const opinionId = (opinion.opinion ?? opinion).id as string;
    const cast = await member.browser.json('POST', '/api/votes', { opinionId, voteType: 'support' });
    expect(cast.status).toBe(200);
    const receipt: Receipt = cast.body.receipt;
    expect(receipt.leafHash).toBe(await storedLeaf(receipt.eventId));
    const [event] = await server.query('select type from events where event_id = $1', [receipt.eventId]);
    expect(event.type).toBe('VoteCast');
    const retracted = await member.browser.json('DELETE', `/api/votes/${opinionId}`);
    expect(retracted.body.receipt.eventId).not.toBe(receipt.eventId);
    expect(retracted.body.receipt.leafHash).toBe(await storedLeaf(retracted.body.receipt.eventId));
    expect((await member.browser.json('DELETE', `/api/votes/${opinionId}`)).body.receipt).toBeNull();
    await checkReceipt(receipt);
    await checkReceipt(retracted.body.receipt);
  });

  it('answers a repeated click (same Idempotency-Key) with the first receipt', async () => {
    const topic = (await member.browser.json('POST', '/api/topics', topicBody(await ownGroup(member, 'family'), { title: 'Holiday plans this year' }))).body
      .topic;
    const opinion = (await member.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'The coast, as every summer.' })).body;
    const opinionId = (opinion.opinion ?? opinion).id as string;
    const click = async () =>
      (await member.browser.request('POST', '/api/votes', { opinionId, voteType: 'oppose' }, { 'Idempotency-Key': 'click-0001' })).json() as Promise<{
        receipt: Receipt;
      }>;
    const first = await click();
    const again = await click();
    expect(again.receipt).toEqual(first.receipt);
  });

  it('gives a ballot a receipt its member can check', async () => {
    const election = (
      await member.browser.json('POST', '/api/topics', topicBody(await ownGroup(member, 'business'), { type: 'election', title: 'Choose our team lead' }))
    ).body.topic;
    const candidacy = await member.browser.json('POST', '/api/candidates', { topicId: election.id });
    expect(candidacy.status).toBe(201);
    // The candidacy is checked on the read model: it may lag a moment.
    const ballot = await eventually(
      () => member.browser.json('POST', `/api/topics/${election.id}/ballot`, { candidateId: candidacy.body.candidate.id }),
      (reply) => reply.status !== 404,
    );
    expect(ballot.status).toBe(200);
    expect(ballot.body.receipt.leafHash).toBe(await storedLeaf(ballot.body.receipt.eventId));
    await checkReceipt(ballot.body.receipt);
    // On any device: the server gives the same receipt (issue #40 item 2).
    expect((await member.browser.json('GET', `/api/topics/${election.id}/receipts`)).body.receipts).toEqual([ballot.body.receipt]);
  });

  it('gives a member, from any device, the receipts of their own votes on a topic at once, oldest first, and nobody else\u2019s', async () => {
    const omar = await newMember(server, 'Omar');
    await subscribe(omar, server);
    const topic = (await member.browser.json('POST', '/api/topics', topicBody(INTERNATIONAL, { title: 'Open data for every budget' }))).body.topic;
    const opinion = (await member.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Every line, within a month.' })).body;
    const opinionId = (opinion.opinion ?? opinion).id as string;
    const support = (await member.browser.json('POST', '/api/votes', { opinionId, voteType: 'support' })).body.receipt as Receipt;
    const omars = (await omar.browser.json('POST', '/api/votes', { opinionId, voteType: 'support' })).body.receipt as Receipt;
    const oppose = (await member.browser.json('POST', '/api/votes', { opinionId, voteType: 'oppose' })).body.receipt as Receipt;
    // Asked right after the vote, with nothing but the session cookie: the event store answers, no read model to wait for.
    const mine = await member.browser.json('GET', `/api/topics/${topic.id}/receipts`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ format: 'civitas-receipts/1', topicId: topic.id, receipts: [support, oppose] });
    expect((await omar.browser.json('GET', `/api/topics/${topic.id}/receipts`)).body.receipts).toEqual([omars]);
    // A topic the asker may not see does not exist for them; signed out is 401 first.
    const family = (await member.browser.json('POST', '/api/topics', topicBody(await ownGroup(member, 'family'), { title: 'Sunday lunch' }))).body.topic;
    const hidden = await omar.browser.json('GET', `/api/topics/${family.id}/receipts`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'Topic not found' });
    const signedOut = await fetch(`${server.baseUrl}/api/topics/not-a-topic/receipts`);
    expect(signedOut.status).toBe(401);
  });
});
