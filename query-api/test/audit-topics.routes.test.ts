import { CATALOGUE, delegationStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotCast, candidateRegistered } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import {
  groupCreated,
  memberJoined,
  newId,
  opinionPosted,
  roleGranted,
  topicCreated,
  topicDeleted,
  voteCast,
  voteRetracted,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
const PSEUDONYM = /^member-[0-9a-f]{12}$/;

interface Entry {
  position: string;
  kind: string;
  actor: string | null;
  isMine: boolean;
  opinionId: string | null;
  choice: string | null;
  delegate: string | null;
}

describe('the auditor\u2019s topic reads: the topics list, a topic\u2019s pseudonymous history and its timeline', () => {
  let query: QueryApp;
  let admin: Member;
  let auditor: Member;
  let ben: Member;
  let cai: Member;
  /** An auditor who belongs to none of the family's groups. */
  let rania: Member;
  let group = 0;
  const EGYPT = 1818;
  const national = newId();
  const topicA = newId();
  const topicB = newId();
  const deleted = newId();
  const [opinionA, opinionA2, opinionB] = [newId(), newId(), newId()];

  beforeAll(async () => {
    query = await startQueryApp();
    [admin, auditor, ben, cai, rania] = [
      await query.member('Amal'),
      await query.member('Omar'),
      await query.member('Ben'),
      await query.member('Cai'),
      await query.member('Rania'),
    ];
    // Omar audits and also belongs to his family group, where he votes like anyone; so does Amal, an admin.
    group = auditor.groups.family;
    const vote = (topicId: string, opinionId: string, userId: string) => ({ opinionId, topicId, groupId: group, userId });
    await query.record(
      at(minute(1), roleGranted(admin.id, 'admin')),
      at(minute(1), roleGranted(auditor.id, 'auditor')),
      at(minute(1), roleGranted(rania.id, 'auditor')),
      at(
        minute(1),
        groupCreated(
          EGYPT,
          CATALOGUE.find((catalogued) => catalogued.groupId === EGYPT)!,
        ),
      ),
      at(minute(2), memberJoined(group, ben.id)),
      at(minute(2), memberJoined(group, admin.id)),
      at(minute(2), topicCreated(national, EGYPT, cai.id, { title: 'Water prices' })),
      at(minute(3), topicCreated(topicA, group, auditor.id, { type: 'family_discussion', title: 'Dinner time' })),
      at(minute(4), opinionPosted(opinionA, topicA, group, auditor.id, 'Dinner at seven.')),
      at(minute(5), voteCast(vote(topicA, opinionA, auditor.id), 'support')),
      at(minute(6), voteCast(vote(topicA, opinionA, ben.id), 'support')),
      at(minute(7), voteRetracted(vote(topicA, opinionA, ben.id), 'support')),
      at(minute(8), {
        type: 'DelegationAssigned',
        streamId: delegationStream(group, ben.id),
        data: { delegationId: newId(), groupId: group, delegatorId: ben.id, delegateId: auditor.id, previousDelegationId: null, previousDelegateId: null },
      }),
      at(minute(9), memberJoined(group, cai.id)),
      at(minute(10), opinionPosted(opinionA2, topicA, group, ben.id, 'Dinner at eight, after the news.')),
      at(minute(11), voteCast(vote(topicA, opinionA2, cai.id), 'oppose')),
      at(minute(12), topicCreated(topicB, group, ben.id, { type: 'family_discussion', title: 'Holidays' })),
      at(minute(13), opinionPosted(opinionB, topicB, group, ben.id, 'The sea.')),
      at(minute(14), voteCast(vote(topicB, opinionB, ben.id), 'support')),
      at(minute(15), topicCreated(deleted, group, ben.id, { type: 'family_discussion', title: 'Gone' })),
      at(minute(16), topicDeleted(deleted, group, ben.id)),
    );
  });
  afterAll(async () => query.close());

  const history = async (topicId: string, as: Member = auditor, search = '') => {
    const response = await query.get(`/api/audit/topics/${topicId}/history${search}`, { as });
    expect(response.statusCode).toBe(200);
    return response.json() as { entries: Entry[]; nextCursor: string | null };
  };

  it('lets auditors and admins in, answers a member 403 and a visitor 401', async () => {
    for (const path of ['/api/audit/topics', `/api/audit/topics/${topicA}/history`]) {
      expect((await query.get(path, { as: auditor })).statusCode).toBe(200);
      expect((await query.get(path, { as: admin })).statusCode).toBe(200);
      const member = await query.get(path, { as: ben });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ message: 'Auditor or admin access required' });
      expect((await query.get(path)).statusCode).toBe(401);
    }
  });

  // docs/decisions.md, Auditors: personal groups. Rania audits the platform but is not of the family.
  it('keeps a personal group\u2019s topics to its members: an auditor outside it finds them in no list, history or export', async () => {
    const listed = async (as: Member) => ((await query.get('/api/audit/topics', { as })).json().topics as Array<{ id: string }>).map((topic) => topic.id);
    expect(await listed(auditor)).toEqual(expect.arrayContaining([topicA, topicB, deleted, national]));
    const outside = await listed(rania);
    expect(outside).toContain(national);
    expect(outside.filter((id) => ([topicA, topicB, deleted] as string[]).includes(id))).toEqual([]);
    for (const path of [`/api/audit/topics/${topicA}/history`, `/api/audit/topics/${topicA}/export`, `/api/audit/topics/${deleted}/export`]) {
      const answer = await query.get(path, { as: rania });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Topic not found' });
    }
    const groupExport = await query.get(`/api/audit/groups/${group}/export`, { as: rania });
    expect(groupExport.statusCode).toBe(404);
    expect(groupExport.json()).toEqual({ message: 'Group not found' });
    // The same reads for a member of the family who audits, and the national topic for Rania.
    expect((await query.get(`/api/audit/topics/${topicA}/history`, { as: auditor })).statusCode).toBe(200);
    expect((await query.get(`/api/audit/topics/${national}/history`, { as: rania })).statusCode).toBe(200);
    for (const path of [`/api/audit/topics/${topicA}/export`, `/api/audit/groups/${group}/export`]) {
      expect((await query.get(path, { as: auditor })).statusCode).not.toBe(404);
    }
  });

  it('lists topics newest first with their group and result, deleted ones too', async () => {
    const { topics, nextCursor } = (await query.get('/api/audit/topics', { as: auditor })).json();
    expect(nextCursor).toBeNull();
    const ours = topics.filter((topic: { groupId: number }) => topic.groupId === group);
    expect(ours.map((topic: { id: string }) => topic.id)).toEqual([deleted, topicB, topicA]);
    expect(ours[0]).toMatchObject({ status: 'deleted', result: { kind: 'none', opinionId: null, winnerId: null, weightedSupport: null } });
    expect(ours[2]).toMatchObject({ title: 'Dinner time', type: 'family_discussion', status: 'active', closedAt: null, result: { kind: 'pending' } });
    expect(typeof ours[2].groupName).toBe('string');
    expect((await query.get('/api/audit/topics?before=yesterday', { as: auditor })).statusCode).toBe(400);
  });

  it('lists votes, retractions, delegations and eligibility with pseudonyms, never a member id', async () => {
    const { entries, nextCursor } = await history(topicA);
    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => entry.kind)).toEqual([
      'topic_created',
      'opinion_posted',
      'vote_cast',
      'vote_cast',
      'vote_retracted',
      'delegation_set',
      'eligibility_gained',
      'opinion_posted',
      'vote_cast',
    ]);
    const [omar, benA] = [entries[2]!.actor, entries[3]!.actor];
    expect(entries[4]).toMatchObject({ kind: 'vote_retracted', actor: benA, opinionId: opinionA, choice: 'support' });
    expect(entries[5]).toMatchObject({ actor: benA, delegate: omar });
    const caiA = entries[6]!.actor;
    expect(entries[8]).toMatchObject({ actor: caiA, opinionId: opinionA2, choice: 'oppose' });
    expect(new Set([omar, benA, caiA]).size).toBe(3);
    const ids = [admin, auditor, ben, cai].map((member) => member.id);
    for (const entry of entries) {
      for (const name of [entry.actor, entry.delegate]) {
        if (name === null) continue;
        expect(name).toMatch(PSEUDONYM);
        expect(ids.some((id) => name.includes(id) || id.includes(name.slice('member-'.length)))).toBe(false);
      }
    }
    // The same member keeps one pseudonym within a topic for what they do in public (the topic, an opinion) and
    // another for their votes and delegations (docs/decisions.md, Pseudonyms that hold), and others again in the next topic.
    const authored = entries
      .filter((entry) => entry.kind === 'topic_created' || (entry.opinionId === opinionA && entry.kind === 'opinion_posted'))
      .map((entry) => entry.actor);
    expect(authored).toEqual([authored[0], authored[0]]);
    expect(authored[0]).toMatch(PSEUDONYM);
    expect([omar, benA, caiA]).not.toContain(authored[0]);
    const b = (await history(topicB)).entries;
    const benB = b.find((entry) => entry.kind === 'vote_cast')!.actor;
    expect(b[0]).toMatchObject({ kind: 'topic_created' });
    expect(b[0]!.actor).not.toBe(benB);
    expect(benB).not.toBe(benA);
    expect(b.map((entry) => entry.actor)).not.toContain(benA);
  });

  it('marks the viewer\u2019s own entries: the auditor who voted sees his, the admin none', async () => {
    const mine = (await history(topicA)).entries.filter((entry) => entry.isMine).map((entry) => entry.kind);
    expect(mine).toEqual(['topic_created', 'opinion_posted', 'vote_cast']);
    expect((await history(topicA, admin)).entries.some((entry) => entry.isMine)).toBe(false);
  });

  it('filters by kind and pages after the cursor', async () => {
    const votes = await history(topicA, auditor, '?kind=vote_cast');
    expect(votes.entries.map((entry) => entry.kind)).toEqual(['vote_cast', 'vote_cast', 'vote_cast']);
    const after = await history(topicA, auditor, `?before=${votes.entries[0]!.position}&kind=vote_cast`);
    expect(after.entries).toEqual(votes.entries.slice(1));
    expect((await query.get(`/api/audit/topics/${topicA}/history?kind=nonsense`, { as: auditor })).statusCode).toBe(400);
    expect((await query.get(`/api/audit/topics/${newId()}/history`, { as: auditor })).statusCode).toBe(404);
  });

  it('samples the top tallies over the topic\u2019s life; the last point is today\u2019s weighted tally', async () => {
    const response = await query.get(`/api/audit/topics/${topicA}/timeline?points=5`, { as: ben });
    expect(response.statusCode).toBe(200);
    const timeline = response.json() as {
      from: string;
      to: string;
      series: Array<{ position: string; at: string; tallies: Array<{ id: string; label: string; weightedSupport: number; weightedOppose: number }> }>;
    };
    expect(timeline.from).toBe(minute(3));
    expect(timeline.series).toHaveLength(5);
    const times = timeline.series.map((point) => point.at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(5);
    expect(timeline.series[0]!.at).toBe(timeline.from);
    expect(timeline.series.at(-1)!.at).toBe(timeline.to);
    const positions = timeline.series.map((point) => point.position);
    expect([...positions].sort()).toEqual(positions);
    // The first moment: the topic was just created, nothing counted yet.
    expect(timeline.series[0]!.tallies.every((tally) => tally.weightedSupport === 0 && tally.weightedOppose === 0)).toBe(true);
    const now = (await query.get(`/api/topics/${topicA}/opinions`, { as: ben })).json() as Array<{
      id: string;
      weightedSupport: number;
      weightedOppose: number;
    }>;
    const last = timeline.series.at(-1)!.tallies;
    expect(last.map((tally) => tally.id).sort()).toEqual(now.map((opinion) => opinion.id).sort());
    for (const opinion of now)
      expect(last.find((tally) => tally.id === opinion.id)).toMatchObject({ weightedSupport: opinion.weightedSupport, weightedOppose: opinion.weightedOppose });
    expect(last.find((tally) => tally.id === opinionA)!.label).toBe('Dinner at seven.');
    // Omar's support carries Ben's delegated weight; Cai opposes the second opinion.
    expect(last.find((tally) => tally.id === opinionA)).toMatchObject({ weightedSupport: 2, weightedOppose: 0 });
    expect(last.find((tally) => tally.id === opinionA2)).toMatchObject({ weightedSupport: 0, weightedOppose: 1 });
  });

  it('answers the timeline 404 for a deleted topic, one the viewer may not see, and 400 for bad points', async () => {
    expect((await query.get(`/api/audit/topics/${deleted}/timeline`, { as: auditor })).statusCode).toBe(404);
    expect((await query.get(`/api/audit/topics/${topicA}/timeline`, { as: rania })).statusCode).toBe(404);
    const bad = await query.get(`/api/audit/topics/${topicA}/timeline?points=500`, { as: ben });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'points must be a whole number from 2 to 200' });
  });

  it("labels an election's candidates by the one name rule (personName): 'A member' for one who gave no names", async () => {
    const election = newId();
    const [named, unnamed] = [newId(), newId()];
    const nameless = await query.member(null);
    await query.record(
      at(minute(20), memberJoined(group, nameless.id)),
      at(minute(21), topicCreated(election, group, ben.id, { type: 'election', title: 'Who speaks for the family' })),
      at(minute(22), candidateRegistered(named, election, group, ben.id)),
      at(minute(23), candidateRegistered(unnamed, election, group, nameless.id)),
      at(minute(24), ballotCast({ topicId: election, groupId: group, userId: cai.id }, unnamed)),
    );
    const response = await query.get(`/api/audit/topics/${election}/timeline?points=2`, { as: ben });
    expect(response.statusCode).toBe(200);
    const last = (response.json() as { series: Array<{ tallies: Array<{ id: string; label: string }> }> }).series.at(-1)!.tallies;
    expect(Object.fromEntries(last.map((tally) => [tally.id, tally.label]))).toEqual({ [named]: 'Ben Tester', [unnamed]: 'A member' });
  });
});
