import fc from 'fast-check';
import type { TallyEvent, TopicTallyState } from '../audit/topic-tally';
import type { ElectionMethod } from '../elections/election-method';
import type { Ranking } from '../elections/schulze';
import type { TopicType } from '../topics/topic-rules';

/**
 * The events the command side writes, as the tally module (audit/topic-tally.ts) takes them, for its
 * tests: one friends group, its members, a topic, and the ballots and delegations on it; and random
 * stories of ballots, delegations and membership with the final state kept beside the events, so a
 * test can set the module's count against one resolved by hand.
 */

export const GROUP = 12;
export const TOPIC = '30000000-0000-4000-8000-000000000001';
export const OTHER_TOPIC = '30000000-0000-4000-8000-000000000002';
export const member = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const candidate = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const opinion = (n: number) => `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const time = (minute: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + minute * 60_000).toISOString();
export const EXPIRES = time(1000);

export const event = (type: string, data: Record<string, unknown>, minute: number): TallyEvent => ({ type, data, at: time(minute) });

/** A friends group: whoever is a member may take part (eligibility.ts). */
export const groupCreated = () =>
  event(
    'GroupCreated',
    { groupId: GROUP, name: 'Friends', description: '', department: 'friends', subcategory: null, subscriptionType: 'free', features: [], ownerId: null },
    0,
  );
export const joined = (userId: string, minute = 1) => event('GroupMemberJoined', { groupId: GROUP, userId, role: 'member', isLeader: false }, minute);
export const left = (userId: string, minute: number) => event('GroupMemberLeft', { groupId: GROUP, userId, reason: 'left', removedBy: null }, minute);
export const topicCreated = (method: ElectionMethod | undefined, { topicId = TOPIC, type = 'election' as TopicType } = {}) =>
  event(
    'TopicCreated',
    {
      topicId,
      groupId: GROUP,
      title: type === 'election' ? 'Treasurer' : 'Quiet hours',
      description: '',
      type,
      createdBy: member(0),
      isMainElection: false,
      expiresAt: EXPIRES,
      ...(method ? { method } : {}),
    },
    2,
  );
export const registered = (n: number, minute = 3, topicId = TOPIC) =>
  event('CandidateRegistered', { candidateId: candidate(n), topicId, groupId: GROUP, userId: member(100 + n), statement: '' }, minute);
export const opinionPosted = (n: number, minute = 3, topicId = TOPIC) =>
  event('OpinionPosted', { opinionId: opinion(n), topicId, groupId: GROUP, userId: member(200 + n), content: `Proposal ${n}` }, minute);
export const ranked = (userId: string, ranking: Ranking, minute: number, topicId = TOPIC) =>
  event('RankedBallotCast', { topicId, groupId: GROUP, userId, ranking }, minute);
export const approved = (userId: string, approvals: string[], minute: number, topicId = TOPIC) =>
  event('ApprovalBallotCast', { topicId, groupId: GROUP, userId, approvals }, minute);
let delegations = 0;
export const delegated = (delegatorId: string, delegateId: string, minute: number) =>
  event(
    'DelegationAssigned',
    {
      delegationId: `50000000-0000-4000-8000-${String((delegations += 1)).padStart(12, '0')}`,
      groupId: GROUP,
      delegatorId,
      delegateId,
      previousDelegationId: null,
      previousDelegateId: null,
    },
    minute,
  );
export const revoked = (delegatorId: string, delegateId: string, minute: number) =>
  event('DelegationRevoked', { delegationId: '50000000-0000-4000-8000-000000000000', groupId: GROUP, delegatorId, delegateId }, minute);

/** As the closing and the verifier read it: the fold stops at expiry, and the topic is closed after it. */
export const closed = (state: TopicTallyState): TopicTallyState => ({ ...state, status: 'closed' });
/** A ranking of one option a tier, most preferred first. */
export const strict = (...order: string[]): Ranking => order.map((id) => [id]);

// Random stories (fast-check).

export type BallotStep = { kind: 'ballot'; member: number; order: number[]; cuts: boolean[] };
export type Step = { kind: 'delegate'; member: number; to: number | null } | BallotStep | { kind: 'membership'; member: number; on: boolean };

/** How often each kind of step comes (fast-check weights), and how many members there are at least at the start. */
export interface ScenarioShape {
  delegate?: number;
  ballot?: number;
  membership?: number;
  minInitial?: number;
}

/** Steps over members 0..members-1 and ballots naming some of options 0..options-1 in some order, cut into tiers by `cuts`. */
export function stepArbitrary(members: number, options: number, { delegate = 5, ballot = 4, membership = 1 }: ScenarioShape = {}): fc.Arbitrary<Step> {
  const who = fc.integer({ min: 0, max: members - 1 });
  const indexes = Array.from({ length: options }, (_, i) => i);
  return fc.oneof(
    // By default weighted towards delegation, so long chains and cycles appear.
    { weight: delegate, arbitrary: fc.record({ kind: fc.constant('delegate' as const), member: who, to: fc.option(who, { nil: null, freq: 5 }) }) },
    {
      weight: ballot,
      arbitrary: fc.record({
        kind: fc.constant('ballot' as const),
        member: who,
        order: fc.shuffledSubarray(indexes, { minLength: 1 }),
        cuts: fc.array(fc.boolean(), { minLength: options, maxLength: options }),
      }),
    },
    { weight: membership, arbitrary: fc.record({ kind: fc.constant('membership' as const), member: who, on: fc.boolean() }) },
  );
}

/** Who is a member at the start, the steps before expiry, and a few after it (folded, never counted). */
export const scenarioArbitrary = (members: number, options: number, shape: ScenarioShape = {}) =>
  fc.record({
    initial: fc.uniqueArray(fc.integer({ min: 0, max: members - 1 }), { minLength: shape.minInitial ?? 0, maxLength: members }),
    steps: fc.array(stepArbitrary(members, options, shape), { minLength: 1, maxLength: 40 }),
    late: fc.array(stepArbitrary(members, options, shape), { maxLength: 5 }),
  });

/** Names in order, cut into tiers where `cuts` says (the first always opens one). */
export function tiered(names: readonly string[], cuts: readonly boolean[]): string[][] {
  const ranking: string[][] = [[names[0]!]];
  for (let i = 1; i < names.length; i += 1) {
    if (cuts[i]) ranking.push([names[i]!]);
    else ranking.at(-1)!.push(names[i]!);
  }
  return ranking;
}

export interface StoryOptions {
  /** The events before the first step: the group, the members of `initial` joining, the topic, its subjects. */
  opening: TallyEvent[];
  /** The members at the start. */
  initial: readonly number[];
  steps: readonly Step[];
  late: readonly Step[];
  /** The ballot a step casts at `minute` and the ranking it stands for; null: none (nothing to name yet). */
  cast: (userId: string, step: BallotStep, minute: number) => { event: TallyEvent; ranking: Ranking } | null;
  /** Events recorded just before step `index` (an opinion posted between ballots); `steps.length`: after the last, before expiry. */
  before?: (index: number, minute: number) => TallyEvent[];
}

/** What the final state is, kept beside the events: who delegates to whom, who is a member, each member's last ballot. */
export function story({ opening, initial, steps, late, cast, before }: StoryOptions) {
  const events: TallyEvent[] = [...opening];
  const delegates = new Map<string, string>();
  const members = new Set(initial.map(member));
  const ballots = new Map<string, Ranking>();
  const play = (s: Step, minute: number, record: boolean) => {
    const userId = member(s.member);
    if (s.kind === 'delegate') {
      const to = s.to === null || s.to === s.member ? null : member(s.to);
      const current = delegates.get(userId);
      if (to === null && current) {
        events.push(revoked(userId, current, minute));
        if (record) delegates.delete(userId);
      } else if (to !== null && current !== to) {
        events.push(delegated(userId, to, minute));
        if (record) delegates.set(userId, to);
      }
    } else if (s.kind === 'ballot') {
      const ballot = cast(userId, s, minute);
      if (ballot) {
        events.push(ballot.event);
        if (record) ballots.set(userId, ballot.ranking);
      }
    } else if (s.on && !members.has(userId)) {
      events.push(joined(userId, minute));
      if (record) members.add(userId);
    } else if (!s.on && members.has(userId)) {
      events.push(left(userId, minute));
      if (record) members.delete(userId);
    }
  };
  steps.forEach((s, i) => {
    events.push(...(before?.(i, 10 + i) ?? []));
    play(s, 10 + i, true);
  });
  events.push(...(before?.(steps.length, 10 + steps.length) ?? []));
  // After expiry: folded, never counted (the reference's state does not move).
  const frozen = { delegates: new Map(delegates), members: new Set(members), ballots: new Map(ballots) };
  late.forEach((s, i) => play(s, 1001 + i, false));
  return { events, ...frozen };
}

/**
 * Each ballot's weight, resolved by walking each member's chain by hand: a member counts whole with
 * the first ballot on their chain; a chain stops at a non-member, a cycle or its end without a ballot.
 */
export function resolvedWeights(
  delegates: ReadonlyMap<string, string>,
  members: ReadonlySet<string>,
  ballots: ReadonlyMap<string, Ranking>,
): Map<string, number> {
  const weights = new Map<string, number>([...ballots.keys()].map((voter) => [voter, 0]));
  const everyone = new Set([...members, ...delegates.keys(), ...delegates.values(), ...ballots.keys()]);
  for (const start of everyone) {
    if (!members.has(start)) continue;
    const seen = new Set<string>();
    for (let at: string | undefined = start; at !== undefined;) {
      if (ballots.has(at)) {
        weights.set(at, weights.get(at)! + 1);
        break;
      }
      seen.add(at);
      const next: string | undefined = delegates.get(at);
      at = next !== undefined && !seen.has(next) && members.has(next) ? next : undefined;
    }
  }
  return weights;
}
