import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../../i18n';
import { renderWithQueries } from '../../../test/render-app';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { BUMPS, THIRTY, lawOpinions, serveLawResult, tableCells } from '../../../test/law-result-fixtures';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import type { OpinionsResultView } from '../api/get-topic-result';
import { OpinionsResultCard } from './opinions-result-card';

const law = makeTopic({ type: 'dispute_resolution', method: 'schulze' });
const { thirty, bumps } = lawOpinions(law.id);
const option = (opinion: OpinionView, counts: [number, number, number, number]) => ({
  optionId: opinion.id,
  isNoChange: false,
  opinion: { id: opinion.id, content: opinion.content, author: opinion.user },
  directAbove: counts[0],
  directBelow: counts[1],
  weightedAbove: counts[2],
  weightedBelow: counts[3],
});

/**
 * Options [No change, 30 km/h, bumps]; 3 ballots weighing 4. 30 km/h beats No change 3 to 1 and
 * bumps 3 to 1; bumps and No change tie 2 to 2. 30 km/h is unbeaten, and beats No change: enacted.
 */
const decided: OpinionsResultView = {
  kind: 'opinions',
  topicId: law.id,
  method: 'schulze',
  status: 'closed',
  options: [
    { optionId: law.id, isNoChange: true, opinion: null, directAbove: 0, directBelow: 0, weightedAbove: 0, weightedBelow: 0 },
    option(thirty, [2, 1, 3, 1]),
    option(bumps, [1, 2, 2, 2]),
  ],
  ballotWeight: 4,
  ballotCount: 3,
  leaderOpinionId: null,
  enactedOpinionId: thirty.id,
  pairwise: [
    [0, 1, 2],
    [3, 0, 3],
    [2, 1, 0],
  ],
  strongestPaths: [
    [0, 0, 0],
    [3, 0, 3],
    [0, 0, 0],
  ],
  schulzeWinners: [thirty.id],
  asOf: null,
  // Opened before quorums (issue #34 item 3).
  quorum: null,
  decidedBy: null,
};

function showResult(result: OpinionsResultView, opinions: OpinionView[] = [bumps, thirty]) {
  serveLawResult(law.id, result, opinions);
  renderWithQueries(<OpinionsResultCard topic={{ ...law, status: result.status === 'closed' ? 'closed' : 'active' }} />);
}

describe('the result of a law decided among its opinions', () => {
  it('names the opinion enacted, each opinion against No change, and the matrices with No change and the opinions as headers', async () => {
    showResult(decided);
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(within(card).getByText('Ranked against No change, counted by the Schulze method')).toBeTruthy();
    expect(await within(card).findByText('Final result')).toBeTruthy();
    expect(within(card).getByText(/^Enacted:/).textContent).toBe(`Enacted: ${THIRTY}.`);
    expect(within(card).getByText('3 direct ballots, weighing 4 with delegation.')).toBeTruthy();

    const against = within(card).getByRole('table', { name: 'Against No change: the ballots that rank each opinion above or below No change' });
    expect(tableCells(against)).toEqual([
      ['Opinion', 'Above No change (with delegation)', 'Below No change (with delegation)', 'Direct ballots above', 'Direct ballots below'],
      [`${THIRTY}Enacted`, '3', '1', '2', '1'],
      [BUMPS, '2', '2', '1', '2'],
    ]);
    const pairwise = within(card).getByRole('table', {
      name: /^Head to head: each number is the weight of ballots that prefer the row's option to the column's\./,
    });
    expect(tableCells(pairwise)).toEqual([
      ['No change', THIRTY, BUMPS],
      ['No change', '—', '1', '2'],
      [THIRTY, '3', '—', '3'],
      [BUMPS, '2', '1', '—'],
    ]);
    expect(within(pairwise).getAllByRole('rowheader')).toHaveLength(3);
    const paths = within(card).getByRole('table', { name: /^Strongest paths \(Schulze\)/ });
    expect(tableCells(paths).slice(1)).toEqual([
      ['No change', '—', '0', '0'],
      [THIRTY, '3', '—', '3'],
      [BUMPS, '0', '0', '—'],
    ]);
    // Nothing claims support or oppose votes: the topic took rankings.
    expect(card.textContent).not.toMatch(/support|oppose|Top Opinion/i);
  });

  it('while open, says no change would stand when no opinion beats it', async () => {
    showResult({ ...decided, status: 'active', enactedOpinionId: null, leaderOpinionId: null, schulzeWinners: [law.id] });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('The count so far')).toBeTruthy();
    expect(within(card).getByText('No change would stand now: no opinion beats it.')).toBeTruthy();
    expect(within(within(card).getByRole('table', { name: /^Against No change/ })).queryByText('Leading')).toBeNull();
  });

  it('while open, names the opinion leading', async () => {
    showResult({ ...decided, status: 'active', enactedOpinionId: null, leaderOpinionId: thirty.id });
    const card = await screen.findByRole('region', { name: 'Results' });
    expect((await within(card).findByText(/^Leading now:/)).textContent).toBe(`Leading now: ${THIRTY}.`);
    expect(within(within(card).getByRole('table', { name: /^Against No change/ })).getByText('Leading')).toBeTruthy();
  });

  it('once closed, says No change stands, and why, when the unbeaten opinion does not beat No change head to head', async () => {
    showResult({ ...decided, enactedOpinionId: null });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('No change stands: no opinion beat it.')).toBeTruthy();
    expect(within(card).getByText(/is unbeaten by the other opinions/).textContent).toBe(
      `${THIRTY} is unbeaten by the other opinions, but does not beat No change head to head.`,
    );
  });

  it('says a tie with No change goes to No change', async () => {
    showResult({ ...decided, status: 'active', enactedOpinionId: null, leaderOpinionId: null, schulzeWinners: [law.id, bumps.id] });
    const card = await screen.findByRole('region', { name: 'Results' });
    expect((await within(card).findByText(/^Unbeaten:/)).textContent).toBe(`Unbeaten: No change, ${BUMPS}. A tie with No change goes to No change.`);
  });

  it('once closed, names the rule that enacted it, with how much of the group took part', async () => {
    showResult({ ...decided, quorum: { percent: 10, eligibleWeight: 20, participatingWeight: 4, reached: true }, decidedBy: 'beats_no_change' });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Took part: 4 of 20 eligible (20%) · quorum 10%: reached')).toBeTruthy();
    // Which opinion, then by which rule.
    expect(
      within(card)
        .getAllByText(/^Enacted:/)
        .map((line) => line.textContent),
    ).toEqual([`Enacted: ${THIRTY}.`, 'Enacted: the winning opinion beats No change head to head.']);
  });

  it('once closed with too few taking part, says nothing was decided rather than that no change won', async () => {
    showResult({
      ...decided,
      enactedOpinionId: null,
      quorum: { percent: 25, eligibleWeight: 20, participatingWeight: 4, reached: false },
      decidedBy: 'quorum_not_reached',
    });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Not enough of the group took part: nothing was decided.')).toBeTruthy();
    expect(within(card).getByText('Took part: 4 of 20 eligible (20%) · quorum 25%: not reached')).toBeTruthy();
    expect(within(card).queryByText('No change stands: no opinion beat it.')).toBeNull();
    // The opinion unbeaten by the others did beat No change: nothing says otherwise.
    expect(within(card).queryByText(/does not beat No change/)).toBeNull();
  });

  it('once closed with no opinion beating No change, says so by its rule', async () => {
    showResult({
      ...decided,
      enactedOpinionId: null,
      quorum: { percent: 10, eligibleWeight: 20, participatingWeight: 4, reached: true },
      decidedBy: 'no_change_kept',
    });
    const card = await screen.findByRole('region', { name: 'Results' });
    expect(await within(card).findByText('Nothing was enacted: no opinion beats No change head to head.')).toBeTruthy();
  });

  it("names an opinion the opinions read does not list yet from the result's own copy", async () => {
    showResult(decided, [thirty]);
    const card = await screen.findByRole('region', { name: 'Results' });
    expect(within(await within(card).findByRole('table', { name: /^Against No change/ })).getByText(BUMPS)).toBeTruthy();
  });

  it('reads in Arabic: captions, No change and the opinions in the headers, names isolated in the text', async () => {
    await chooseLanguage('ar');
    showResult(decided);
    const card = await screen.findByRole('region', { name: 'النتائج' });

    expect(await within(card).findByText('النتيجة النهائية')).toBeTruthy();
    expect(within(card).getByText(/^أُقرّ:/).textContent).toBe('أُقرّ: \u2068«\u2068Make it 30 km/h near every…\u2069» بقلم \u2068Layla Nasser\u2069\u2069.');
    const pairwise = within(card).getByRole('table', { name: /^المواجهات الثنائية: كل رقم هو وزن أوراق الاقتراع التي تفضّل خيار الصف على خيار العمود\./ });
    expect(tableCells(pairwise)[0]?.[0]).toBe('بلا تغيير');
    expect(tableCells(pairwise)[1]).toEqual(['بلا تغيير', '—', '1', '2']);
    expect(within(card).getByRole('table', { name: /^مقابل «بلا تغيير»/ })).toBeTruthy();
    expect(within(card).getByText('ترتيب مقابل «بلا تغيير»، يُفرز بطريقة شولتسه')).toBeTruthy();
  });
});
