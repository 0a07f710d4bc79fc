import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  delegationStream,
  foldTopic,
  signCheckpoint,
  signingKeyFromSeed,
  topicTally,
  winningOpinion,
  type ExportLine,
  type SignedCheckpoint,
  type TallyEvent,
} from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import {
  lawEnacted,
  memberJoined,
  newId,
  opinionPosted,
  personalGroupCreated,
  roleGranted,
  topicClosed,
  topicCreated,
  voteCast,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { verifyExport } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const run = promisify(execFile);
const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
/** A topic still open when the checkpoint is signed (an expired one is exported only once closed). */
const STILL_OPEN = '2099-01-01T00:00:00.000Z';
const BIN = join(import.meta.dirname, '../bin/civitas-verify.mjs');

type Lines = ExportLine[];
const parse = parseExport;
const changed = (lines: Lines, change: (copy: Lines) => void) => {
  const copy = structuredClone(lines);
  change(copy);
  return serialise(copy);
};
const events = (lines: Lines) => lines.filter((line): line is Extract<ExportLine, { kind: 'event' }> => line.kind === 'event');

describe('the audit export and the standalone verifier', () => {
  let query: QueryApp;
  let auditor: Member;
  let ben: Member;
  let cai: Member;
  let group = 0;
  let publicKey = '';
  let exported: Lines = [];
  let firstCheckpoint: SignedCheckpoint;
  const topic = newId();
  const otherTopic = newId();
  const [lunch, dinner, otherOpinion] = [newId(), newId(), newId()];

  const sign = async () => (await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date()))!;
  const download = async (path: string, as: Member = auditor) => {
    const response = await query.get(path, { as });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    return parse(response.body);
  };

  beforeAll(async () => {
    query = await startQueryApp();
    [auditor, ben, cai] = [await query.member('Omar'), await query.member('Ben'), await query.member('Cai')];
    group = auditor.groups.family;
    const vote = (topicId: string, opinionId: string, userId: string) => ({ opinionId, topicId, groupId: group, userId });
    const expiresAt = minute(30);
    // Ben delegates to Omar, so Omar's support of lunch weighs 2 against Cai's oppose.
    const story = [
      at(minute(2), memberJoined(group, ben.id)),
      at(minute(3), memberJoined(group, cai.id)),
      at(minute(4), topicCreated(topic, group, auditor.id, { type: 'law_amendment', title: 'Family meals', expiresAt })),
      at(minute(5), opinionPosted(lunch, topic, group, auditor.id, 'Lunch together on Fridays.')),
      at(minute(6), opinionPosted(dinner, topic, group, ben.id, 'Dinner together every day.')),
      at(minute(7), {
        type: 'DelegationAssigned',
        streamId: delegationStream(group, ben.id),
        data: { delegationId: newId(), groupId: group, delegatorId: ben.id, delegateId: auditor.id, previousDelegationId: null, previousDelegateId: null },
      }),
      at(minute(8), voteCast(vote(topic, lunch, auditor.id), 'support')),
      at(minute(9), voteCast(vote(topic, lunch, cai.id), 'oppose')),
      at(minute(10), voteCast(vote(topic, dinner, cai.id), 'support')),
      at(minute(11), topicCreated(otherTopic, group, ben.id, { type: 'law_amendment', title: 'Holidays', expiresAt: STILL_OPEN })),
      at(minute(12), opinionPosted(otherOpinion, otherTopic, group, ben.id, 'The sea.')),
      at(minute(13), voteCast(vote(otherTopic, otherOpinion, ben.id), 'support')),
    ];
    await query.record(at(minute(1), roleGranted(auditor.id, 'auditor')), ...story);
    // Closing as the command side closes: the tally module's count at expiry, recorded.
    const tallyEvents: TallyEvent[] = [personalGroupCreated(group, 'family', auditor.id), memberJoined(group, auditor.id, 'owner'), ...story].map((event) => ({
      type: event.type,
      data: event.data,
      at: (event as { time?: string }).time ?? minute(0),
    }));
    const counted = topicTally.tallies(foldTopic(topic, tallyEvents), { at: expiresAt });
    const winner = winningOpinion(counted.standings)!;
    expect(winner.opinionId).toBe(lunch);
    firstCheckpoint = await sign();
    await query.record(
      at(minute(31), { ...topicClosed(topic, group, minute(31)), data: { ...topicClosed(topic, group, minute(31)).data, tallies: counted.opinions } }),
      at(
        minute(31),
        lawEnacted(topic, group, lunch, auditor.id, minute(31), { weightedSupport: winner.weightedSupport, weightedOppose: winner.weightedOppose }),
      ),
    );
    await sign();
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    exported = await download(`/api/audit/topics/${topic}/export`);
  });
  afterAll(async () => query?.close());

  it('exports the topic with every event proven in a signed checkpoint and the published result, and the verifier finds a match', async () => {
    expect(exported[0]).toMatchObject({ kind: 'header', format: 'civitas-export/1', scope: 'topic', topicId: topic, publicKey });
    expect(exported.at(-1)).toEqual({ kind: 'end', lines: exported.length - 1 });
    expect(exported.find((line) => line.kind === 'result')).toMatchObject({ status: 'closed', result: { kind: 'law_enacted', weightedSupport: 2 } });
    const report = await verifyExport(serialise(exported), { publicKey });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const [verdict] = report.topics;
    expect(verdict!.recount).toEqual(verdict!.published);
    expect(verdict!.subjects.map((subject) => subject.recount).sort((a, b) => b.weightedSupport - a.weightedSupport)).toEqual([
      { weightedSupport: 2, weightedOppose: 1 },
      { weightedSupport: 1, weightedOppose: 0 },
    ]);
  });

  it('names nobody: no member id anywhere in the export, and a member\u2019s pseudonym differs between topics', async () => {
    const text = JSON.stringify(exported);
    for (const member of [auditor, ben, cai]) expect(text).not.toContain(member.id);
    const other = await download(`/api/audit/topics/${otherTopic}/export`);
    const voterIn = (lines: Lines, opinionOf: (id: string) => boolean) =>
      events(lines)
        .filter((line) => line.event.type === 'VoteCast')
        .map((line) => line.event.data as { userId: string; opinionId: string })
        .filter((data) => opinionOf(data.opinionId))
        .map((data) => data.userId);
    const pseudonymsHere = new Set(voterIn(exported, () => true));
    const [benThere] = voterIn(other, () => true);
    expect(benThere).toMatch(/^~[0-9a-f]{32}$/);
    expect(pseudonymsHere.has(benThere!)).toBe(false);
    expect((await verifyExport(serialise(other), { publicKey })).ok).toBe(true);
  });

  it('rejects the export after any single change', async () => {
    const voteLines = () => events(exported).filter((line) => line.event.type === 'VoteCast');
    const oppose = voteLines().findIndex((line) => (line.event.data as { voteType: string }).voteType === 'oppose');
    const changes: Record<string, string[]> = {
      'a vote flipped': changed(exported, (copy) => {
        (events(copy).filter((line) => line.event.type === 'VoteCast')[oppose]!.event.data as { voteType: string }).voteType = 'support';
      }),
      'a vote removed': serialise(exported.filter((line) => line !== voteLines()[oppose])),
      'a pseudonym swapped': changed(exported, (copy) => {
        const votes = events(copy)
          .filter((line) => line.event.type === 'VoteCast')
          .map((line) => line.event.data as { userId: string });
        [votes[0]!.userId, votes[1]!.userId] = [votes[1]!.userId, votes[0]!.userId];
      }),
      'a delegation moved': changed(exported, (copy) => {
        // Only the link the platform states, not the bytes: the delegate becomes Cai, who opposes.
        const delegation = events(copy).find((line) => line.event.type === 'DelegationAssigned')!;
        const caiPseudonym = (events(copy).filter((line) => line.event.type === 'VoteCast')[oppose]!.event.data as { userId: string }).userId;
        const delegateBlind = (delegation.event.data as { delegateId: string }).delegateId;
        delegation.links![delegateBlind] = caiPseudonym;
      }),
      'the published result edited': changed(exported, (copy) => {
        const result = copy.find((line) => line.kind === 'result') as Extract<ExportLine, { kind: 'result' }>;
        result.result.weightedSupport = 3;
      }),
      'a proof byte flipped': changed(exported, (copy) => {
        const proof = events(copy)[3]!.proof;
        const bytes = Buffer.from(proof[0]!, 'base64');
        bytes[0]! ^= 1;
        proof[0] = bytes.toString('base64');
      }),
      'a checkpoint from another log': changed(exported, (copy) => {
        const line = copy.find((candidate) => candidate.kind === 'checkpoint') as Extract<ExportLine, { kind: 'checkpoint' }>;
        const foreign = signingKeyFromSeed(randomBytes(32));
        line.checkpoint = signCheckpoint(foreign, { treeSize: line.checkpoint.treeSize, rootHash: randomBytes(32), timestamp: line.checkpoint.timestamp });
      }),
    };
    for (const [change, lines] of Object.entries(changes)) {
      const report = await verifyExport(lines, { publicKey });
      expect(report.ok, change).toBe(false);
      expect(report.problems.length, change).toBeGreaterThan(0);
    }
    // Cut short: the end line is what says the download is whole.
    expect((await verifyExport(serialise(exported).slice(0, -1), { publicKey })).problems).toContain('the export is cut short (no end line)');
  });

  it('proves the log grew from a checkpoint the auditor held, and refuses one it did not', async () => {
    const lines = await download(`/api/audit/topics/${topic}/export?since=${firstCheckpoint.treeSize}`);
    expect(lines[2]).toMatchObject({ kind: 'consistency', from: { treeSize: firstCheckpoint.treeSize } });
    expect((await verifyExport(serialise(lines), { publicKey, since: firstCheckpoint })).ok).toBe(true);
    const forged = { ...firstCheckpoint, rootHash: randomBytes(32).toString('base64') };
    expect((await verifyExport(serialise(lines), { publicKey, since: forged })).ok).toBe(false);
    // Asked for a consistency proof the export does not carry.
    expect((await verifyExport(serialise(exported), { publicKey, since: firstCheckpoint })).ok).toBe(false);
    expect((await query.get(`/api/audit/topics/${topic}/export?since=99999`, { as: auditor })).statusCode).toBe(400);
  });

  it('exports a group\u2019s topics and the whole log\u2019s leaves, each verifiable', async () => {
    const groupLines = await download(`/api/audit/groups/${group}/export`);
    const groupReport = await verifyExport(serialise(groupLines), { publicKey });
    expect(groupReport.problems).toEqual([]);
    expect(groupReport.topics.map((verdict) => verdict.topicId)).toEqual([topic, otherTopic]);
    const log = await download('/api/audit/log/export');
    expect((await verifyExport(serialise(log), { publicKey })).ok).toBe(true);
    const flipped = changed(log, (copy) => {
      const leaf = copy.find((line) => line.kind === 'leaf') as Extract<ExportLine, { kind: 'leaf' }>;
      leaf.leafHash = randomBytes(32).toString('base64');
    });
    expect((await verifyExport(flipped, { publicKey })).problems).toContain('the leaves do not hash to the checkpoint\u2019s root');
  });

  it('lets auditors and admins download, answers a member 403, a visitor 401, an unknown topic 404, and a topic past the checkpoint 503', async () => {
    const path = `/api/audit/topics/${topic}/export`;
    expect((await query.get(path, { as: ben })).statusCode).toBe(403);
    expect((await query.get(path)).statusCode).toBe(401);
    expect((await query.get(`/api/audit/topics/${newId()}/export`, { as: auditor })).statusCode).toBe(404);
    await query.record(at(minute(40), voteCast({ opinionId: otherOpinion, topicId: otherTopic, groupId: group, userId: cai.id }, 'oppose')));
    const late = await query.get(`/api/audit/topics/${otherTopic}/export`, { as: auditor });
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.json().message).toMatch(/not been checkpointed/);
    await sign();
  });

  it('runs as a command: exit 0 and MATCH on the export, 1 on a changed one; the bundled file needs nothing but Node', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'civitas-verify-'));
    try {
      const good = join(folder, 'export.ndjson');
      await writeFile(good, `${serialise(exported).join('\n')}\n`);
      const ok = await run(process.execPath, [BIN, good, '--key', publicKey]);
      expect(ok.stdout).toContain('MATCH: every check passed');
      const bad = join(folder, 'changed.ndjson');
      await writeFile(
        bad,
        `${changed(exported, (copy) => {
          (copy.find((line) => line.kind === 'result') as Extract<ExportLine, { kind: 'result' }>).result.weightedSupport = 3;
        }).join('\n')}\n`,
      );
      const failed = await run(process.execPath, [BIN, bad, '--key', publicKey]).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain('MISMATCH');
      // The single file an outsider runs: bundled from the same sources, importing only Node's own modules.
      const bundle = join(folder, 'civitas-verify.mjs');
      await build({
        entryPoints: [join(import.meta.dirname, '../src/cli.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: bundle,
        logLevel: 'silent',
      });
      const imports = [...(await readFile(bundle, 'utf8')).matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]!);
      expect(imports.every((specifier) => specifier.startsWith('node:'))).toBe(true);
      expect((await run(process.execPath, [bundle, good, '--key', publicKey])).stdout).toContain('MATCH');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
