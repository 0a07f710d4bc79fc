import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_RANKING } from '@civitas/events/elections/election.contract';
import { chooseLanguage } from '../../../i18n';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeCandidate } from '../../../test/election-fixtures';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { CandidateView } from '../api/get-candidates';
import { CandidatesCard } from './candidates-card';

const SELF = '00000000-0000-4000-8000-00000000aaaa';
const election = makeTopic({ type: 'election', groupId: 7, title: 'Choose the International leader', method: 'schulze' });
const CANDIDATES_URL = `/api/topics/${election.id}/candidates`;
const BALLOT_URL = `/api/topics/${election.id}/ballot`;

const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });
// Registered in this order; the read lists them by count, the ballot by registration.
const layla = makeCandidate({ topicId: election.id, user: person('Layla', 'Nasser'), createdAt: '2025-03-02T10:00:00.000Z' });
const omar = makeCandidate({ topicId: election.id, user: person('Omar', 'Farouk'), createdAt: '2025-03-02T11:00:00.000Z', voteCount: 3 });
const karim = makeCandidate({ topicId: election.id, user: person('Karim', 'Said'), createdAt: '2025-03-02T12:00:00.000Z' });

/** The election as the server keeps it: the candidates read gives the member's tiers (myRank), a ballot replaces them. */
function serveRankedElection(initial: CandidateView[], { ballot }: { ballot?: Route } = {}) {
  let candidates = initial;
  return mockFetch((request) => {
    const { url, init } = request;
    if (url === CANDIDATES_URL) return jsonResponse(candidates);
    if (url === `/api/topics/${election.id}/result`) return jsonResponse({ message: 'Not now' }, { status: 503 });
    if (url === BALLOT_URL && init?.method === 'POST') {
      const refused = ballot?.(request);
      if (refused) return refused;
      const { ranking } = sentBody(init) as { ranking: string[][] };
      candidates = candidates.map((candidate) => {
        const tier = ranking.findIndex((ids) => ids.includes(candidate.id));
        return { ...candidate, myRank: tier < 0 ? null : tier, isMyChoice: tier === 0 };
      });
      return jsonResponse({ position: '0000000000000005-0000000000000001', topicId: election.id, candidateId: null, ranking, receipt: null });
    }
    return undefined;
  });
}

async function openBallot() {
  renderWithQueries(<CandidatesCard topic={election} userId={SELF} canTakePart />);
  const card = await screen.findByRole('region', { name: 'Candidates' });
  return within(card).findByRole('form', { name: 'Your ranked ballot' });
}

const rows = (ballot: HTMLElement, list = 'Your ranking') =>
  within(within(ballot).getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));
const live = (ballot: HTMLElement) => ballot.querySelector('[aria-live="polite"]')?.textContent;
/** Enter or Space on the focused control: a native button's own keyboard activation is a click. */
const pressFocused = () => {
  const focused = document.activeElement;
  expect(focused?.tagName).toBe('BUTTON');
  fireEvent.click(focused!);
};
const focusedName = () => document.activeElement?.getAttribute('aria-label');

describe('ranked ballot', () => {
  it('ranks with buttons named by candidate, keeps the focus with the candidate, announces each change, and casts { ranking }', async () => {
    const fetchMock = serveRankedElection([omar, layla, karim]);
    const ballot = await openBallot();

    expect(within(ballot).getByText('No candidate ranked yet: add them from the list below.')).toBeTruthy();
    const unranked = within(ballot).getByRole('list', { name: 'Not ranked' });
    // Registration order, not the count's.
    expect(
      within(unranked)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Add to ranking: Layla Nasser', 'Add to ranking: Omar Farouk', 'Add to ranking: Karim Said']);

    fireEvent.click(within(ballot).getByRole('button', { name: 'Add to ranking: Layla Nasser' }));
    expect(live(ballot)).toBe('Layla Nasser added at rank 1 of 1.');
    // Adding goes on to the next candidate not ranked: the keyboard ranks by pressing on.
    expect(focusedName()).toBe('Add to ranking: Omar Farouk');
    pressFocused();
    expect(focusedName()).toBe('Add to ranking: Karim Said');
    pressFocused();
    expect(live(ballot)).toBe('Karim Said added at rank 3 of 3.');
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 2: Omar Farouk', 'Rank 3: Karim Said']);
    expect(within(ballot).queryByRole('list', { name: 'Not ranked' })).toBeNull();
    expect(within(ballot).getByText('Your changes are not cast yet.')).toBeTruthy();

    // The bottom one cannot go down, the top one not up; nothing to tie the top one with.
    expect(within(ballot).getByRole<HTMLButtonElement>('button', { name: 'Move down: Karim Said' }).disabled).toBe(true);
    expect(within(ballot).getByRole<HTMLButtonElement>('button', { name: 'Move up: Layla Nasser' }).disabled).toBe(true);
    expect(within(ballot).queryByRole('button', { name: 'Tie with the one above: Layla Nasser' })).toBeNull();

    within(ballot).getByRole('button', { name: 'Move up: Karim Said' }).focus();
    pressFocused();
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 2: Karim Said', 'Rank 3: Omar Farouk']);
    expect(live(ballot)).toBe('Karim Said is now rank 2 of 3.');
    expect(focusedName()).toBe('Move up: Karim Said');

    within(ballot).getByRole('button', { name: 'Tie with the one above: Omar Farouk' }).focus();
    pressFocused();
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 2: Karim Said', 'Rank 2, tied: Omar Farouk']);
    expect(live(ballot)).toBe('Omar Farouk is tied at rank 2 with Karim Said.');
    expect(focusedName()).toBe('Untie: Omar Farouk');

    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Ballot cast', description: 'Your ranking of 3 candidates is recorded.' }));
    expect(requestsTo(fetchMock, 'POST', BALLOT_URL).map(([, init]) => sentBody(init))).toEqual([{ ranking: [[layla.id], [karim.id, omar.id]] }]);
    // The ballot on screen is the one cast: nothing left to cast.
    await waitFor(() => expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull());
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 2: Karim Said', 'Rank 2, tied: Omar Farouk']);
    await waitFor(() => expect(within(ballot).getByRole<HTMLButtonElement>('button', { name: 'Cast ballot' }).disabled).toBe(false));
  });

  it('moves a tied candidate out of its tie, unties and removes, each sent as its tiers', async () => {
    const fetchMock = serveRankedElection([
      { ...omar, myRank: 0, isMyChoice: true },
      { ...layla, myRank: 0, isMyChoice: true },
      { ...karim, myRank: 1 },
    ]);
    const ballot = await openBallot();

    // The standing ballot, as the read gives it: Layla and Omar tied first (registration order within the tie).
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 1, tied: Omar Farouk', 'Rank 2: Karim Said']);
    expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull();

    fireEvent.click(within(ballot).getByRole('button', { name: 'Move down: Layla Nasser' }));
    expect(rows(ballot)).toEqual(['Rank 1: Omar Farouk', 'Rank 2: Layla Nasser', 'Rank 3: Karim Said']);
    expect(focusedName()).toBe('Move down: Layla Nasser');
    fireEvent.click(within(ballot).getByRole('button', { name: 'Tie with the one above: Karim Said' }));
    fireEvent.click(within(ballot).getByRole('button', { name: 'Remove: Omar Farouk' }));
    expect(live(ballot)).toBe('Omar Farouk removed from your ranking.');
    expect(focusedName()).toBe('Add to ranking: Omar Farouk');
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 1, tied: Karim Said']);
    fireEvent.click(within(ballot).getByRole('button', { name: 'Untie: Karim Said' }));
    expect(rows(ballot)).toEqual(['Rank 1: Layla Nasser', 'Rank 2: Karim Said']);

    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', BALLOT_URL)).toHaveLength(1));
    expect(sentBody(requestsTo(fetchMock, 'POST', BALLOT_URL)[0]?.[1])).toEqual({ ranking: [[layla.id], [karim.id]] });
  });

  it("shows the server's refusal in the form, and forgets it once the ballot changes", async () => {
    serveRankedElection([omar, layla], { ballot: () => jsonResponse({ message: EMPTY_RANKING }, { status: 400 }) });
    const ballot = await openBallot();

    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    expect(await within(ballot).findByText('Rank at least one candidate.')).toBeTruthy();
    expect(lastToast()).toBeUndefined();
    fireEvent.click(within(ballot).getByRole('button', { name: 'Add to ranking: Omar Farouk' }));
    expect(within(ballot).queryByText('Rank at least one candidate.')).toBeNull();
  });

  it('offers no ballot once voting ended, and says how the election is counted', async () => {
    serveRankedElection([omar, layla]);
    renderWithQueries(<CandidatesCard topic={{ ...election, expiresAt: '2020-01-01T12:00:00.000Z' }} userId={SELF} canTakePart={false} />);
    const card = await screen.findByRole('region', { name: 'Candidates' });

    expect(await within(card).findByText('Counting…')).toBeTruthy();
    expect(within(card).getByText('Ranked ballot, counted by the Schulze method')).toBeTruthy();
    expect(within(card).queryByRole('form')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    // The count a ranked election shows beside each candidate is its first preferences.
    expect(
      within(await within(card).findByRole('listitem', { name: 'Candidate Omar Farouk' })).getByText('3 first preferences · 0 direct ballots'),
    ).toBeTruthy();
  });

  it('reads in Arabic, right to left, each button still naming its candidate', async () => {
    await chooseLanguage('ar');
    serveRankedElection([{ ...omar, myRank: 0, isMyChoice: true }, layla]);
    renderWithQueries(<CandidatesCard topic={election} userId={SELF} canTakePart />);
    const card = await screen.findByRole('region', { name: 'المرشحون' });
    const ballot = await within(card).findByRole('form', { name: 'ورقة اقتراعك بالترتيب' });

    expect(within(card).getByText('اقتراع بالترتيب، يُفرز بطريقة شولتسه')).toBeTruthy();
    // A name with Latin letters is isolated inside the Arabic text (docs/decisions.md, Bidirectional text).
    fireEvent.click(within(ballot).getByRole('button', { name: 'إضافة إلى الترتيب: \u2068Layla Nasser\u2069' }));
    expect(live(ballot)).toBe('أُضيف \u2068Layla Nasser\u2069 في المرتبة 2 من 2.');
    // Up is still towards the first rank.
    fireEvent.click(within(ballot).getByRole('button', { name: 'نقل للأعلى: \u2068Layla Nasser\u2069' }));
    expect(rows(ballot, 'ترتيبك')).toEqual(['المرتبة 1: \u2068Layla Nasser\u2069', 'المرتبة 2: \u2068Omar Farouk\u2069']);
    expect(within(ballot).getByRole('button', { name: 'أدلِ بصوتك' })).toBeTruthy();
  });
});
