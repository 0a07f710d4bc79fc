import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../../i18n';
import { renderWithQueries } from '../../../test/render-app';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { BUMPS, THIRTY, lawOpinions, serveLawResult, tableCells } from '../../../test/law-result-fixtures';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import type { SupportResultView } from '../api/get-topic-result';
import { SupportResultCard } from './support-result-card';

const law = makeTopic({ type: 'law_amendment', quorumPercent: 10 });
const { thirty, bumps } = lawOpinions(law.id);
const counts = (opinion: OpinionView, [supportCount, opposeCount, weightedSupport, weightedOppose]: [number, number, number, number]) => ({
  opinionId: opinion.id,
  supportCount,
  opposeCount,
  weightedSupport,
  weightedOppose,
});

/** 7 of 20 eligible took part; 30 km/h has 5 support to 1 oppose: more than half of 7, enacted. */
const decided: SupportResultView = {
  kind: 'support',
  topicId: law.id,
  status: 'closed',
  opinions: [counts(thirty, [4, 1, 5, 1]), counts(bumps, [1, 2, 1, 3])],
  leaderOpinionId: null,
  enactedOpinionId: thirty.id,
  asOf: null,
  quorum: { percent: 10, eligibleWeight: 20, participatingWeight: 7, reached: true },
  decidedBy: 'majority',
};

function showResult(result: SupportResultView, opinions: OpinionView[] = [bumps, thirty]) {
  serveLawResult(law.id, result, opinions);
  renderWithQueries(<SupportResultCard topic={{ ...law, status: result.status === 'closed' ? 'closed' : 'active' }} />);
}

describe('the result of a law decided by support and oppose', () => {
  it('names the opinion enacted and the rule, the figures, the majority it needed, and each opinion’s counts', async () => {
    showResult(decided);
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(within(card).getByText('Support and oppose on each opinion')).toBeTruthy();
    expect(await within(card).findByText('Final result')).toBeTruthy();
    expect(
      within(card)
        .getAllByText(/^Enacted:/)
        .map((line) => line.textContent),
    ).toEqual([`Enacted: ${THIRTY}.`, 'Enacted: the leading opinion had more than half of the weight that took part.']);
    expect(within(card).getByText('Took part: 7 of 20 eligible (35%) · quorum 10%: reached')).toBeTruthy();
    expect(within(card).getByText('The leading opinion needs more than half of the weight that took part (more than 3.5).')).toBeTruthy();
    const table = within(card).getByRole('table', { name: "Each opinion's support and oppose" });
    expect(tableCells(table)).toEqual([
      ['Opinion', 'Support (with delegation)', 'Oppose (with delegation)', 'Direct support', 'Direct oppose'],
      [`${THIRTY}Enacted`, '5', '1', '4', '1'],
      [BUMPS, '1', '3', '1', '2'],
    ]);
  });

  it('once closed without a majority, says nothing was enacted and why', async () => {
    showResult({ ...decided, enactedOpinionId: null, decidedBy: 'no_majority', opinions: [counts(thirty, [2, 1, 3, 1]), counts(bumps, [1, 2, 1, 3])] });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(
      await within(card).findByText('Nothing was enacted: no opinion had both more support than opposition and more than half of the weight that took part.'),
    ).toBeTruthy();
    expect(within(within(card).getByRole('table')).queryByText('Enacted')).toBeNull();
  });

  it('once closed with too few taking part, says nothing was decided', async () => {
    showResult({
      ...decided,
      enactedOpinionId: null,
      decidedBy: 'quorum_not_reached',
      quorum: { percent: 50, eligibleWeight: 20, participatingWeight: 7, reached: false },
    });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Not enough of the group took part: nothing was decided.')).toBeTruthy();
    expect(within(card).getByText('Took part: 7 of 20 eligible (35%) · quorum 50%: not reached')).toBeTruthy();
  });

  it('while open, names the opinion leading; no rule yet', async () => {
    showResult({ ...decided, status: 'active', enactedOpinionId: null, leaderOpinionId: thirty.id, decidedBy: null });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('The count so far')).toBeTruthy();
    expect(within(card).getByText(/^Leading now:/).textContent).toBe(`Leading now: ${THIRTY}.`);
    expect(within(within(card).getByRole('table')).getByText('Leading')).toBeTruthy();
    expect(within(card).queryByText(/^Enacted/)).toBeNull();
  });

  it('a topic opened before quorums shows no figures and no majority line', async () => {
    showResult({ ...decided, quorum: null, decidedBy: null });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect((await within(card).findByText(/^Enacted:/)).textContent).toBe(`Enacted: ${THIRTY}.`);
    expect(within(card).queryByText(/^Took part/)).toBeNull();
    expect(within(card).queryByText(/needs more than half/)).toBeNull();
  });

  it('names an opinion the opinions read does not have yet by its place', async () => {
    showResult(decided, [thirty]);
    const card = await screen.findByRole('region', { name: 'Results' });
    expect(within(await within(card).findByRole('table')).getByText('Opinion 2')).toBeTruthy();
  });

  it('reads in Arabic, the figures and the majority with Latin digits, names isolated', async () => {
    await chooseLanguage('ar');
    showResult(decided);
    const card = await screen.findByRole('region', { name: 'النتائج' });

    expect(await within(card).findByText('النتيجة النهائية')).toBeTruthy();
    expect(
      within(card)
        .getAllByText(/^أُقرّ:/)
        .map((line) => line.textContent),
    ).toEqual([
      'أُقرّ: \u2068«\u2068Make it 30 km/h near every…\u2069» بقلم \u2068Layla Nasser\u2069\u2069.',
      'أُقرّ: حاز الرأي المتقدم أكثر من نصف الوزن الذي شارك.',
    ]);
    expect(within(card).getByText('المشاركة: 7 من أصل 20 من وزن المؤهلين (35%) · النصاب 10%: بُلغ')).toBeTruthy();
    expect(within(card).getByText('يحتاج الرأي المتقدم إلى أكثر من نصف الوزن الذي شارك (أكثر من 3.5).')).toBeTruthy();
    expect(within(card).getByRole('table', { name: 'تأييد كل رأي ومعارضته' })).toBeTruthy();
  });
});
