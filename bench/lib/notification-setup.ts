import { randomBytes } from 'node:crypto';
import { userStream, voteStream } from '@civitas/events';
import type { TestClient } from '../../test-support/http-client';
import { expectStatus, registerMember, subscribeMonthly, verifyCitizen } from '../../test-support/members';
import type { GeneratedEvent } from './insert-events';
import { now } from './measure';
import { progress } from './report';
import { inBatches } from './setup';

/** Saudi Arabia's national group in the seeded catalogue: an open group, whose audience is whoever took part there. */
export const NATIONAL_GROUP = { country: 'Saudi Arabia', groupId: 1682 };
/** Registrations run a few at a time: argon2 hashing is what makes them slow. */
const REGISTRATION_CONCURRENCY = 4;

/** The generated members, apart from every other bench's ids. */
export const generatedMemberId = (index: number) => `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

export interface NotificationMembers {
  /** Session cookies of the members who open the measured topics (verified, subscribed). */
  creators: string[];
  /** Session cookies of the members who read their feeds; each voted in the group, so it is in their audience. */
  readers: string[];
  topicId: string;
  opinionId: string;
}

/**
 * Over HTTP: `creators` verified and subscribed citizens, the first of whom opens a topic with one
 * opinion in the national group, and `readers` verified citizens who each vote on that opinion.
 */
export async function registerNotificationMembers(baseUrl: string, creators: number, readers: number): Promise<NotificationMembers> {
  const started = now();
  const runId = randomBytes(4).toString('hex');
  const everyone = await inBatches(creators + readers, REGISTRATION_CONCURRENCY, async (index) => {
    const { client } = await registerMember(baseUrl, { email: `bench.notify.${runId}.${index}@example.org` });
    await verifyCitizen(client, NATIONAL_GROUP.country, `NOTE${runId}${String(index).padStart(4, '0')}`);
    return client;
  });
  const creatorClients = everyone.slice(0, creators);
  const readerClients = everyone.slice(creators);
  for (const creator of creatorClients) await subscribeMonthly(creator, baseUrl);
  const author: TestClient = creatorClients[0]!;
  const topic = await expectStatus(
    'create topic',
    await author.post('/api/topics', {
      title: 'Bench: a national library card for every citizen',
      description: 'One library card should open every public library in the country, with its e-books included.',
      groupId: NATIONAL_GROUP.groupId,
    }),
    201,
  );
  const topicId = topic.topic.id as string;
  const opinion = await expectStatus(
    'post opinion',
    await author.post('/api/opinions', { topicId, content: 'Yes: one card, every library, and the e-books too.' }),
    201,
  );
  const opinionId = opinion.opinion.id as string;
  await inBatches(readerClients.length, REGISTRATION_CONCURRENCY, async (index) => {
    await expectStatus('vote', await readerClients[index]!.post('/api/votes', { opinionId, voteType: 'support' }), 200);
  });
  progress(
    `notifications: ${creators + readers} members registered and verified, ${creators} subscribed, a topic and an opinion in group ${NATIONAL_GROUP.groupId}, ` +
      `${readers} votes on it, over HTTP in ${((now() - started) / 1000).toFixed(1)} s`,
  );
  return { creators: creatorClients.map((client) => client.cookieHeader), readers: readerClients.map((client) => client.cookieHeader), topicId, opinionId };
}

/** One vote on the opinion from each generated member: each then takes part in the group, so its notices are in their feeds. */
export function generatedVotes(count: number, topicId: string, opinionId: string): GeneratedEvent[] {
  return Array.from({ length: count }, (_, index) => {
    const userId = generatedMemberId(index);
    return {
      stream: voteStream(opinionId, userId),
      type: 'VoteCast',
      data: { opinionId, topicId, groupId: NATIONAL_GROUP.groupId, userId, voteType: index % 3 === 0 ? 'oppose' : 'support', previousVoteType: null },
    };
  });
}

/**
 * An account with a proven address for each generated member, so the digest may mail them. The
 * address and names are written in clear (as events from before sealing are, which the users
 * projection reads as they are); the digest reads them from the users read model either way.
 */
export function generatedAccounts(count: number): GeneratedEvent[] {
  return Array.from({ length: count }, (_, index) => {
    const userId = generatedMemberId(index);
    return [
      {
        stream: userStream(userId),
        type: 'UserRegistered',
        data: {
          userId,
          email: `bench.digest.${index}@example.org`,
          firstName: 'Bench',
          lastName: `Member ${index}`,
          profileImageUrl: null,
          passwordHash: null,
          externalIdentity: null,
        },
      },
      { stream: userStream(userId), type: 'EmailVerified', data: { userId, via: 'link' } },
    ];
  }).flat();
}
