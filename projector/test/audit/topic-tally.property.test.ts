import { createEventRegistry, encodePosition, foldAsOf, topicTally, type Department, type PositionedEvent, type SubjectTally } from '@civitas/events';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationProjection } from '../../src/delegation/delegation.projection';
import { ChangeSet, type ProjectedEvent } from '../../src/projection';
import { ProjectionSpec, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import {
  groupCreated,
  memberJoined,
  memberLeft,
  newId,
  opinionPosted,
  subscriptionActivated,
  subscriptionExpired,
  topicCreated,
  verificationApproved,
  verificationRejected,
  verificationSubmitted,
  voteCast,
  voteRetracted,
} from '../spec-events';
import { ballotCast, ballotWithdrawn, candidateRegistered } from '../election-events';

/**
 * Issue #15 item 1 and 3: the pure tally module, folded over a random history, equals what the
 * real `delegation` projection has projected after every event; and `asOf` each position (a fold
 * that stops there) equals the rows projected at that moment.
 */

const GROUP = 77;
const DEPARTMENTS: Array<{ department: Department; subcategory: string | null }> = [
  { department: 'religion', subcategory: 'islam' },
  { department: 'national', subcategory: 'saudi_arabia' },
  { department: 'international', subcategory: null },
  { department: 'friends', subcategory: null },
];
const MEMBERS = Array.from({ length: 6 }, (_, index) => `00000000-0000-4000-8000-00000000000${index}`);
const LAW = '10000000-0000-4000-8000-000000000001';
const OPINIONS = ['20000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002'];
const ELECTION = '30000000-0000-4000-8000-000000000001';
const CANDIDATES = ['40000000-0000-4000-8000-000000000001', '40000000-0000-4000-8000-000000000002'];
const FAR = '2027-01-01T00:00:00.000Z';

type Step =
  | { kind: 'delegate'; member: number; to: number | null }
  | { kind: 'vote'; opinion: number; member: number; choice: 'support' | 'oppose' | null }
  | { kind: 'ballot'; member: number; candidate: number | null }
  | { kind: 'subscription'; member: number; on: boolean }
  | { kind: 'verification'; member: number; approve: boolean }
  | { kind: 'membership'; member: number; on: boolean };

const member = fc.integer({ min: 0, max: MEMBERS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('delegate' as const), member, to: fc.option(member, { nil: null, freq: 4 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('vote' as const),
      opinion: fc.integer({ min: 0, max: 1 }),
      member,
      choice: fc.constantFrom('support' as const, 'oppose' as const, null),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('ballot' as const), member, candidate: fc.constantFrom(0, 1, null) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('subscription' as const), member, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('verification' as const), member, approve: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('membership' as const), member, on: fc.boolean() }) },
);

/** The events the command side would write for the steps (only valid ones). */
function eventsOf(department: number, steps: readonly Step[]): SpecEvent[] {
  const events: SpecEvent[] = [
    groupCreated(GROUP, { ...DEPARTMENTS[department]!, name: 'Audited' }),
    topicCreated(LAW, GROUP, MEMBERS[0]!, { expiresAt: FAR }),
    ...OPINIONS.map((opinionId, index) => opinionPosted(opinionId, LAW, GROUP, MEMBERS[index]!)),
    topicCreated(ELECTION, GROUP, MEMBERS[0]!, { type: 'election', expiresAt: FAR }),
    ...CANDIDATES.map((candidateId, index) => candidateRegistered(candidateId, ELECTION, GROUP, MEMBERS[index]!)),
  ];
  const delegates = new Map<string, { id: string; to: string }>();
  const votes = new Map<string, 'support' | 'oppose'>();
  const ballots = new Map<string, string>();
  const approved = new Map<string, string>();
  const members = new Set<string>();
  for (const s of steps) {
    const userId = MEMBERS[s.member]!;
    switch (s.kind) {
      case 'delegate': {
        const to = s.to === null || s.to === s.member ? null : MEMBERS[s.to]!;
        const current = delegates.get(userId);
        if (to === null && current) {
          events.push({
            type: 'DelegationRevoked',
            streamId: `delegation-${GROUP}-${userId}`,
            data: { delegationId: current.id, groupId: GROUP, delegatorId: userId, delegateId: current.to },
          });
          delegates.delete(userId);
        } else if (to !== null && current?.to !== to) {
          const id = newId();
          events.push({
            type: 'DelegationAssigned',
            streamId: `delegation-${GROUP}-${userId}`,
            data: {
              delegationId: id,
              groupId: GROUP,
              delegatorId: userId,
              delegateId: to,
              previousDelegationId: current?.id ?? null,
              previousDelegateId: current?.to ?? null,
            },
          });
          delegates.set(userId, { id, to });
        }
        break;
      }
      case 'vote': {
        const target = { opinionId: OPINIONS[s.opinion]!, topicId: LAW, groupId: GROUP, userId };
        const key = `${target.opinionId}:${userId}`;
        const previous = votes.get(key) ?? null;
        if (s.choice === null) {
          if (previous) events.push(voteRetracted(target, previous));
          votes.delete(key);
        } else if (previous !== s.choice) {
          events.push(voteCast(target, s.choice, previous));
          votes.set(key, s.choice);
        }
        break;
      }
      case 'ballot': {
        const target = { topicId: ELECTION, groupId: GROUP, userId };
        const previous = ballots.get(userId) ?? null;
        const candidate = s.candidate === null ? null : CANDIDATES[s.candidate]!;
        if (candidate === null) {
          if (previous) events.push(ballotWithdrawn(target, previous));
          ballots.delete(userId);
        } else if (previous !== candidate) {
          events.push(ballotCast(target, candidate, previous));
          ballots.set(userId, candidate);
        }
        break;
      }
      case 'subscription':
        events.push(s.on ? subscriptionActivated(userId, newId(), '2026-03-01T00:00:00.000Z', FAR) : subscriptionExpired(userId, FAR));
        break;
      case 'verification': {
        const current = approved.get(userId);
        if (s.approve && !current) {
          const id = newId();
          approved.set(userId, id);
          // As the command side writes it: a claim first, then its approval.
          events.push(
            verificationSubmitted(id, userId, 'sealed', { country: 'Saudi Arabia', countryKey: 'saudi_arabia' }),
            verificationApproved(id, userId, null, 'saudi_arabia'),
          );
        } else if (!s.approve && current) {
          approved.delete(userId);
          events.push(verificationRejected(current, userId, MEMBERS[0]!, 'Not valid', 'saudi_arabia'));
        }
        break;
      }
      case 'membership':
        if (s.on && !members.has(userId)) events.push(memberJoined(GROUP, userId));
        if (!s.on && members.has(userId)) events.push(memberLeft(GROUP, userId, 'left', null));
        if (s.on) members.add(userId);
        else members.delete(userId);
        break;
    }
  }
  return events;
}

const registry = createEventRegistry();

/** Each event as the runner delivers it: decoded, with a position and a command time in log order. */
function project(events: readonly SpecEvent[]): ProjectedEvent[] {
  return events.map((event, index) => {
    const time = new Date(Date.parse('2026-03-10T00:00:00.000Z') + index * 1000).toISOString();
    const schemaVersion = registry.versionOf(event.type);
    const { type, data } = registry.decode({ type: event.type, data: event.data, metadata: { schemaVersion } });
    return {
      id: randomUUID(),
      type,
      data,
      metadata: { schemaVersion, time },
      streamId: event.streamId ?? 'spec',
      position: encodePosition(1000n + BigInt(index), 1n),
      recordedAt: new Date(time),
    };
  });
}

type Rows = Record<string, number>;

/** What the projection holds now for the topic's subjects: `${subject}:${choice}` -> weight, and direct counts. */
async function projected(outcome: ProjectionOutcome): Promise<Rows> {
  const rows: Rows = {};
  for (const row of await outcome.rows('weighted_tallies', { columns: ['subject_id', 'choice', 'weight'] })) {
    if (row.weight !== 0) rows[`weighted ${row.subject_id as string} ${row.choice as string}`] = row.weight as number;
  }
  for (const row of await outcome.rows('direct_choices', { columns: ['subject_id', 'choice'] })) {
    const key = `direct ${row.subject_id as string} ${row.choice as string}`;
    rows[key] = (rows[key] ?? 0) + 1;
  }
  return rows;
}

/** The module's tallies in the same shape. */
function moduleRows(law: SubjectTally[], election: SubjectTally[]): Rows {
  const rows: Rows = {};
  const put = (key: string, value: number) => void (value !== 0 && (rows[key] = value));
  for (const t of law) {
    put(`weighted ${t.subjectId} support`, t.weightedSupport);
    put(`weighted ${t.subjectId} oppose`, t.weightedOppose);
    put(`direct ${t.subjectId} support`, t.supportCount);
    put(`direct ${t.subjectId} oppose`, t.opposeCount);
  }
  // An election's rows are keyed by the topic, one per candidate.
  for (const t of election) {
    put(`weighted ${ELECTION} ${t.subjectId}`, t.weightedSupport);
    put(`direct ${ELECTION} ${t.subjectId}`, t.supportCount);
  }
  return rows;
}

describe('the topic tally module against the projected tallies', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(delegationProjection);
  });
  afterAll(async () => spec.close());

  it('equals the projection after every event of a random history, and asOf every position equals what was projected then', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.array(step, { minLength: 5, maxLength: 40 }), async (department, steps) => {
        const events = project(eventsOf(department, steps));
        const outcome = await spec.given([]).run();
        const law = topicTally.initial(LAW);
        const election = topicTally.initial(ELECTION);
        const snapshots: Rows[] = [];
        for (const event of events) {
          await outcome.db.transaction().execute((trx: Kysely<any>) => delegationProjection.apply(trx, outcome.schema, [event], new ChangeSet()));
          const tallyEvent = { type: event.type, data: event.data, at: event.metadata.time! };
          topicTally.apply(law, tallyEvent);
          topicTally.apply(election, tallyEvent);
          const rows = await projected(outcome);
          snapshots.push(rows);
          expect(moduleRows(topicTally.tallies(law).opinions, topicTally.tallies(election).candidates)).toEqual(rows);
        }
        // Time travel: each position's fold, from the whole log, equals the snapshot taken there.
        const log: PositionedEvent[] = events.map((event) => ({ type: event.type, data: event.data, at: event.metadata.time!, position: event.position }));
        for (const [index, event] of events.entries()) {
          const lawThen = foldAsOf(LAW, log, { position: event.position });
          const electionThen = foldAsOf(ELECTION, log, { position: event.position });
          expect(moduleRows(lawThen ? topicTally.tallies(lawThen).opinions : [], electionThen ? topicTally.tallies(electionThen).candidates : [])).toEqual(
            snapshots[index],
          );
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
