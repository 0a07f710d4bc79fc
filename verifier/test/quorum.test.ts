import { createEventRegistry, topicStream, type ExportLine, type TopicCreated } from '@civitas/events';
import { leafBlinder, logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTopicOutcome } from '../../command-api/src/topics/closing-count';
import { topicDecider, type TopicOutcome } from '../../command-api/src/topics/topic.decider';
import { delegationAssigned } from '../../projector/test/profile-events';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, memberJoined, newId, opinionPosted, roleGranted, subscriptionActivated, topicCreated, voteCast } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { formatReport } from '../src/format-report';
import { verifyExport } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
const EXPIRES = minute(30);
const CLOSED_AT = minute(31);
/** A religion group (open: every account may take part), as the catalogue seeds it. */
const RELIGION = 2;
type EventLine = Extract<ExportLine, { kind: 'event' }>;

const registry = createEventRegistry();
const closingOf = (lines: ExportLine[]) =>
  lines.find((line): line is EventLine => line.kind === 'event' && line.event.type === 'TopicClosed')!.event.data as Record<string, unknown>;

// Issue #34 item 3: civitas-verify recounts a topic's quorum (the weight that took part, the group's
// eligible weight, whether it was reached) and the rule that decided it, and refuses a closing whose
// record differs. The attacks are a platform that records false figures at its closing and signs
// them: every leaf is proven, every count it can write agrees with its lie; the recount does not.
describe('the verifier on quorum and majority', () => {
  let query: QueryApp;
  let omar: Member;
  let publicKey = '';
  const exports = new Map<string, ExportLine[]>();
  const topics = {
    honest: newId(),
    raised: newId(),
    lowered: newId(),
    swapped: newId(),
    misquoted: newId(),
    bare: newId(),
    business: newId(),
    openHonest: newId(),
    openLowered: newId(),
    openLimit: newId(),
  };
  const opinionOf = new Map<string, string>();

  /** Closes the topic as the platform does (the command side's count, then the topic decider), after `falsify` changed the count. */
  const close = async (topic: TopicCreated['data'], falsify: (outcome: TopicOutcome) => void = () => {}) => {
    const outcome = await countTopicOutcome(query.store, registry, topic, await leafBlinder(query.db));
    falsify(outcome);
    const events = topicDecider.decide({ type: 'closeTopic', now: CLOSED_AT, outcome }, { topic, status: 'active' });
    await query.record(...events.map((event) => at(CLOSED_AT, { ...event, streamId: topicStream(topic.topicId) } as never)));
  };
  /** A platform that passes the quorum it did not reach: the figures it wants, the law enacted, the rule named to match. */
  const passed = (figures: Partial<NonNullable<TopicOutcome['quorum']>>) => (outcome: TopicOutcome) => {
    outcome.quorum = { ...outcome.quorum!, ...figures, reached: true };
    outcome.decidedBy = 'majority';
    outcome.enactedOpinionId = outcome.standings[0]!.opinionId;
  };

  beforeAll(async () => {
    query = await startQueryApp();
    omar = await query.member('Omar');
    const [ben, cai, dana, eve, fay] = [
      await query.member('Ben'),
      await query.member('Cai'),
      await query.member('Dana'),
      await query.member('Eve'),
      await query.member('Fay'),
    ];
    const family = omar.groups.family;
    /** A law amendment opened with `quorumPercent`, one opinion, and these votes on it. */
    const law = (topicId: string, groupId: number, quorumPercent: number, votes: Array<[Member, 'support' | 'oppose']>) => {
      const opinionId = newId();
      opinionOf.set(topicId, opinionId);
      return [
        at(minute(3), topicCreated(topicId, groupId, omar.id, { type: 'law_amendment', title: 'Family meals', expiresAt: EXPIRES, quorumPercent })),
        at(minute(4), opinionPosted(opinionId, topicId, groupId, omar.id, 'Lunch together on Fridays.')),
        ...votes.map(([voter, voteType], i) => at(minute(10 + i), voteCast({ opinionId, topicId, groupId, userId: voter.id }, voteType))),
      ];
    };
    // The family: Omar (owner), Ben, Cai, Dana, Eve; Dana lends her weight to Omar. At 50%, 3 of the 5 must take part.
    const honestVotes: Array<[Member, 'support' | 'oppose']> = [
      [omar, 'support'],
      [ben, 'support'],
      [cai, 'oppose'],
    ];
    // The open group: all six accounts may take part; Fay lends hers to Omar, so Omar, Ben and Cai's votes carry 4.
    const openVotes: Array<[Member, 'support' | 'oppose']> = [
      [omar, 'support'],
      [ben, 'support'],
      [cai, 'support'],
    ];
    await query.record(
      at(minute(1), roleGranted(omar.id, 'auditor')),
      at(minute(1), groupCreated(RELIGION)),
      ...[ben, cai, dana, eve].map((member) => at(minute(2), memberJoined(family, member.id))),
      at(minute(2), delegationAssigned(family, dana.id, omar.id, newId())),
      at(minute(2), delegationAssigned(RELIGION, fay.id, omar.id, newId())),
      ...law(topics.honest, family, 50, honestVotes),
      // Cai alone: 1 of 5.
      ...law(topics.raised, family, 50, [[cai, 'support']]),
      ...law(topics.lowered, family, 50, [[cai, 'support']]),
      ...law(topics.swapped, family, 50, honestVotes),
      ...law(topics.misquoted, family, 50, honestVotes),
      ...law(topics.bare, family, 50, honestVotes),
      // The business group: Omar, Ben and Dana subscribed, Cai not; Omar and Ben vote: 2 of 3. Dana's subscription makes the weight, unnamed by any vote.
      ...[ben, cai, dana].map((member) => at(minute(2), memberJoined(omar.groups.business, member.id))),
      ...[omar, ben, dana].map((member) => at(minute(2), subscriptionActivated(member.id, newId(), minute(0), minute(5000)))),
      ...law(topics.business, omar.groups.business, 50, honestVotes.slice(0, 2)),
      // 4 of 6 at 50%: reached; at 100%: not.
      ...law(topics.openHonest, RELIGION, 50, openVotes),
      ...law(topics.openLowered, RELIGION, 100, openVotes),
      ...law(topics.openLimit, RELIGION, 100, openVotes),
    );
    const created = async (topicId: string) => {
      const [recorded] = await query.store.readTopicEvents(topicId, ['TopicCreated']);
      return recorded!.data as TopicCreated['data'];
    };
    await close(await created(topics.honest));
    await close(await created(topics.openHonest));
    await close(await created(topics.business));
    // 1 of 5 took part; the platform records 3, and the law enacted.
    await close(await created(topics.raised), passed({ participatingWeight: 3 }));
    // The platform records the family as 2 members: 1 of 2 is half.
    await close(await created(topics.lowered), passed({ eligibleWeight: 2 }));
    // Enacted by majority, recorded as decided by none.
    await close(await created(topics.swapped), (outcome) => void (outcome.decidedBy = 'no_majority'));
    // Opened at 50%, recorded at 10%.
    await close(await created(topics.misquoted), (outcome) => void (outcome.quorum = { ...outcome.quorum!, percent: 10 }));
    // Closed as a topic opened before quorums would be.
    await close(await created(topics.bare), (outcome) => Object.assign(outcome, { quorum: null, decidedBy: null }));
    // 4 of 6 at 100%: not reached. The platform records 3 eligible, fewer than the 4 the export names (Fay by her delegation).
    await close(await created(topics.openLowered), passed({ eligibleWeight: 3 }));
    // The same lie with 4 eligible: no export names the other two, and nothing in it can tell.
    await close(await created(topics.openLimit), passed({ eligibleWeight: 4 }));
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    for (const topicId of Object.values(topics)) {
      const response = await query.get(`/api/audit/topics/${topicId}/export`, { as: omar });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      exports.set(topicId, parseExport(response.body));
    }
  });
  afterAll(async () => query?.close());

  const reportOf = async (topicId: string) => verifyExport(serialise(exports.get(topicId)!), { publicKey });
  const problemsOf = async (topicId: string) => (await reportOf(topicId)).problems.map((problem) => problem.replace(`topic ${topicId}: `, ''));

  it('passes an honest closing in a family group: figures, rule and law all the recount\u2019s', async () => {
    const report = await reportOf(topics.honest);
    expect(report.problems).toEqual([]);
    expect(closingOf(exports.get(topics.honest)!)).toMatchObject({
      quorum: { percent: 50, eligibleWeight: 5, participatingWeight: 4, reached: true },
      decidedBy: 'majority',
    });
    expect(report.topics[0]!.quorum).toEqual({
      recount: { percent: 50, eligibleWeight: 5, participatingWeight: 4, reached: true },
      recorded: { percent: 50, eligibleWeight: 5, participatingWeight: 4, reached: true },
      decidedBy: { recount: 'majority', recorded: 'majority' },
      namedEligible: null,
    });
    expect(report.topics[0]!.recount.result).toMatchObject({ kind: 'law_enacted', opinionId: expect.any(String), weightedSupport: 3 });
    const printed = formatReport(report);
    expect(printed).toContain('quorum          4 of 5 took part (50% needed): reached; decided by majority');
    expect(printed).not.toContain('at closing');
    expect(printed).toContain('MATCH');
  });

  it('passes an honest closing in an open group, its eligible weight held to the members the export names', async () => {
    const report = await reportOf(topics.openHonest);
    expect(report.problems).toEqual([]);
    expect(report.topics[0]!.quorum).toEqual({
      recount: { percent: 50, eligibleWeight: 6, participatingWeight: 4, reached: true },
      recorded: { percent: 50, eligibleWeight: 6, participatingWeight: 4, reached: true },
      decidedBy: { recount: 'majority', recorded: 'majority' },
      namedEligible: 4,
    });
    expect(formatReport(report)).toContain('held to the 4 members this export names who could take part');
  });

  it('passes an honest closing in a business group, whose export holds every subscribed member’s subscription; refuses one without', async () => {
    const report = await reportOf(topics.business);
    expect(report.problems).toEqual([]);
    expect(report.topics[0]!).toMatchObject({
      completeness: 'complete',
      quorum: { recount: { percent: 50, eligibleWeight: 3, participatingWeight: 2, reached: true }, decidedBy: { recount: 'majority' } },
    });
    // Dana's subscription left out: she votes on nothing, and still the closing counted it.
    const lines = exports.get(topics.business)!;
    const voters = new Set(
      lines.flatMap((line) => (line.kind === 'event' && line.event.type === 'VoteCast' ? [(line.event.data as { userId: string }).userId] : [])),
    );
    const subscriptions = lines.filter((line): line is EventLine => line.kind === 'event' && line.event.type === 'SubscriptionActivated');
    expect(subscriptions).toHaveLength(3);
    const named = (line: EventLine) => Object.values(line.links ?? {}).some((pseudonym) => voters.has(pseudonym));
    const dana = subscriptions.filter((line) => !named(line));
    expect(dana).toHaveLength(1);
    const problems = (await verifyExport(serialise(lines.filter((line) => line !== dana[0])), { publicKey })).problems;
    expect(problems).toContain(
      `topic ${topics.business}: the eligible weight recorded at closing (3) is not the recount’s (2 members who could take part at the count)`,
    );
    expect(problems).toContainEqual(expect.stringContaining('the export does not hold what the closing counted: 1 SubscriptionActivated missing'));
  });

  it('refuses a participating weight raised to pass the quorum, with the law enacted and published to match', async () => {
    const lines = exports.get(topics.raised)!;
    expect(lines.find((line) => line.kind === 'result')).toMatchObject({ result: { kind: 'law_enacted' } });
    const opinion = closingOf(lines).tallies as Array<{ subjectId: string }>;
    const problems = await problemsOf(topics.raised);
    expect(problems).toEqual([
      'the law recorded as enacted is not the recount\u2019s',
      'the participating weight recorded at closing (3) is not the recount\u2019s (1)',
      'the closing records the quorum as reached; the recount does not reach it (1 of 5 took part, 50% needed)',
      'the closing records the topic decided by majority, the recount by quorum_not_reached',
      `the closing records ${opinion[0]!.subjectId} as enacted though the quorum was not reached (1 of 5 took part, 50% needed)`,
      'the published result is not the recount\u2019s',
    ]);
    const printed = formatReport(await reportOf(topics.raised));
    expect(printed).toContain('quorum          1 of 5 took part (50% needed): not reached; decided by quorum_not_reached');
    expect(printed).toContain('  at closing    3 of 5 took part (50% needed): reached; decided by majority');
  });

  it('refuses a family group\u2019s eligible weight lowered to pass the quorum', async () => {
    const problems = await problemsOf(topics.lowered);
    expect(problems).toContain('the eligible weight recorded at closing (2) is not the recount\u2019s (5 members who could take part at the count)');
    expect(problems).toContain('the closing records the quorum as reached; the recount does not reach it (1 of 5 took part, 50% needed)');
    expect(problems.some((problem) => problem.endsWith('as enacted though the quorum was not reached (1 of 5 took part, 50% needed)'))).toBe(true);
  });

  it('refuses a swapped deciding rule, a quorum other than the topic opened with, and a closing without figures', async () => {
    expect(await problemsOf(topics.swapped)).toEqual(['the closing records the topic decided by no_majority, the recount by majority']);
    expect(await problemsOf(topics.misquoted)).toEqual(['the quorum recorded at closing (10%) is not the one the topic opened with (50%)']);
    expect(await problemsOf(topics.bare)).toEqual([
      'the topic opened with a quorum of 50%, but its closing records no quorum figures',
      'the closing of a topic opened with a quorum records no deciding rule',
    ]);
  });

  it('refuses an open group\u2019s eligible weight below the eligible members its export names, and cannot see one above them', async () => {
    expect(await problemsOf(topics.openLowered)).toEqual([
      'the eligible weight recorded at closing (3) is less than the 4 members the export names who could take part at the count',
    ]);
    // The limit (docs/audit-format.md, section 8): the figure is the platform's, checked only from below.
    const limit = await reportOf(topics.openLimit);
    expect(limit.problems).toEqual([]);
    expect(limit.topics[0]!.quorum).toMatchObject({ recount: { eligibleWeight: 4, reached: true }, namedEligible: 4 });
  });

  it('refuses quorum figures on a closing of a topic opened without a quorum, and figures of the wrong shape', async () => {
    // Edited in the export (the leaf no longer proven): what the recount says of the record itself.
    const lines = structuredClone(exports.get(topics.honest)!);
    const closed = closingOf(lines);
    closed.quorum = { percent: 50, eligibleWeight: '5', participatingWeight: 4, reached: true };
    const odd = (await verifyExport(serialise(lines), { publicKey })).problems;
    expect(odd).toContain(`topic ${topics.honest}: the quorum figures recorded at closing are not of the shape TopicClosed gives them`);
    const created = lines.find((line): line is EventLine => line.kind === 'event' && line.event.type === 'TopicCreated')!;
    delete (created.event.data as { quorumPercent?: number }).quorumPercent;
    closed.quorum = { percent: 50, eligibleWeight: 5, participatingWeight: 4, reached: true };
    expect((await verifyExport(serialise(lines), { publicKey })).problems).toContain(
      `topic ${topics.honest}: the closing records quorum figures for a topic opened without a quorum`,
    );
  });
});
