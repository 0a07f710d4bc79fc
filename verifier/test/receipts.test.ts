import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RECEIPTS_FORMAT, type ExportLine, type ReceiptsFile } from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { memberJoined, newId, opinionPosted, roleGranted, topicCreated, voteCast, voteRetracted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { verifyExport } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../bin/civitas-verify.mjs');
const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
/** A topic still open when the checkpoint is signed (an expired one is exported only once closed). */
const STILL_OPEN = '2099-01-01T00:00:00.000Z';
type EventLine = Extract<ExportLine, { kind: 'event' }>;

// Issue #40 item 2: a member checks their own receipts against an export with the verifier alone.
describe('receipts in the verifier', () => {
  let query: QueryApp;
  let auditor: Member;
  let ben: Member;
  let publicKey = '';
  let exported: ExportLine[] = [];
  const topic = newId();
  const [lunch, dinner] = [newId(), newId()];
  /** The event lines of the export, in the story's order of votes. */
  let votes: EventLine[] = [];
  const receipt = (line: EventLine, eventId: string) => ({ eventId, leafHash: line.leafHash, source: 'test' });

  beforeAll(async () => {
    query = await startQueryApp();
    [auditor, ben] = [await query.member('Omar'), await query.member('Ben')];
    const group = auditor.groups.family;
    const vote = (opinionId: string, userId: string) => ({ opinionId, topicId: topic, groupId: group, userId });
    await query.record(
      at(minute(1), roleGranted(auditor.id, 'auditor')),
      at(minute(2), memberJoined(group, ben.id)),
      at(minute(3), topicCreated(topic, group, auditor.id, { type: 'law_amendment', title: 'Family meals', expiresAt: STILL_OPEN })),
      at(minute(4), opinionPosted(lunch, topic, group, auditor.id, 'Lunch together on Fridays.')),
      at(minute(5), opinionPosted(dinner, topic, group, ben.id, 'Dinner together every day.')),
      // Omar: support lunch (counted). Ben: support lunch, then oppose it (the support replaced), and support dinner, then withdraw it.
      at(minute(6), voteCast(vote(lunch, auditor.id), 'support')),
      at(minute(7), voteCast(vote(lunch, ben.id), 'support')),
      at(minute(8), voteCast(vote(lunch, ben.id), 'oppose', 'support')),
      at(minute(9), voteCast(vote(dinner, ben.id), 'support')),
      at(minute(10), voteRetracted(vote(dinner, ben.id), 'support')),
    );
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    const response = await query.get(`/api/audit/topics/${topic}/export`, { as: auditor });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    exported = parseExport(response.body);
    votes = exported.filter((line): line is EventLine => line.kind === 'event' && (line.event.type === 'VoteCast' || line.event.type === 'VoteRetracted'));
    expect(votes.map((line) => line.event.type)).toEqual(['VoteCast', 'VoteCast', 'VoteCast', 'VoteCast', 'VoteRetracted']);
  });
  afterAll(async () => query?.close());

  it('says what became of each receipt: counted as cast, replaced by a later vote, withdrawn, or not a vote', async () => {
    const [omarLunch, benSupport, benOppose, benDinner, benWithdrawal] = votes as [EventLine, EventLine, EventLine, EventLine, EventLine];
    const opinion = exported.find((line): line is EventLine => line.kind === 'event' && line.event.type === 'OpinionPosted')!;
    const report = await verifyExport(serialise(exported), {
      publicKey,
      receipts: [
        receipt(omarLunch, 'omar-lunch'),
        receipt(benSupport, 'ben-support'),
        receipt(benOppose, 'ben-oppose'),
        receipt(benDinner, 'ben-dinner'),
        receipt(benWithdrawal, 'ben-withdrawal'),
        receipt(opinion, 'an-opinion'),
      ],
    });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.receipts.map(({ eventId, status, leafIndex }) => ({ eventId, status, leafIndex }))).toEqual([
      { eventId: 'omar-lunch', status: 'counted', leafIndex: omarLunch.leafIndex },
      { eventId: 'ben-support', status: 'replaced', leafIndex: benSupport.leafIndex },
      { eventId: 'ben-oppose', status: 'counted', leafIndex: benOppose.leafIndex },
      { eventId: 'ben-dinner', status: 'replaced', leafIndex: benDinner.leafIndex },
      { eventId: 'ben-withdrawal', status: 'withdrawn', leafIndex: benWithdrawal.leafIndex },
      { eventId: 'an-opinion', status: 'not a vote', leafIndex: opinion.leafIndex },
    ]);
    expect(report.receipts[1]!.detail).toBe(`a later vote of the same member (leaf ${benOppose.leafIndex}) replaced it`);
  });

  it('refuses the export when a receipt\u2019s vote is not in it, even with the published tally lowered to match', async () => {
    const [omarLunch] = votes as [EventLine];
    // The strongest edit short of the log: Omar's vote taken out, and the published tally of lunch lowered by its weight.
    const tampered = structuredClone(exported).filter((line) => !(line.kind === 'event' && line.leafIndex === omarLunch.leafIndex));
    const result = tampered.find((line): line is Extract<ExportLine, { kind: 'result' }> => line.kind === 'result')!;
    const lunchTally = result.tallies.find((tally) => tally.weightedSupport === 1 && tally.weightedOppose === 1)!;
    lunchTally.weightedSupport = 0;
    const withoutReceipt = await verifyExport(serialise(tampered), { publicKey });
    // What the receipt is for: without it the recount of what is left matches what is published.
    expect(withoutReceipt.problems).toEqual([]);
    const report = await verifyExport(serialise(tampered), { publicKey, receipts: [receipt(omarLunch, 'omar-lunch')] });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(['receipt omar-lunch (test): its event is not among the export\u2019s proven events']);
  });

  it('does not take a receipt for an event whose proof fails', async () => {
    const [omarLunch] = votes as [EventLine];
    const tampered = structuredClone(exported);
    const line = tampered.find((candidate): candidate is EventLine => candidate.kind === 'event' && candidate.leafIndex === omarLunch.leafIndex)!;
    line.proof[0] = randomBytes(32).toString('base64');
    const report = await verifyExport(serialise(tampered), { publicKey, receipts: [receipt(omarLunch, 'omar-lunch')] });
    expect(report.receipts[0]!.status).toBe('missing');
    expect(report.ok).toBe(false);
  });

  it('runs as a command with several --receipt files: exit 0 with each verdict printed, 1 for a missing receipt, 2 for a file that is not receipts', async () => {
    const [omarLunch, , benOppose] = votes as [EventLine, EventLine, EventLine];
    const folder = await mkdtemp(join(tmpdir(), 'civitas-receipts-'));
    try {
      const file = (name: string) => join(folder, name);
      await writeFile(file('export.ndjson'), `${serialise(exported).join('\n')}\n`);
      const receiptsFile = (receipts: ReceiptsFile['receipts']): string =>
        JSON.stringify({ format: RECEIPTS_FORMAT, topicId: topic, receipts } satisfies ReceiptsFile);
      await writeFile(file('omar.json'), receiptsFile([{ eventId: 'omar-lunch', leafHash: omarLunch.leafHash }]));
      await writeFile(file('ben.json'), receiptsFile([{ eventId: 'ben-oppose', leafHash: benOppose.leafHash }]));
      await writeFile(file('stranger.json'), receiptsFile([{ eventId: 'elsewhere', leafHash: randomBytes(32).toString('base64') }]));
      await writeFile(file('not-receipts.json'), JSON.stringify({ eventId: 'x', leafHash: omarLunch.leafHash }));
      const args = (...receipts: string[]) => [BIN, file('export.ndjson'), '--key', publicKey, ...receipts.flatMap((name) => ['--receipt', file(name)])];
      const ok = await run(process.execPath, args('omar.json', 'ben.json'));
      expect(ok.stdout).toContain(`omar-lunch (leaf ${omarLunch.leafIndex}): counted: counted in the recount as cast (vote)`);
      expect(ok.stdout).toContain(`ben-oppose (leaf ${benOppose.leafIndex}): counted`);
      expect(ok.stdout).toContain('MATCH');
      const failure = (error: { code: number; stdout: string; stderr: string }) => error;
      const missing = await run(process.execPath, args('omar.json', 'stranger.json')).then(() => null, failure);
      expect(missing?.code).toBe(1);
      expect(missing?.stdout).toContain(`receipt elsewhere (${file('stranger.json')}): its event is not among the export\u2019s proven events`);
      const wrong = await run(process.execPath, args('not-receipts.json')).then(() => null, failure);
      expect(wrong?.code).toBe(2);
      expect(wrong?.stderr).toContain(`${file('not-receipts.json')} is not a ${RECEIPTS_FORMAT} file`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
