import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Department } from '../groups/group.events';
import type { VoteType } from '../voting/vote.events';
import {
  candidate,
  closed,
  delegated,
  event,
  EXPIRES,
  GROUP,
  groupCreated,
  joined,
  left,
  member,
  opinion,
  opinionPosted,
  ranked,
  registered,
  resolvedWeights,
  scenarioArbitrary,
  story,
  strict,
  TOPIC,
  topicCreated,
} from '../testing/tally-events';
import { foldTopic, tallies, type TallyEvent, type TopicTallyState } from './topic-tally';

/**
 * Quorum and majority in the tally module (issue #34 item 3; docs/decisions.md, Quorum and majority):
 * a topic that decides and opened with a quorum decides only when the weight that took part
 * (delegation applied, each member once) reaches its percent of the group's eligible weight, and a
 * per-opinion law only with more than half of that weight behind it. Topics opened before quorums
 * keep the rule they opened under.
 */

const [A, B] = [1, 2].map(opinion) as [string, string];
const NO_CHANGE = TOPIC;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The topic's TopicCreated, with the group's quorum for its type when it opened. */
const quorumTopic = (
  quorumPercent: number | undefined,
  { type = 'law_amendment', method }: { type?: 'law_amendment' | 'election'; method?: 'schulze' } = {},
) => {
  const created = topicCreated(method, { type });
  return quorumPercent === undefined ? created : { ...created, data: { ...(created.data as object), quorumPercent } };
};
const vote = (n: number, on: string, voteType: VoteType, minute: number) =>
  event('VoteCast', { opinionId: on, topicId: TOPIC, groupId: GROUP, userId: member(n), voteType, previousVoteType: null }, minute);
const ballot = (n: number, c: number, minute: number) =>
  event('BallotCast', { topicId: TOPIC, groupId: GROUP, userId: member(n), candidateId: candidate(c), previousCandidateId: null }, minute);
/** A group of another department than the fixtures' friends group. */
const groupOf = (department: Department, subcategory: string | null = null) => {
  const created = groupCreated();
  return { ...created, data: { ...(created.data as object), department, subcategory } };
};
const leaderJoined = (n: number) => event('GroupMemberJoined', { groupId: GROUP, userId: member(n), role: 'member', isLeader: true }, 1);
/** A subscription paid until `untilMinute` (the fixtures' expiry is minute 1000). */
const subscribed = (n: number, untilMinute = 2000) =>
  event(
    'SubscriptionActivated',
    {
      userId: member(n),
      paymentId: `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      planId: 'civic_participation_monthly',
      startDate: new Date(Date.UTC(2026, 2, 1)).toISOString(),
      endDate: new Date(Date.UTC(2026, 2, 5, 10, 0) + untilMinute * 60_000).toISOString(),
    },
    1,
  );

/** A law amendment with opinions A and B in a friends group of members `members`. */
const law = (percent: number | undefined, members: number[]) => [
  groupCreated(),
  ...members.map((n) => joined(member(n))),
  quorumTopic(percent),
  opinionPosted(1),
  opinionPosted(2),
];
const count = (events: TallyEvent[], options = {}) => tallies(closed(foldTopic(TOPIC, events)), { at: EXPIRES, ...options });
const supporters = (members: number[], on = A) => members.map((n, i) => vote(n, on, 'support', 10 + i));

describe('the quorum in the tally module', () => {
  it('is reached when exactly its percent of the eligible weight took part, and not with one member less', () => {
    // 10 members, 30%: 3 is exactly 30 of 100.
    const exactly = count([...law(30, range(1, 10)), ...supporters([1, 2, 3])]);
    expect(exactly.quorum).toEqual({ percent: 30, eligibleWeight: 10, participatingWeight: 3, reached: true });
    expect(exactly).toMatchObject({ decidedBy: 'majority', result: { kind: 'law_enacted', opinionId: A } });
    const short = count([...law(30, range(1, 10)), ...supporters([1, 2])]);
    expect(short.quorum).toEqual({ percent: 30, eligibleWeight: 10, participatingWeight: 2, reached: false });
    // Unanimous support, and still nothing: too few took part.
    expect(short.opinions[0]).toMatchObject({ weightedSupport: 2, weightedOppose: 0 });
    expect(short).toMatchObject({ decidedBy: 'quorum_not_reached', result: { kind: 'none', opinionId: null } });
    // In whole numbers, no rounding: 7 members at 10% need 0.7, so one member is enough and none is not.
    expect(count([...law(10, range(1, 7)), ...supporters([1])]).quorum!.reached).toBe(true);
    expect(count(law(10, range(1, 7))).quorum).toMatchObject({ participatingWeight: 0, reached: false });
    expect(count(law(10, range(1, 7))).decidedBy).toBe('quorum_not_reached');
  });

  it('at 0% is always reached, even by nobody (the default for elections)', () => {
    const nobody = count(law(0, range(1, 5)));
    expect(nobody.quorum).toEqual({ percent: 0, eligibleWeight: 5, participatingWeight: 0, reached: true });
    expect(nobody).toMatchObject({ decidedBy: 'no_majority', result: { kind: 'none' } });
    // An empty group too.
    expect(count(law(0, [])).quorum).toEqual({ percent: 0, eligibleWeight: 0, participatingWeight: 0, reached: true });
  });

  it('gives figures while open and names no deciding rule until the topic closes', () => {
    const open = tallies(foldTopic(TOPIC, [...law(30, range(1, 10)), ...supporters([1])]), { at: EXPIRES });
    expect(open.quorum).toEqual({ percent: 30, eligibleWeight: 10, participatingWeight: 1, reached: false });
    expect(open).toMatchObject({ decidedBy: null, result: { kind: 'pending' } });
  });
});

describe('the majority of a per-opinion law opened with a quorum', () => {
  it('does not enact support of exactly half the weight that took part, and enacts one more', () => {
    // Members 1 and 2 support A; 3 and 4 vote only on B: A has 2 of the 4 who took part, and no opposition.
    const half = [...law(10, range(1, 6)), ...supporters([1, 2]), vote(3, B, 'support', 12), vote(4, B, 'oppose', 13)];
    const even = count(half);
    expect(even.opinions.map((tally) => [tally.weightedSupport, tally.weightedOppose])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(even.quorum).toMatchObject({ participatingWeight: 4, reached: true });
    expect(even).toMatchObject({ decidedBy: 'no_majority', result: { kind: 'none' } });
    // Member 5 supports A too: 3 of 5.
    const more = count([...half, vote(5, A, 'support', 14)]);
    expect(more.quorum).toMatchObject({ participatingWeight: 5, reached: true });
    expect(more).toMatchObject({ decidedBy: 'majority', result: { kind: 'law_enacted', opinionId: A, weightedSupport: 3 } });
    // Member 5 opposing instead: A beats its opposition 2 to 1, but 2 of 5 is no majority.
    expect(count([...half, vote(5, A, 'oppose', 14)])).toMatchObject({ decidedBy: 'no_majority', result: { kind: 'none' } });
  });

  it('still wants support above opposition', () => {
    // A: 3 support and 3 oppose of the 6 who took part.
    const tied = count([...law(10, range(1, 6)), ...supporters([1, 2, 3]), vote(4, A, 'oppose', 20), vote(5, A, 'oppose', 21), vote(6, A, 'oppose', 22)]);
    expect(tied).toMatchObject({ decidedBy: 'no_majority', result: { kind: 'none' } });
  });
});

describe('the weight that took part', () => {
  it('counts each member once along delegation chains; an ineligible member stops a chain; a cycle abstains', () => {
    const events = [
      ...law(10, range(1, 7)),
      // 2 -> 1, and 1 voted on both opinions: 2 takes part once, as 1 does.
      delegated(member(2), member(1), 5),
      vote(1, A, 'support', 10),
      vote(1, B, 'oppose', 11),
      // 3 -> 9 -> 1: 9 is no member, so 3's chain stops there; 9's own vote weighs nothing.
      delegated(member(3), member(9), 6),
      delegated(member(9), member(1), 7),
      vote(9, A, 'support', 12),
      // 4 <-> 5, nobody on it voted, and 6 leads into the cycle: all three abstain.
      delegated(member(4), member(5), 8),
      delegated(member(5), member(4), 9),
      delegated(member(6), member(4), 9),
    ];
    const counted = count(events);
    expect(counted.quorum).toEqual({ percent: 10, eligibleWeight: 7, participatingWeight: 2, reached: true });
    // 7 votes for themself though delegating to 1: still once each.
    const direct = count([...events, delegated(member(7), member(1), 13), vote(7, B, 'support', 14)]);
    expect(direct.quorum!.participatingWeight).toBe(3);
    // 4 votes: the cycle's members, and 6 behind them, reach a vote.
    expect(count([...events, vote(4, B, 'support', 15)]).quorum!.participatingWeight).toBe(5);
    // 1 leaves the group before expiry: 1's votes and 2's chain count no more.
    expect(count([...events, left(member(1), 16)]).quorum).toMatchObject({ eligibleWeight: 6, participatingWeight: 0 });
    // Nothing after the expiry moves it.
    expect(count([...events, vote(5, A, 'support', 1001)]).quorum!.participatingWeight).toBe(2);
  });
});

describe('a topic opened before quorums', () => {
  it('keeps the old rule: no quorum, no figures, no deciding rule, enacted on support above opposition alone', () => {
    // 2 support and 1 oppose, 3 of 10 members: the old rule enacts A.
    const events = [...law(undefined, range(1, 10)), ...supporters([1, 2]), vote(3, A, 'oppose', 20)];
    const counted = count(events);
    expect(counted).toMatchObject({ quorum: null, decidedBy: null, result: { kind: 'law_enacted', opinionId: A, weightedSupport: 2 } });
    // The same events with a quorum of 10%: reached (3 of 10), and 2 is more than half of 3.
    expect(count([...law(10, range(1, 10)), ...supporters([1, 2]), vote(3, A, 'oppose', 20)]).decidedBy).toBe('majority');
    // And with a quorum of 50%: not reached.
    expect(count([...law(50, range(1, 10)), ...supporters([1, 2]), vote(3, A, 'oppose', 20)])).toMatchObject({
      decidedBy: 'quorum_not_reached',
      result: { kind: 'none' },
    });
    // A plurality election opened before quorums: its winner stands.
    const election = count([
      groupCreated(),
      joined(member(1)),
      joined(member(2)),
      quorumTopic(undefined, { type: 'election' }),
      registered(1),
      ballot(1, 1, 10),
    ]);
    expect(election).toMatchObject({ quorum: null, decidedBy: null, election: { winnerCandidateId: candidate(1) } });
  });

  it('leaves a discussion without quorum whatever its TopicCreated says', () => {
    const created = topicCreated(undefined, { type: 'friends_discussion' });
    const discussion = { ...created, data: { ...(created.data as object), quorumPercent: 50 } };
    const counted = count([groupCreated(), joined(member(1)), discussion, opinionPosted(1), vote(1, A, 'support', 10)]);
    expect(counted).toMatchObject({ quorum: null, decidedBy: null, result: { kind: 'none' } });
  });
});

describe('the eligible weight', () => {
  const voting = [quorumTopic(50), opinionPosted(1), ...supporters([1])];

  it('of a family or friends group is its members at the count', () => {
    const family = count([groupOf('family'), ...range(1, 4).map((n) => joined(member(n))), left(member(4), 5), ...voting]);
    expect(family.quorum).toEqual({ percent: 50, eligibleWeight: 3, participatingWeight: 1, reached: false });
    // A member who joins after expiry is not eligible at the count.
    expect(count([groupCreated(), joined(member(1)), ...voting, joined(member(2), 1001)]).quorum).toMatchObject({ eligibleWeight: 1, reached: true });
  });

  it('of a business group is its subscribed members only, judged at the cut', () => {
    const business = [
      groupOf('business'),
      ...range(1, 4).map((n) => joined(member(n))),
      subscribed(1),
      subscribed(2),
      // 3's subscription ends before the expiry; 4 never subscribed; 9 is subscribed but no member.
      subscribed(3, 500),
      subscribed(9),
    ];
    const counted = count([...business, ...voting]);
    expect(counted.quorum).toEqual({ percent: 50, eligibleWeight: 2, participatingWeight: 1, reached: true });
    expect(counted).toMatchObject({ decidedBy: 'majority', result: { kind: 'law_enacted', opinionId: A } });
    // 4 subscribes: 1 of 3 is short of half.
    expect(count([...business, subscribed(4), ...voting]).quorum).toMatchObject({ eligibleWeight: 3, reached: false });
  });

  it('of the Leadership Alliance is its leaders', () => {
    const alliance = [groupOf('alliance'), leaderJoined(1), leaderJoined(2), joined(member(3)), joined(member(4)), ...voting];
    expect(count(alliance).quorum).toEqual({ percent: 50, eligibleWeight: 2, participatingWeight: 1, reached: true });
    // A member's vote is no participation: member 3 may not take part.
    expect(count([...alliance, vote(3, A, 'support', 20)]).quorum).toMatchObject({ participatingWeight: 1 });
  });

  it('of an open group is the figure given, and without one there are no figures', () => {
    const religion = [groupOf('religion', 'islam'), quorumTopic(10), opinionPosted(1), ...supporters(range(1, 10))];
    expect(count(religion, { eligibleWeight: 100 }).quorum).toEqual({ percent: 10, eligibleWeight: 100, participatingWeight: 10, reached: true });
    expect(count(religion, { eligibleWeight: 101 })).toMatchObject({
      quorum: { eligibleWeight: 101, reached: false },
      decidedBy: 'quorum_not_reached',
      result: { kind: 'none' },
    });
    // Without the figure, no quorum figures and no deciding rule; the majority of who took part still applies.
    const unknown = count(religion);
    expect(unknown).toMatchObject({ quorum: null, decidedBy: null, result: { kind: 'law_enacted', opinionId: A } });
    // A group with members counts its own, whatever figure is given.
    expect(count([...law(50, range(1, 4)), ...supporters([1])], { eligibleWeight: 1 }).quorum).toMatchObject({ eligibleWeight: 4 });
  });
});

describe('an election or a law decided among its opinions below the quorum', () => {
  const election = (percent: number, method?: 'schulze') => [
    groupCreated(),
    ...range(1, 4).map((n) => joined(member(n))),
    quorumTopic(percent, { type: 'election', method }),
    registered(1),
    registered(2),
  ];

  it('elects nobody below the quorum, whatever the method gives', () => {
    const below = count([...election(50), ballot(1, 1, 10)]);
    expect(below.candidates[0]).toMatchObject({ weightedSupport: 1 });
    expect(below).toMatchObject({
      quorum: { eligibleWeight: 4, participatingWeight: 1, reached: false },
      decidedBy: 'quorum_not_reached',
      election: { winnerId: null, winnerCandidateId: null },
      result: { kind: 'none', winnerCandidateId: null },
    });
    // A delegation brings a second member to the ballot: half took part.
    const reached = count([...election(50), delegated(member(2), member(1), 5), ballot(1, 1, 10)]);
    expect(reached).toMatchObject({ decidedBy: 'method_winner', election: { winnerCandidateId: candidate(1) }, result: { kind: 'winner' } });
    // Nobody voted at 0%: reached, and no winner.
    expect(count(election(0))).toMatchObject({ quorum: { reached: true }, decidedBy: 'no_winner', election: { winnerCandidateId: null } });
    // Schulze: ranked ballots are the participation.
    const schulze = count([...election(50, 'schulze'), ranked(member(1), strict(candidate(2)), 10)]);
    expect(schulze).toMatchObject({ quorum: { participatingWeight: 1, reached: false }, election: { winnerCandidateId: null } });
    expect(count([...election(50, 'schulze'), ranked(member(1), strict(candidate(2)), 10), ranked(member(3), strict(candidate(2)), 11)])).toMatchObject({
      decidedBy: 'method_winner',
      election: { winnerCandidateId: candidate(2) },
    });
  });

  it('enacts no opinion of a ranked law below the quorum, and names which way Schulze went above it', () => {
    const opening = [groupCreated(), ...range(1, 4).map((n) => joined(member(n))), quorumTopic(50, { method: 'schulze' }), opinionPosted(1)];
    const below = count([...opening, ranked(member(1), strict(A, NO_CHANGE), 10)]);
    expect(below.schulze!.winners).toEqual([A]);
    expect(below).toMatchObject({ quorum: { participatingWeight: 1, reached: false }, decidedBy: 'quorum_not_reached', result: { kind: 'none' } });
    const beats = count([...opening, ranked(member(1), strict(A, NO_CHANGE), 10), ranked(member(2), strict(A, NO_CHANGE), 11)]);
    expect(beats).toMatchObject({ decidedBy: 'beats_no_change', result: { kind: 'law_enacted', opinionId: A } });
    const kept = count([...opening, ranked(member(1), strict(A, NO_CHANGE), 10), ranked(member(2), strict(NO_CHANGE, A), 11)]);
    expect(kept).toMatchObject({ decidedBy: 'no_change_kept', result: { kind: 'none' } });
  });
});

describe('the weight that took part against a brute-force walk of each member\u2019s chain', () => {
  const OPINIONS = 2;
  const scenario = fc.record({
    scene: scenarioArbitrary(8, OPINIONS),
    department: fc.constantFrom<Department>('family', 'friends'),
    percent: fc.integer({ min: 0, max: 100 }),
    ranked: fc.boolean(),
  });

  it('participatingWeight, eligibleWeight, reached and what is enacted follow from the final state', () => {
    fc.assert(
      fc.property(scenario, ({ scene: { initial, steps, late }, department, percent, ranked: amongOpinions }) => {
        const played = story({
          opening: [
            groupOf(department),
            ...initial.map((n) => joined(member(n))),
            quorumTopic(percent, { method: amongOpinions ? 'schulze' : undefined }),
            opinionPosted(1),
            opinionPosted(2),
          ],
          initial,
          steps,
          late,
          // A ballot step votes on its first opinion (support or oppose by its first cut), or ranks the opinions it names.
          cast: (userId, step, minute) => {
            const names = step.order.map((i) => opinion(i + 1));
            if (amongOpinions)
              return {
                event: ranked(
                  userId,
                  names.map((id) => [id]),
                  minute,
                ),
                ranking: [names],
              };
            const voteType: VoteType = step.cuts[0] ? 'support' : 'oppose';
            const data = { opinionId: names[0]!, topicId: TOPIC, groupId: GROUP, userId, voteType, previousVoteType: null };
            return { event: event('VoteCast', data, minute), ranking: [names] };
          },
        });
        const state: TopicTallyState = closed(foldTopic(TOPIC, played.events));
        const counted = tallies(state, { at: EXPIRES });
        // Each member reaching someone who voted or ranked, once, however many opinions that one voted on.
        const weights = resolvedWeights(played.delegates, played.members, played.ballots);
        const participating = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
        const eligible = played.members.size;
        const reached = participating * 100 >= percent * eligible;
        expect(counted.quorum).toEqual({ percent, eligibleWeight: eligible, participatingWeight: participating, reached });
        if (!reached) expect(counted).toMatchObject({ decidedBy: 'quorum_not_reached', result: { kind: 'none' } });
        if (counted.result.kind === 'law_enacted' && !amongOpinions) expect(counted.result.weightedSupport * 2).toBeGreaterThan(participating);
        expect(counted.decidedBy === 'majority' || counted.decidedBy === 'beats_no_change').toBe(counted.result.kind === 'law_enacted');
      }),
      { numRuns: 300 },
    );
  });
});
