import { createEventRegistry, encodePosition, schulze, topicTally, type Department, type Ranking } from '@civitas/events';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationProjection } from '../../src/delegation/delegation.projection';
import { electionsProjection } from '../../src/elections/elections.projection';
import { ChangeSet, type ProjectedEvent } from '../../src/projection';
import { ProjectionSpec, type ProjectionOutcome, type SpecEvent } from '../projection-spec';
import { Delegations } from '../delegation-events';
import { approvalBallotCast, candidateRegistered, rankedBallotCast } from '../election-events';
import {
  groupCreated,
  opinionPosted,
  subscriptionActivated,
  subscriptionExpired,
  topicCreated,
  verificationApproved,
  verificationRejected,
  verificationSubmitted,
} from '../spec-events';

/**
 * Issue #34 item 4: over a random history of delegations, eligibility changes and ranked or approval
 * ballots, what the read models give after every event (each ballot's weight from the delegation
 * projection, the ballots from the elections projection) equals the tally module: each candidate's
 * weighted approvals or first preferences, and the Schulze matrix. The same for a law decided among
 * its opinions (item 2), ranking no change (the topic's id) and two of its three opinions: the matrix
 * over [no change, ...opinions], and no opinion's own row moving while it is open.
 */

const GROUP = 78;
const DEPARTMENTS: Array<{ department: Department; subcategory: string | null }> = [
  { department: 'religion', subcategory: 'islam' },
  { department: 'national', subcategory: 'saudi_arabia' },
  { department: 'international', subcategory: null },
];
const MEMBERS = Array.from({ length: 6 }, (_, index) => `00000000-0000-4000-8000-00000000010${index}`);
const ELECTION = '30000000-0000-4000-8000-000000000002';
const CANDIDATES = ['40000000-0000-4000-8000-000000000011', '40000000-0000-4000-8000-000000000012', '40000000-0000-4000-8000-000000000013'];
const FAR = '2027-01-01T00:00:00.000Z';
/** The ranked law's opinions: the first two are ranked with no change; the third never is (it ranks below every named option). */
const OPINIONS = ['50000000-0000-4000-8000-000000000021', '50000000-0000-4000-8000-000000000022', '50000000-0000-4000-8000-000000000023'];
/** What a ranked law's ballots name, by a ballot step's index: no change (the topic's own id) and two opinions. */
const LAW_OPTIONS = [ELECTION, OPINIONS[0]!, OPINIONS[1]!];

type Method = 'schulze' | 'approval' | 'ranked-law';

type Step =
  | { kind: 'delegate'; member: number; to: number | null }
  | { kind: 'ballot'; member: number; order: number[]; cut: number }
  | { kind: 'subscription'; member: number; on: boolean }
  | { kind: 'verification'; member: number; approve: boolean };

const member = fc.integer({ min: 0, max: MEMBERS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('delegate' as const), member, to: fc.option(member, { nil: null, freq: 4 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('ballot' as const),
      member,
      order: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }),
      cut: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('subscription' as const), member, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('verification' as const), member, approve: fc.boolean() }) },
);

/** A ranking from an order: the first `cut + 1` options tied at the top, then one a tier. */
const rankingOf = (order: readonly number[], cut: number, options: readonly string[]): string[][] => {
  const ids = order.map((index) => options[index]!);
  return [ids.slice(0, cut + 1), ...ids.slice(cut + 1).map((id) => [id])];
};

function eventsOf(department: number, method: Method, steps: readonly Step[]): SpecEvent[] {
  const law = method === 'ranked-law';
  const events: SpecEvent[] = [
    groupCreated(GROUP, { ...DEPARTMENTS[department]!, name: 'Audited' }),
    law
      ? topicCreated(ELECTION, GROUP, MEMBERS[0]!, { type: 'law_amendment', method: 'schulze', expiresAt: FAR })
      : topicCreated(ELECTION, GROUP, MEMBERS[0]!, { type: 'election', method, expiresAt: FAR }),
    ...(law
      ? OPINIONS.map((opinionId, index) => opinionPosted(opinionId, ELECTION, GROUP, MEMBERS[index]!))
      : CANDIDATES.map((candidateId, index) => candidateRegistered(candidateId, ELECTION, GROUP, MEMBERS[index]!))),
  ];
  const d = new Delegations();
  const delegates = new Map<string, string>();
  const approved = new Map<string, string>();
  for (const s of steps) {
    const userId = MEMBERS[s.member]!;
    switch (s.kind) {
      case 'delegate': {
        const to = s.to === null || s.to === s.member ? null : MEMBERS[s.to]!;
        const current = delegates.get(userId);
        if (to === null && current) {
          events.push(d.revoke(GROUP, userId));
          delegates.delete(userId);
        } else if (to !== null && current !== to) {
          events.push(d.assign(GROUP, userId, to));
          delegates.set(userId, to);
        }
        break;
      }
      case 'ballot': {
        const target = { topicId: ELECTION, groupId: GROUP, userId };
        const ranking = rankingOf(s.order, s.cut, law ? LAW_OPTIONS : CANDIDATES);
        events.push(method === 'approval' ? approvalBallotCast(target, ranking[0]!) : rankedBallotCast(target, ranking));
        break;
      }
      case 'subscription':
        events.push(s.on ? subscriptionActivated(userId, randomUUID(), '2026-03-01T00:00:00.000Z', FAR) : subscriptionExpired(userId, FAR));
        break;
      case 'verification': {
        const current = approved.get(userId);
        if (s.approve && !current) {
          const id = randomUUID();
          approved.set(userId, id);
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
    }
  }
  return events;
}

const registry = createEventRegistry();

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
      position: encodePosition(2000n + BigInt(index), 1n),
      recordedAt: new Date(time),
    };
  });
}

/** A ranked law as the read models hold it: the matrix from its ballots and their weights, and its opinions' own rows (0 while open). */
async function projectedLaw(outcome: ProjectionOutcome, options: readonly string[]) {
  const table = (name: string) => sql.id(outcome.schema, name);
  const { rows } = await sql<{ ranking: Ranking; weight: number }>`
    select pb.ranking, coalesce(w.weight, 0)::int as weight from ${table('preference_ballots')} pb
    left join ${table('weighted_tallies')} w on w.subject_id = pb.topic_id and w.choice = pb.user_id::text
    where pb.topic_id = ${ELECTION}`.execute(outcome.db);
  const opinionRows = await sql<{ weight: number }>`
    select weight from ${table('weighted_tallies')} where subject_id = any(${OPINIONS}::uuid[])`.execute(outcome.db);
  return { pairwise: schulze(options, rows).pairwise, opinionRows: opinionRows.rows.map((row) => row.weight) };
}

/** The read models' count: each ballot with the weight its voter's row holds, and per candidate the weight of the ballots naming it first. */
async function projected(outcome: ProjectionOutcome) {
  const table = (name: string) => sql.id(outcome.schema, name);
  const { rows } = await sql<{ ranking: Ranking; weight: number }>`
    select pb.ranking, coalesce(w.weight, 0)::int as weight from ${table('preference_ballots')} pb
    left join ${table('weighted_tallies')} w on w.subject_id = pb.topic_id and w.choice = pb.user_id::text
    where pb.topic_id = ${ELECTION}`.execute(outcome.db);
  const candidates = (
    await sql<{ id: string; direct_votes: number }>`select id, direct_votes from ${table('candidates')} order by created_position`.execute(outcome.db)
  ).rows;
  const ids = candidates.map((candidate) => candidate.id);
  const weighted = ids.map((id) => rows.filter((row) => row.weight > 0 && row.ranking[0]!.includes(id)).reduce((sum, row) => sum + row.weight, 0));
  return { weighted, direct: candidates.map((row) => row.direct_votes), pairwise: schulze(ids, rows).pairwise };
}

describe('the tally module against the projected ranked and approval ballots', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([electionsProjection, delegationProjection]);
  });
  afterAll(async () => spec.close());

  it('equals the read models after every event of a random history', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: DEPARTMENTS.length - 1 }),
        fc.constantFrom<Method>('schulze', 'approval', 'ranked-law'),
        fc.array(step, { minLength: 5, maxLength: 30 }),
        async (department, method, steps) => {
          const events = project(eventsOf(department, method, steps));
          const outcome = await spec.given([]).run();
          const state = topicTally.initial(ELECTION);
          for (const event of events) {
            await outcome.db.transaction().execute(async (trx: Kysely<any>) => {
              for (const projection of [electionsProjection, delegationProjection]) {
                if (projection.handles.has(event.type)) await projection.apply(trx, outcome.schema, [event], new ChangeSet());
              }
            });
            topicTally.apply(state, { type: event.type, data: event.data, at: event.metadata.time! });
            const tallies = topicTally.tallies(state);
            if (method === 'ranked-law') {
              // Over [no change, ...the opinions posted so far]; the module counts nothing before the topic exists.
              const law = await projectedLaw(outcome, tallies.schulze?.candidates ?? []);
              if (state.topic) expect(law.pairwise).toEqual(tallies.schulze?.pairwise);
              // Only TopicClosed writes an opinion's rows: no ballot's weight counts as its support or oppose.
              expect(law.opinionRows.filter((weight) => weight !== 0)).toEqual([]);
              continue;
            }
            const rows = await projected(outcome);
            expect(rows.weighted).toEqual(tallies.candidates.map((tally) => tally.weightedSupport));
            expect(rows.direct).toEqual(tallies.candidates.map((tally) => tally.supportCount));
            if (method === 'schulze') expect(rows.pairwise).toEqual(tallies.schulze?.pairwise ?? []);
          }
        },
      ),
      { numRuns: 36 },
    );
  }, 180_000);
});
