import { delegationStream, type ExportLine } from '@civitas/events';
import { logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { memberJoined, newId, opinionPosted, roleGranted, topicCreated, voteCast } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { verifyExport } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
/** A topic still open when the checkpoint is signed (an expired one is exported only once closed). */
const STILL_OPEN = '2099-01-01T00:00:00.000Z';
type EventLine = Extract<ExportLine, { kind: 'event' }>;
type ResultLine = Extract<ExportLine, { kind: 'result' }>;

// Issue #40 item 3: the verifier recounts with the export's delegations and eligibility facts, and a
// published tally that counts an ineligible voter or weight along a delegation the log lacks is
// refused with that reason.
describe('the recount names why a published tally differs', () => {
  let query: QueryApp;
  let omar: Member;
  let publicKey = '';
  let exported: ExportLine[] = [];
  const topic = newId();
  const lunch = newId();
  /** Dana's pseudonym in the topic: she is no member of the family group, so her vote is not counted. */
  let dana = '';

  beforeAll(async () => {
    query = await startQueryApp();
    omar = await query.member('Omar');
    const [ben, cai, outsider] = [await query.member('Ben'), await query.member('Cai'), await query.member('Dana')];
    const group = omar.groups.family;
    const vote = (userId: string) => ({ opinionId: lunch, topicId: topic, groupId: group, userId });
    await query.record(
      at(minute(1), roleGranted(omar.id, 'auditor')),
      at(minute(2), memberJoined(group, ben.id)),
      at(minute(3), memberJoined(group, cai.id)),
      at(minute(4), topicCreated(topic, group, omar.id, { type: 'law_amendment', title: 'Family meals', expiresAt: STILL_OPEN })),
      at(minute(5), opinionPosted(lunch, topic, group, omar.id, 'Lunch together on Fridays.')),
      // Ben lends his weight to Omar: lunch has 2 support (Omar and Ben), 1 oppose (Cai); Dana's vote counts for nothing.
      at(minute(6), {
        type: 'DelegationAssigned',
        streamId: delegationStream(group, ben.id),
        data: { delegationId: newId(), groupId: group, delegatorId: ben.id, delegateId: omar.id, previousDelegationId: null, previousDelegateId: null },
      }),
      at(minute(7), voteCast(vote(omar.id), 'support')),
      at(minute(8), voteCast(vote(outsider.id), 'support')),
      at(minute(9), voteCast(vote(cai.id), 'oppose')),
    );
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    const response = await query.get(`/api/audit/topics/${topic}/export`, { as: omar });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    exported = parseExport(response.body);
    const votes = exported.filter((line): line is EventLine => line.kind === 'event' && line.event.type === 'VoteCast');
    dana = (votes[1]!.event.data as { userId: string }).userId;
  });
  afterAll(async () => query?.close());

  const publishedLunch = (lines: ExportLine[]) => lines.find((line): line is ResultLine => line.kind === 'result')!.tallies[0]!;

  it('matches as the platform publishes it: the delegation carries Ben\u2019s weight, the outsider\u2019s vote counts for nothing', async () => {
    expect(publishedLunch(exported)).toMatchObject({ weightedSupport: 2, weightedOppose: 1 });
    const report = await verifyExport(serialise(exported), { publicKey });
    expect(report.problems).toEqual([]);
  });

  it('refuses a published tally that counts a member who could not take part, and names them', async () => {
    const tampered = structuredClone(exported);
    publishedLunch(tampered).weightedSupport = 3;
    const report = await verifyExport(serialise(tampered), { publicKey });
    const { subjectId } = publishedLunch(tampered);
    expect(report.problems).toContain(
      `topic ${topic}: ${subjectId}: the published tally is not the recount: 1 of the published support is carried by no counted vote or delegation in the export; members who could not take part in the group at the count would give up to 1 of it (${dana})`,
    );
  });

  it('refuses weight moved along a delegation the export does not hold, and says so', async () => {
    // The platform drops the delegation from its export but keeps Ben's weight in the published tally (and,
    // so that no left-out vote could explain the weight, drops Dana's vote too).
    const tampered = structuredClone(exported).filter(
      (line) => !(line.kind === 'event' && (line.event.type === 'DelegationAssigned' || (line.event.data as { userId?: string }).userId === dana)),
    );
    const report = await verifyExport(serialise(tampered), { publicKey });
    const { subjectId } = publishedLunch(tampered);
    expect(report.problems).toContain(
      `topic ${topic}: ${subjectId}: the published tally is not the recount: 1 of the published support is carried by no counted vote or delegation in the export`,
    );
  });

  it('names weight the published tally leaves out', async () => {
    const tampered = structuredClone(exported);
    publishedLunch(tampered).weightedOppose = 0;
    const report = await verifyExport(serialise(tampered), { publicKey });
    const { subjectId } = publishedLunch(tampered);
    expect(report.problems).toContain(
      `topic ${topic}: ${subjectId}: the published tally is not the recount: the published oppose leaves out 1 that the export\u2019s votes and delegations carry`,
    );
  });
});
