import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chooseLanguage } from '../../../i18n';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeOpinion, makeTopic } from '../../../test/topic-page-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { OpinionsResultView } from '../api/get-topic-result';
import { OpinionRankingCard } from './opinion-ranking-card';

const law = makeTopic({ type: 'law_amendment', method: 'schulze', title: 'Lower the speed limit near schools' });
const BALLOT_URL = `/api/topics/${law.id}/ballot`;
const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });
// Posted in this order; the read lists them by count, the ballot by posting.
const thirty = makeOpinion({
  topicId: law.id,
  content: 'Make it 30 km/h in every school zone, from seven in the morning until five in the afternoon.',
  user: person('Layla', 'Nasser'),
  createdAt: '2025-03-02T10:00:00.000Z',
});
const bumps = makeOpinion({
  topicId: law.id,
  content: 'Speed bumps instead',
  user: person('Omar', 'Farouk'),
  createdAt: '2025-03-02T11:00:00.000Z',
  voteCount: 2,
});

function resultOf(myRanking?: string[][] | null): OpinionsResultView {
  return {
    kind: 'opinions',
    topicId: law.id,
    method: 'schulze',
    status: 'active',
    options: [],
    ballotWeight: 0,
    ballotCount: 0,
    leaderOpinionId: null,
    enactedOpinionId: null,
    pairwise: [],
    strongestPaths: [],
    schulzeWinners: [],
    asOf: null,
    // Opened before quorums (issue #34 item 3).
    quorum: null,
    decidedBy: null,
    ...(myRanking === undefined ? {} : { myRanking }),
  };
}

/** The topic as the server keeps it: the result read gives the member's ranking when `readsRanking`, a ballot replaces it. */
function serveRankedLaw({ standing = null as string[][] | null, readsRanking = true } = {}) {
  let ranking = standing;
  return mockFetch(({ url, init }) => {
    if (url === `/api/topics/${law.id}/opinions`) return jsonResponse([bumps, thirty]);
    if (url === `/api/topics/${law.id}/result`) return jsonResponse(resultOf(readsRanking ? ranking : undefined));
    if (url === BALLOT_URL && init?.method === 'POST') {
      ranking = (sentBody(init) as { ranking: string[][] }).ranking;
      return jsonResponse({ position: '0000000000000005-0000000000000001', topicId: law.id, candidateId: null, ranking, receipt: null });
    }
    return undefined;
  });
}

async function openBallot() {
  renderWithQueries(<OpinionRankingCard topic={law} blockedReason={null} />);
  const card = await screen.findByRole('region', { name: 'Your ranking' });
  return { card, ballot: await within(card).findByRole('form', { name: 'Your ranked ballot' }) };
}

const rows = (ballot: HTMLElement, list = 'Your ranking') =>
  within(within(ballot).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));
const addButtons = (ballot: HTMLElement) =>
  within(within(ballot).getByRole('list', { name: 'Not ranked' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
const live = (ballot: HTMLElement) => ballot.querySelector('[aria-live="polite"]')?.textContent;

const THIRTY = '“Make it 30 km/h in every…” by Layla Nasser';
const BUMPS = '“Speed bumps instead” by Omar Farouk';

describe('ranking the opinions of a law against no change', () => {
  it('offers No change and the opinions in posting order, each named by its first words and author, and casts { ranking } with the topic id for No change', async () => {
    const fetchMock = serveRankedLaw();
    const { ballot } = await openBallot();

    expect(addButtons(ballot)).toEqual([`Add to ranking: No change`, `Add to ranking: ${THIRTY}`, `Add to ranking: ${BUMPS}`]);
    expect(within(ballot).getByText('Nothing ranked yet: add the options from the list below.')).toBeTruthy();
    // The whole of a long opinion is there, folded under its name; a short one is its name.
    const unranked = within(ballot).getByRole('list', { name: 'Not ranked' });
    const folded = within(unranked).getAllByText('Full text');
    expect(folded).toHaveLength(1);
    expect(folded[0]!.closest('details')?.textContent).toContain(thirty.content);

    fireEvent.click(within(ballot).getByRole('button', { name: `Add to ranking: ${THIRTY}` }));
    expect(live(ballot)).toBe(`${THIRTY} added at rank 1 of 1.`);
    fireEvent.click(within(ballot).getByRole('button', { name: 'Add to ranking: No change' }));
    fireEvent.click(within(ballot).getByRole('button', { name: `Add to ranking: ${BUMPS}` }));
    expect(rows(ballot)).toEqual([`Rank 1: ${THIRTY}`, 'Rank 2: No change', `Rank 3: ${BUMPS}`]);
    fireEvent.click(within(ballot).getByRole('button', { name: `Tie with the one above: ${BUMPS}` }));
    expect(live(ballot)).toBe(`${BUMPS} is tied at rank 2 with No change.`);

    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Ballot cast', description: 'Your ranking of 3 options is recorded.' }));
    expect(requestsTo(fetchMock, 'POST', BALLOT_URL).map(([, init]) => sentBody(init))).toEqual([{ ranking: [[thirty.id], [law.id, bumps.id]] }]);
    await waitFor(() => expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull());
  });

  it('starts from the ranking the result read gives, dropping an opinion no longer listed', async () => {
    serveRankedLaw({ standing: [[bumps.id], ['00000000-0000-4000-8000-0000000deade'], [law.id]] });
    const { ballot } = await openBallot();

    await waitFor(() => expect(rows(ballot)).toEqual([`Rank 1: ${BUMPS}`, 'Rank 2: No change']));
    expect(addButtons(ballot)).toEqual([`Add to ranking: ${THIRTY}`]);
    expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull();
  });

  it('keeps the ranking this tab cast when the result read gives none', async () => {
    serveRankedLaw({ readsRanking: false });
    const { ballot } = await openBallot();
    fireEvent.click(within(ballot).getByRole('button', { name: 'Add to ranking: No change' }));
    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Ballot cast', description: 'Your ranking of 1 option is recorded.' }));
    // Read again after the ballot, the result says nothing of it: the cast one still stands.
    await waitFor(() => expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull());
    expect(rows(ballot)).toEqual(['Rank 1: No change']);
  });

  it('says why a member may not rank', async () => {
    serveRankedLaw();
    renderWithQueries(<OpinionRankingCard topic={law} blockedReason="This topic is closed. New opinions and votes are no longer accepted." />);
    const card = await screen.findByRole('region', { name: 'Your ranking' });
    expect(within(card).getByText('This topic is closed. New opinions and votes are no longer accepted.')).toBeTruthy();
    expect(within(card).queryByRole('form')).toBeNull();
  });

  it('has nothing to rank before the first opinion', async () => {
    mockFetch(({ url }) =>
      url === `/api/topics/${law.id}/opinions` ? jsonResponse([]) : url === `/api/topics/${law.id}/result` ? jsonResponse(resultOf(null)) : undefined,
    );
    renderWithQueries(<OpinionRankingCard topic={law} blockedReason={null} />);
    const card = await screen.findByRole('region', { name: 'Your ranking' });
    expect(await within(card).findByText('No opinions yet. Once members post them, you rank them here against No change.')).toBeTruthy();
    expect(within(card).queryByRole('form')).toBeNull();
  });

  it('reads in Arabic, right to left, each button naming its option', async () => {
    await chooseLanguage('ar');
    serveRankedLaw({ standing: [[law.id]] });
    renderWithQueries(<OpinionRankingCard topic={law} blockedReason={null} />);
    const card = await screen.findByRole('region', { name: 'ترتيبك' });
    const ballot = await within(card).findByRole('form', { name: 'ورقة اقتراعك بالترتيب' });

    await waitFor(() => expect(rows(ballot, 'ترتيبك')).toEqual(['المرتبة 1: بلا تغيير']));
    // The opinion's words and its author are isolated inside the Arabic text, and the name inside the button's.
    const bumpsName = '«\u2068Speed bumps instead\u2069» بقلم \u2068Omar Farouk\u2069';
    fireEvent.click(within(ballot).getByRole('button', { name: `إضافة إلى الترتيب: \u2068${bumpsName}\u2069` }));
    fireEvent.click(within(ballot).getByRole('button', { name: `نقل للأعلى: \u2068${bumpsName}\u2069` }));
    expect(rows(ballot, 'ترتيبك')).toEqual([`المرتبة 1: \u2068${bumpsName}\u2069`, 'المرتبة 2: بلا تغيير']);
    expect(within(ballot).getByText('النص الكامل')).toBeTruthy();
    expect(within(ballot).getByRole('button', { name: 'أدلِ بصوتك' })).toBeTruthy();
  });
});
