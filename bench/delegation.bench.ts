import { randomUUID } from 'node:crypto';
import {
  PostgresEventStore,
  delegationStream,
  groupStream,
  recount,
  voteStream,
  type DelegationNetwork,
  type EventRegistry,
  type NewEvent,
  type Position,
  type VoteType,
} from '@civitas/events';
import { ProjectorService, type Projection } from '@civitas/projector';
import { READ_MODELS_CHANNEL, type ChangeNotice } from '@civitas/service-kit/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { BenchConfig } from './lib/config';
import { quiesce } from './lib/database';
import { BENCH_GROUP_ID_BASE, groupCreatedEvent } from './lib/events';
import { insertEvents, type GeneratedEvent } from './lib/insert-events';
import { summarise } from './lib/latency';
import { now } from './lib/measure';
import { NoticeListener } from './lib/notices';
import { emit, progress } from './lib/report';

const MEMBERS = 100_000;
const DELEGATIONS = 30_000;
const MAX_DEPTH = 20;
/** Popular delegates: every chain ends at one of them, so each carries a few hundred members. */
const HEADS = 100;
/** One member in twenty has no verified nationality: they lend nothing and stop the chains through them. */
const UNVERIFIED_EVERY = 20;
const TARGET_P99_MS = 200;
const GROUP_ID = BENCH_GROUP_ID_BASE + 900_000_000;
const COUNTRY_KEY = 'benchland';

const memberId = (index: number) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const time = () => new Date().toISOString();

/** The generated group: chains of delegators (1 to MAX_DEPTH long) ending at one of the popular delegates. */
function delegationChains() {
  const delegateOf = new Map<string, string>();
  const middles: string[] = [];
  let next = HEADS;
  for (let chain = 0; delegateOf.size < DELEGATIONS; chain += 1) {
    const length = Math.min(1 + (chain % MAX_DEPTH), DELEGATIONS - delegateOf.size);
    let to = memberId(chain % HEADS);
    for (let step = 0; step < length; step += 1) {
      const from = memberId(next++);
      delegateOf.set(from, to);
      if (step === Math.floor(length / 2)) middles.push(from);
      to = from;
    }
  }
  return { delegateOf, middles };
}

/**
 * Weighted tally latency: one opinion in a national group of 100,000 members with 30,000
 * delegations (chains up to 20 deep, every twentieth member unverified), projected by the real
 * projector. Measures one vote, and one delegation change, appended -> the projector's change
 * notice for it (the tally is readable), beside a plain event's same path in the same run.
 */
export async function benchDelegation(
  options: { store: PostgresEventStore; db: Kysely<PlatformDatabase>; registry: EventRegistry; projections: readonly Projection[]; url: string },
  config: BenchConfig,
): Promise<void> {
  const { store, registry } = options;
  const started = now();
  const rows: GeneratedEvent[] = [
    {
      stream: groupStream(GROUP_ID),
      type: 'GroupCreated',
      data: {
        groupId: GROUP_ID,
        name: 'Benchland',
        description: 'The delegation bench group.',
        department: 'national',
        subcategory: COUNTRY_KEY,
        subscriptionType: 'premium',
        features: [],
        ownerId: null,
      },
    },
  ];
  for (let index = 0; index < MEMBERS; index += 1) {
    if (index % UNVERIFIED_EVERY === UNVERIFIED_EVERY - 1) continue;
    const userId = memberId(index);
    const verificationId = randomUUID();
    rows.push({
      stream: `user-${userId}`,
      type: 'VerificationSubmitted',
      data: {
        verificationId,
        userId,
        country: 'Benchland',
        countryKey: COUNTRY_KEY,
        nationalIdSealed: 'bench',
        verificationType: 'id_number',
        documentImageUrl: null,
      },
    });
    rows.push({ stream: `user-${userId}`, type: 'VerificationApproved', data: { verificationId, userId, countryKey: COUNTRY_KEY, reviewedBy: null } });
  }
  const { delegateOf, middles } = delegationChains();
  const delegationIds = new Map<string, string>();
  for (const [delegatorId, delegateId] of delegateOf) {
    const delegationId = randomUUID();
    delegationIds.set(delegatorId, delegationId);
    rows.push({
      stream: delegationStream(GROUP_ID, delegatorId),
      type: 'DelegationAssigned',
      data: { delegationId, groupId: GROUP_ID, delegatorId, delegateId, previousDelegationId: null, previousDelegateId: null },
    });
  }
  const topicId = randomUUID();
  const opinionId = randomUUID();
  rows.push({
    stream: `topic-${topicId}`,
    type: 'TopicCreated',
    data: {
      topicId,
      groupId: GROUP_ID,
      title: 'Bench topic',
      description: 'A topic for the delegation bench.',
      type: 'law_amendment',
      createdBy: memberId(0),
      isMainElection: false,
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  rows.push({
    stream: `opinion-${opinionId}`,
    type: 'OpinionPosted',
    data: { opinionId, topicId, groupId: GROUP_ID, userId: memberId(0), content: 'Bench opinion.' },
  });
  // Half the popular delegates vote directly; the other half's chains abstain until they do.
  const votes = new Map<string, VoteType>();
  for (let head = 0; head < HEADS; head += 2) {
    const userId = memberId(head);
    const voteType: VoteType = head % 4 === 0 ? 'support' : 'oppose';
    votes.set(userId, voteType);
    rows.push({
      stream: voteStream(opinionId, userId),
      type: 'VoteCast',
      data: { opinionId, topicId, groupId: GROUP_ID, userId, voteType, previousVoteType: null },
    });
  }
  await insertEvents(store, registry, rows);
  await store.pool.query('vacuum (analyze) events, streams');
  progress(`delegation: generated ${rows.length} events (${MEMBERS} members, ${delegateOf.size} delegations) in ${((now() - started) / 1000).toFixed(1)} s`);

  const listener = await NoticeListener.open(options.url, READ_MODELS_CHANNEL);
  const projector = new ProjectorService({ ...options, connectionString: options.url });
  const noticed = (position: Position, timeoutMs: number) =>
    listener.until(() => listener.heard.some((heard) => (JSON.parse(heard.payload) as ChangeNotice).position >= position), timeoutMs);
  try {
    const catchUpStarted = now();
    await projector.start();
    const head = await store.headPosition();
    if (!(await noticed(head, 600_000))) throw new Error('delegation: the projector did not catch up within 600 s');
    progress(`delegation: projector caught up in ${((now() - catchUpStarted) / 1000).toFixed(1)} s`);
    await quiesce(store.pool);

    const timed = async (stream: string, event: NewEvent) => {
      const issued = now();
      const { position } = await store.append(stream, [event], 'any');
      if (!(await noticed(position, 10_000))) throw new Error(`delegation: no change notice for ${event.type} within 10 s`);
      return now() - issued;
    };
    const newEvent = (type: string, data: unknown): NewEvent => ({
      id: randomUUID(),
      type,
      data: registry.prepare({ type, data }).data,
      metadata: { commandId: randomUUID(), time: time(), schemaVersion: registry.versionOf(type) },
    });
    const voteLatencies: number[] = [];
    const changeLatencies: number[] = [];
    const plainLatencies: number[] = [];
    const rounds = Math.max(20, Math.round(config.seconds * 20));
    // The first rounds after the projector's start load the group's graph into its memory: a one-off, not measured.
    const warmUp = 5;
    let plainGroup = GROUP_ID + 1;
    for (let round = -warmUp; round < rounds; round += 1) {
      const measured = round >= 0;
      const step = round + warmUp;
      // A popular delegate switches or casts their vote: their whole catchment moves with it.
      const voter = memberId((step * 7) % HEADS);
      const previous = votes.get(voter) ?? null;
      const voteType: VoteType = previous === 'support' ? 'oppose' : 'support';
      votes.set(voter, voteType);
      const voteMs = await timed(
        voteStream(opinionId, voter),
        newEvent('VoteCast', { opinionId, topicId, groupId: GROUP_ID, userId: voter, voteType, previousVoteType: previous }),
      );
      const plainAfterVote = await timed(groupStream(plainGroup), newEvent('GroupCreated', groupCreatedEvent(plainGroup++).data));
      // A member in the middle of a chain moves to another popular delegate, taking the chain's tail along.
      const mover = middles[(step * 13) % middles.length]!;
      const delegateId = memberId((step * 11 + 1) % HEADS);
      const delegationId = randomUUID();
      const changeMs = await timed(
        delegationStream(GROUP_ID, mover),
        newEvent('DelegationAssigned', {
          delegationId,
          groupId: GROUP_ID,
          delegatorId: mover,
          delegateId,
          previousDelegationId: delegationIds.get(mover)!,
          previousDelegateId: delegateOf.get(mover)!,
        }),
      );
      delegateOf.set(mover, delegateId);
      delegationIds.set(mover, delegationId);
      const plainAfterChange = await timed(groupStream(plainGroup), newEvent('GroupCreated', groupCreatedEvent(plainGroup++).data));
      if (!measured) continue;
      voteLatencies.push(voteMs);
      changeLatencies.push(changeMs);
      plainLatencies.push(plainAfterVote, plainAfterChange);
    }

    // The projected tally must be the rule's: recount the final graph by the definition.
    const delegatorsOf = new Map<string, string[]>();
    for (const [from, to] of delegateOf) {
      const list = delegatorsOf.get(to);
      if (list) list.push(from);
      else delegatorsOf.set(to, [from]);
    }
    const network: DelegationNetwork = {
      delegateOf: (id) => delegateOf.get(id),
      delegatorsOf: (id) => delegatorsOf.get(id) ?? [],
      isEligible: (id) => Number(id.slice(-12)) % UNVERIFIED_EVERY !== UNVERIFIED_EVERY - 1,
    };
    const expected = recount(network, votes, [...delegateOf.keys(), ...votes.keys()]);
    const projected = await store.pool.query<{ choice: string; weight: number }>(
      `select choice, weight from read_model.weighted_tallies where subject_id = $1`,
      [opinionId],
    );
    const actual = Object.fromEntries(projected.rows.filter((row) => row.weight !== 0).map((row) => [row.choice, row.weight]));
    const wanted = Object.fromEntries([...expected].filter(([, weight]) => weight !== 0));
    const correct = JSON.stringify(actual, Object.keys(actual).sort()) === JSON.stringify(wanted, Object.keys(wanted).sort());
    progress(`delegation: projected tally ${JSON.stringify(actual)}, recount ${JSON.stringify(wanted)}${correct ? '' : ' (MISMATCH)'}`);

    const plain = summarise(plainLatencies);
    for (const [what, latencies] of [
      ['one vote by a popular delegate', voteLatencies],
      ['one delegation change in the middle of a chain', changeLatencies],
    ] as const) {
      const figures = summarise(latencies);
      progress(
        `delegation: ${what}: p50 ${figures.p50.toFixed(2)} ms p99 ${figures.p99.toFixed(2)} ms over ${figures.count}; plain event p50 ${plain.p50.toFixed(2)} ms p99 ${plain.p99.toFixed(2)} ms`,
      );
      for (const p of ['p50', 'p99'] as const) {
        emit({
          figure: `weighted tally ${p}: ${what} -> updated tally readable, group of ${MEMBERS} members with ${DELEGATIONS} delegations (chains up to ${MAX_DEPTH}) (baseline: a plain event's append -> readable)`,
          value: figures[p],
          unit: 'ms',
          baseline: plain[p],
          target: `<= ${TARGET_P99_MS} ms, tally equal to a recount`,
          meets: figures[p] <= TARGET_P99_MS && correct,
        });
      }
    }
  } finally {
    await projector.stop();
    await listener.close();
  }
}
