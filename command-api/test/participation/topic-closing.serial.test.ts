import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from './members';
import { CLOSE_GRACE_MS } from '../../src/topics/topic-closing';

const DAY = 86_400_000;
// The clock travels; sessions must outlive the journey.
const env = { SCHEDULER_INTERVAL_SECONDS: '0.2', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };

async function lawsEnacted(server: TestServer, topicId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await server.query<{ data: Record<string, unknown> }>(`select data from events where type = 'LawEnacted' and stream_id = $1`, [
    `topic-${topicId}`,
  ]);
  return rows.map((row) => row.data);
}

async function eventCount(server: TestServer, type: string, topicId: string): Promise<number> {
  const [row] = await server.query<{ n: number }>(`select count(*)::int as n from events where type = $1 and stream_id = $2`, [type, `topic-${topicId}`]);
  return row!.n;
}

describe('closing topics and enacting laws', () => {
  let database: TestDatabase;
  let server: TestServer;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  const now = () => new Date(clock);
  let proposer: Member;
  let voter: Member;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, now, env });
    proposer = await newMember(server, 'Nadia');
    voter = await newMember(server, 'Karim');
    await verify(proposer, SAUDI_ARABIA.name, '3000000001');
    await verify(voter, SAUDI_ARABIA.name, '3000000002');
    await subscribe(proposer, server);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('closes an expired law amendment exactly once, across a restart, and enacts its winning opinion', async () => {
    const topic = (await proposer.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { title: 'Weekend markets', expiresInDays: 2 }))).body
      .topic;
    const winner = (await proposer.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Allow markets on Saturdays.' })).body.opinion;
    const loser = (await voter.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Keep markets to weekdays.' })).body.opinion;
    await proposer.browser.json('POST', '/api/votes', { opinionId: winner.id, voteType: 'support' });
    await voter.browser.json('POST', '/api/votes', { opinionId: winner.id, voteType: 'support' });
    await voter.browser.json('POST', '/api/votes', { opinionId: loser.id, voteType: 'support' });
    await proposer.browser.json('POST', '/api/votes', { opinionId: loser.id, voteType: 'oppose' });
    expect((await proposer.browser.json('GET', `/api/laws/${SAUDI_ARABIA.groupId}`)).body).toEqual([]);

    clock += 2 * DAY;
    // From expiry on, nothing more is added, even before the scheduler has closed it.
    expect((await voter.browser.json('POST', '/api/votes', { opinionId: loser.id, voteType: 'support' })).body).toEqual({ message: 'This topic is closed.' });
    // It is counted once the grace for votes still committing at expiry has passed.
    clock += CLOSE_GRACE_MS;
    const laws = await eventually(
      async () => (await proposer.browser.json('GET', `/api/laws/${SAUDI_ARABIA.groupId}`)).body as unknown[],
      (list) => list.length === 1,
    );
    expect(laws).toEqual([
      {
        id: topic.id,
        topicId: topic.id,
        opinionId: winner.id,
        content: 'Allow markets on Saturdays.',
        voteCount: 2,
        weightedSupport: 2,
        weightedOppose: 0,
        // Enacted when the scheduler closed it: at the (injected) time it noticed the expiry.
        createdAt: new Date(clock).toISOString(),
        topic: { id: topic.id, type: 'law_amendment', title: 'Weekend markets' },
        user: { firstName: 'Nadia', lastName: 'Lovelace', profileImageUrl: null },
        hidden: null,
        method: null,
      },
    ]);
    expect((await proposer.browser.json('GET', `/api/topics/${topic.id}`)).body).toMatchObject({ status: 'closed', canParticipate: false });
    expect((await proposer.browser.json('DELETE', `/api/topics/${topic.id}`)).status).toBe(409);
    expect((await proposer.browser.json('GET', '/api/platform/stats')).body.lawsAmended).toBe(1);

    await server.stop();
    server = await startTestServer({ database, now, env });
    // Give the restarted scheduler several ticks to (not) close it again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await eventCount(server, 'TopicClosed', topic.id)).toBe(1);
    expect(await eventCount(server, 'LawEnacted', topic.id)).toBe(1);
  });

  it('catches up on topics that expired while it was down, and enacts nothing without a majority', async () => {
    const browser = new TestClient(server.baseUrl);
    const login = await browser.json('POST', '/api/email-auth/login', { email: proposer.email, password: 'correct horse battery staple' });
    expect(login.status).toBe(200);
    const dispute = (await browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { type: 'dispute_resolution', expiresInDays: 1 }))).body.topic;
    const contested = (await browser.json('POST', '/api/opinions', { topicId: dispute.id, content: 'Split the costs evenly.' })).body.opinion;
    await browser.json('POST', '/api/votes', { opinionId: contested.id, voteType: 'oppose' });
    const family = (await browser.json('POST', '/api/topics', topicBody(1, { expiresInDays: 1 }))).body.topic;

    await server.stop();
    clock += 1 * DAY + 60_000;
    server = await startTestServer({ database, now, env });
    await eventually(
      async () => eventCount(server, 'TopicClosed', dispute.id),
      (n) => n === 1,
    );
    await eventually(
      async () => eventCount(server, 'TopicClosed', family.id),
      (n) => n === 1,
    );
    expect(await eventCount(server, 'LawEnacted', dispute.id)).toBe(0);
    expect(await eventCount(server, 'LawEnacted', family.id)).toBe(0);
  });

  describe('decided on the events, not on the read models', () => {
    const signIn = async (member: Member) => {
      const browser = new TestClient(server.baseUrl);
      expect((await browser.json('POST', '/api/email-auth/login', { email: member.email, password: 'correct horse battery staple' })).status).toBe(200);
      return browser;
    };
    const vote = async (browser: TestClient, opinionId: string, voteType: 'support' | 'oppose') =>
      expect((await browser.json('POST', '/api/votes', { opinionId, voteType })).status).toBe(200);
    /** A law amendment with two opinions, posted and projected; nobody has voted yet. */
    const amendment = async (title: string) => {
      const [proposing, voting] = await Promise.all([signIn(proposer), signIn(voter)]);
      const topic = (await proposing.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { title, expiresInDays: 1 }))).body.topic;
      const first = (await proposing.json('POST', '/api/opinions', { topicId: topic.id, content: 'Open the square to night markets.' })).body.opinion;
      const second = (await voting.json('POST', '/api/opinions', { topicId: topic.id, content: 'Keep the square for parking.' })).body.opinion;
      await eventually(
        async () => server.query(`select id from read_model.opinions where topic_id = $1`, [topic.id]),
        (rows) => rows.length === 2,
      );
      return { proposing, voting, topic, first, second };
    };
    /** The first opinion wins 2 to 0; the second ends 1 to 1, after its proposer's opponent changed their mind. */
    const castVotes = async ({ proposing, voting, first, second }: Awaited<ReturnType<typeof amendment>>) => {
      await vote(proposing, first.id, 'support');
      await vote(voting, first.id, 'support');
      await vote(voting, second.id, 'support');
      await vote(proposing, second.id, 'support');
      await vote(proposing, second.id, 'oppose');
    };

    it('enacts what the votes say even when the opinions read model says otherwise', async () => {
      const debate = await amendment('Night markets');
      await castVotes(debate);
      await eventually(
        async () =>
          server.query(
            `select w.subject_id from read_model.weighted_tallies w join read_model.opinions o on o.id = w.subject_id where o.topic_id = $1 and w.choice = 'oppose' and w.weight = 1`,
            [debate.topic.id],
          ),
        (rows) => rows.length === 1,
      );
      // Tallies the close must not trust: by them the second opinion would win 9 to 0.
      await server.query(
        `
        update read_model.weighted_tallies w set weight = case when w.choice = 'oppose' or w.subject_id = $1 then 0 else 9 end
        from read_model.opinions o where o.id = w.subject_id and o.topic_id = $2`,
        [debate.first.id, debate.topic.id],
      );

      clock += DAY + CLOSE_GRACE_MS;
      const enacted = await eventually(
        () => lawsEnacted(server, debate.topic.id),
        (laws) => laws.length === 1,
      );
      expect(enacted).toEqual([expect.objectContaining({ opinionId: debate.first.id, proposerId: proposer.userId, weightedSupport: 2, weightedOppose: 0 })]);
    });

    it('closes on time while the opinions projection is held back, counting votes it has not projected', async () => {
      const debate = await amendment('Night markets, again');
      // Writes to the opinions read model wait behind this lock: the projector falls behind from here on.
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table read_model.opinions in exclusive mode');
        await castVotes(debate);
        clock += DAY + CLOSE_GRACE_MS;
        const enacted = await eventually(
          () => lawsEnacted(server, debate.topic.id),
          (laws) => laws.length === 1,
        );
        expect(enacted).toEqual([expect.objectContaining({ opinionId: debate.first.id, weightedSupport: 2, weightedOppose: 0 })]);
        const projected = await server.query(`select support_count from read_model.opinions where id = $1`, [debate.first.id]);
        expect(projected).toEqual([{ support_count: 0 }]);
      } finally {
        await holder.query('commit').catch(() => undefined);
        await holder.end();
      }
    });
    it("weighs delegated votes: a delegator who did not vote adds to their delegate's vote, and the close records every tally", async () => {
      const debate = await amendment('Night markets, delegated');
      const lender = await newMember(server, 'Lina');
      await verify(lender, SAUDI_ARABIA.name, '3000000003');
      expect((await lender.browser.json('POST', '/api/delegations', { delegateId: voter.userId, groupId: SAUDI_ARABIA.groupId })).status).toBeLessThan(300);
      // The second opinion: supported by its proposer, opposed by the voter, who carries the lender's weight.
      await vote(debate.proposing, debate.second.id, 'support');
      await vote(debate.voting, debate.second.id, 'oppose');
      await vote(debate.voting, debate.first.id, 'support');
      clock += DAY + CLOSE_GRACE_MS;
      const enacted = await eventually(
        () => lawsEnacted(server, debate.topic.id),
        (laws) => laws.length === 1,
      );
      expect(enacted).toEqual([expect.objectContaining({ opinionId: debate.first.id, weightedSupport: 2, weightedOppose: 0 })]);
      const [closed] = await server.query<{ data: { tallies: unknown[] } }>(`select data from events where type = 'TopicClosed' and stream_id = $1`, [
        `topic-${debate.topic.id}`,
      ]);
      expect(closed!.data.tallies).toEqual(
        expect.arrayContaining([
          { subjectId: debate.first.id, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
          { subjectId: debate.second.id, supportCount: 1, opposeCount: 1, weightedSupport: 1, weightedOppose: 2 },
        ]),
      );
    });
  });
});
