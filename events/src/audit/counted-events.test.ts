import * as nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { event, GROUP, groupCreated, joined, member, opinion, opinionPosted, TOPIC, topicCreated } from '../testing/tally-events';
import { CountedEvents } from './counted-events';
import type { TallyEvent } from './topic-tally';

/**
 * What a closing counted (TopicClosed.counted) in a business group (issue #34 item 3): its eligible
 * weight is its subscribed members, so in a topic opened with a quorum every joined member's
 * subscription bears on the outcome and is in the commitment; a topic opened before quorums keeps
 * the commitment it was counted with (only the voters' and delegations' standing).
 */

const business = () => {
  const created = groupCreated();
  return { ...created, data: { ...(created.data as object), department: 'business' } };
};
const opened = (quorumPercent?: number) => {
  const created = topicCreated(undefined, { type: 'law_amendment' });
  return quorumPercent === undefined ? created : { ...created, data: { ...(created.data as object), quorumPercent } };
};
const subscribed = (n: number) =>
  event(
    'SubscriptionActivated',
    {
      userId: member(n),
      paymentId: `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      planId: 'civic_participation_monthly',
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-05-01T00:00:00.000Z',
    },
    1,
  );
const vote = (n: number) =>
  event('VoteCast', { opinionId: opinion(1), topicId: TOPIC, groupId: GROUP, userId: member(n), voteType: 'support', previousVoteType: null }, 10);

/** The commitment over these events, each with a leaf hash of its own (of its content, so a list without one keeps the others' hashes). */
function commitment(events: TallyEvent[]) {
  const counted = new CountedEvents();
  for (const offered of events) counted.offer(offered, nodeCrypto.createHash('sha256').update(JSON.stringify(offered)).digest(), false);
  return counted.commitment();
}

/** Member 1 votes; member 2 joined and subscribed but took no part; member 9 subscribed and never joined. */
const events = (topic: TallyEvent, group: TallyEvent = business()) => [
  group,
  joined(member(1)),
  joined(member(2)),
  subscribed(1),
  subscribed(2),
  subscribed(9),
  topic,
  opinionPosted(1),
  vote(1),
];
const without = (list: TallyEvent[], dropped: TallyEvent) => list.filter((kept) => kept !== dropped);

describe('what a business group\u2019s closing counted', () => {
  it('with a quorum: a joined member\u2019s subscription counts, voter or not; dropping it changes the commitment', () => {
    const all = events(opened(10));
    const counted = commitment(all);
    expect(counted.byType.SubscriptionActivated).toBe(2);
    const [, , , , second, outsider] = all;
    const short = commitment(without(all, second!));
    expect(short.byType.SubscriptionActivated).toBe(1);
    expect(short.digest).not.toBe(counted.digest);
    // Someone who never joined is not of the group's weight: dropping them changes nothing.
    expect(commitment(without(all, outsider!))).toEqual(counted);
  });

  it('opened before quorums: only the voters\u2019 standing counts, as it did when such topics closed', () => {
    const all = events(opened());
    const counted = commitment(all);
    expect(counted.byType.SubscriptionActivated).toBe(1);
    expect(commitment(without(all, all[4]!))).toEqual(counted);
  });

  it('in a group with members but no subscriptions to weigh (friends), only the voters\u2019 standing counts', () => {
    const all = events(opened(10), groupCreated());
    expect(commitment(all).byType.SubscriptionActivated).toBe(1);
    expect(commitment(without(all, all[4]!))).toEqual(commitment(all));
  });
});
