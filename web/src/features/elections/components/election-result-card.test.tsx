import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../../i18n';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { tableCells } from '../../../test/law-result-fixtures';
import { renderWithQueries } from '../../../test/render-app';
import { makeTopic } from '../../../test/topic-page-fixtures';
import type { ElectionResultView } from '../api/get-topic-result';
import { ElectionResultCard } from './election-result-card';

const election = makeTopic({ type: 'election', groupId: 7, method: 'schulze' });
const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });
const candidate = (n: number, firstName: string, lastName: string, directCount: number, weightedCount: number) => ({
  candidateId: `00000000-0000-4000-b000-00000000000${n}`,
  userId: `00000000-0000-4000-c000-00000000000${n}`,
  user: person(firstName, lastName),
  directCount,
  weightedCount,
});
const amina = candidate(1, 'Amina', 'Haddad', 1, 2);
const omar = candidate(2, 'Omar', 'Farouk', 1, 1);
const layla = candidate(3, 'Layla', 'Nasser', 1, 1);

/** Amina is preferred to Omar by 3 of 4, to Layla by 2 to 2 (a tie), Omar to Layla by 3: Amina is unbeaten. */
const ranked: ElectionResultView = {
  kind: 'election',
  topicId: election.id,
  method: 'schulze',
  status: 'closed',
  candidates: [amina, omar, layla],
  ballotWeight: 4,
  ballotCount: 3,
  leaderCandidateId: null,
  winnerCandidateId: amina.candidateId,
  pairwise: [
    [0, 3, 2],
    [1, 0, 3],
    [2, 1, 0],
  ],
  strongestPaths: [
    [0, 3, 3],
    [0, 0, 3],
    [0, 0, 0],
  ],
  schulzeWinners: [amina.candidateId],
  asOf: null,
  // Opened before quorums (issue #34 item 3).
  quorum: null,
  decidedBy: null,
};

function showResult(result: ElectionResultView, topic = { ...election, status: result.status === 'closed' ? ('closed' as const) : ('active' as const) }) {
  mockFetch(({ url }) => {
    if (url === `/api/topics/${election.id}/result`) return jsonResponse(result);
    if (url === `/api/topics/${election.id}/candidates`) return jsonResponse([]);
    return undefined;
  });
  renderWithQueries(<ElectionResultCard topic={topic} />);
}

describe('election result card', () => {
  it('shows a decided Schulze election: its winner, first preferences, the pairwise matrix and the strongest paths as tables', async () => {
    showResult(ranked);
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Final result')).toBeTruthy();
    expect(within(card).getByText(/^Winner:/).textContent).toBe('Winner: Amina Haddad.');
    expect(within(card).getByText('3 direct ballots, weighing 4 with delegation.')).toBeTruthy();

    const counts = within(card).getByRole('table', { name: 'First preferences: the ballots that rank each candidate first' });
    expect(tableCells(counts)).toEqual([
      ['Candidate', 'First preferences (with delegation)', 'Direct first preferences'],
      ['Amina HaddadWinner', '2', '1'],
      ['Omar Farouk', '1', '1'],
      ['Layla Nasser', '1', '1'],
    ]);

    const pairwise = within(card).getByRole('table', {
      name: /^Head to head: each number is the weight of ballots that prefer the row's candidate to the column's\./,
    });
    expect(tableCells(pairwise)).toEqual([
      ['Amina Haddad', 'Omar Farouk', 'Layla Nasser'],
      ['Amina Haddad', '—', '3', '2'],
      ['Omar Farouk', '1', '—', '3'],
      ['Layla Nasser', '2', '1', '—'],
    ]);
    // Row and column headers are real headers, so a screen reader names both for each number.
    expect(
      within(pairwise)
        .getAllByRole('columnheader')
        .map((header) => header.getAttribute('scope')),
    ).toEqual(['col', 'col', 'col']);
    expect(
      within(pairwise)
        .getAllByRole('rowheader')
        .map((header) => header.getAttribute('scope')),
    ).toEqual(['row', 'row', 'row']);

    const paths = within(card).getByRole('table', { name: /^Strongest paths \(Schulze\)/ });
    expect(tableCells(paths).slice(1)).toEqual([
      ['Amina Haddad', '—', '3', '3'],
      ['Omar Farouk', '0', '—', '3'],
      ['Layla Nasser', '0', '0', '—'],
    ]);
    // No tie: nothing about the earliest registration.
    expect(within(card).queryByText(/earliest registration/)).toBeNull();
  });

  it('while open, names the leader; a tie among the unbeaten goes to the earliest registration, and says so', async () => {
    const tied = {
      ...ranked,
      status: 'active' as const,
      winnerCandidateId: null,
      leaderCandidateId: amina.candidateId,
      pairwise: [
        [0, 2, 2],
        [2, 0, 3],
        [2, 1, 0],
      ],
      strongestPaths: [
        [0, 2, 2],
        [2, 0, 3],
        [2, 2, 0],
      ],
      schulzeWinners: [amina.candidateId, omar.candidateId],
    };
    showResult(tied);
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('The count so far')).toBeTruthy();
    expect(within(card).getByText(/^Leading now:/).textContent).toBe('Leading now: Amina Haddad.');
    expect(within(card).getByText(/^Unbeaten:/).textContent).toBe(
      'Unbeaten: Amina Haddad, Omar Farouk. The tie goes to the earliest registration: Amina Haddad.',
    );
    expect(within(within(card).getByRole('table', { name: /^First preferences/ })).getByText('Leading')).toBeTruthy();
  });

  it('shows an approval election its approvals, without matrices', async () => {
    showResult({
      ...ranked,
      method: 'approval',
      status: 'counting',
      winnerCandidateId: null,
      leaderCandidateId: omar.candidateId,
      pairwise: null,
      strongestPaths: null,
      schulzeWinners: null,
    });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Counting…')).toBeTruthy();
    expect(tableCells(within(card).getByRole('table', { name: 'Approvals of each candidate' }))[0]).toEqual([
      'Candidate',
      'Approvals (with delegation)',
      'Direct approvals',
    ]);
    expect(within(card).getAllByRole('table')).toHaveLength(1);
  });

  it('says when no ballot was counted yet', async () => {
    showResult({ ...ranked, status: 'active', winnerCandidateId: null, leaderCandidateId: null, ballotCount: 0, ballotWeight: 0, schulzeWinners: [] });
    const card = await screen.findByRole('region', { name: 'Results' });
    expect(await within(card).findByText('No ballot counted yet.')).toBeTruthy();
  });

  it('shows how much of the group took part against its quorum, and the rule that decided it', async () => {
    showResult({ ...ranked, quorum: { percent: 10, eligibleWeight: 120, participatingWeight: 34, reached: true }, decidedBy: 'method_winner' });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Took part: 34 of 120 eligible (28%) · quorum 10%: reached')).toBeTruthy();
    expect(within(card).getByText(/^Winner:/).textContent).toBe('Winner: Amina Haddad.');
    expect(within(card).getByText('Decided: enough of the group took part, and the counting method gave a winner.')).toBeTruthy();
  });

  it('says nobody was elected when too few took part, with the figures', async () => {
    showResult({
      ...ranked,
      winnerCandidateId: null,
      quorum: { percent: 30, eligibleWeight: 400, participatingWeight: 119, reached: false },
      decidedBy: 'quorum_not_reached',
    });
    const card = await screen.findByRole('region', { name: 'Results' });

    expect(await within(card).findByText('Not enough of the group took part: nothing was decided.')).toBeTruthy();
    // 119 of 400 is 29.75%: shown rounded down, so never "30%" beside "not reached".
    expect(within(card).getByText('Took part: 119 of 400 eligible (29%) · quorum 30%: not reached')).toBeTruthy();
    expect(within(card).queryByText(/^Winner:/)).toBeNull();
    expect(within(card).queryByText(/no ballot carried weight/)).toBeNull();
  });

  it('while open, says the quorum is not reached yet', async () => {
    showResult({
      ...ranked,
      status: 'active',
      winnerCandidateId: null,
      leaderCandidateId: amina.candidateId,
      quorum: { percent: 50, eligibleWeight: 10, participatingWeight: 4, reached: false },
      decidedBy: null,
    });
    const card = await screen.findByRole('region', { name: 'Results' });
    expect(await within(card).findByText('Took part: 4 of 10 eligible (40%) · quorum 50%: not reached yet')).toBeTruthy();
    expect(within(card).queryByText(/^Decided:|nothing was decided/)).toBeNull();
  });

  it('reads in Arabic: headers, captions and the method, names isolated in the text', async () => {
    await chooseLanguage('ar');
    showResult(ranked);
    const card = await screen.findByRole('region', { name: 'النتائج' });

    expect(await within(card).findByText('النتيجة النهائية')).toBeTruthy();
    expect(within(card).getByText(/^الفائز:/).textContent).toBe('الفائز: \u2068Amina Haddad\u2069.');
    const pairwise = within(card).getByRole('table', { name: /^المواجهات الثنائية: كل رقم هو وزن أوراق الاقتراع التي تفضّل مرشح الصف على مرشح العمود\./ });
    expect(tableCells(pairwise)[1]).toEqual(['Amina Haddad', '—', '3', '2']);
    expect(within(card).getByRole('table', { name: /^التفضيلات الأولى/ })).toBeTruthy();
    expect(within(card).getByRole('table', { name: /^أقوى المسارات \(شولتسه\)/ })).toBeTruthy();
    expect(within(card).getByText('3 أوراق اقتراع مباشرة، بوزن 4 مع التفويض.')).toBeTruthy();
  });

  it('reads the quorum and the rule in Arabic', async () => {
    await chooseLanguage('ar');
    showResult({
      ...ranked,
      winnerCandidateId: null,
      quorum: { percent: 30, eligibleWeight: 120, participatingWeight: 35, reached: false },
      decidedBy: 'quorum_not_reached',
    });
    const card = await screen.findByRole('region', { name: 'النتائج' });

    expect(await within(card).findByText('لم يشارك عدد كافٍ من المجموعة: لم يُحسم شيء.')).toBeTruthy();
    expect(within(card).getByText('المشاركة: 35 من أصل 120 من وزن المؤهلين (29%) · النصاب 30%: لم يُبلغ')).toBeTruthy();
  });
});
