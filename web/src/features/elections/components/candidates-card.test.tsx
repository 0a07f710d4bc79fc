import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeCandidate } from '../../../test/election-fixtures';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { TopicView } from '../../../lib/api/get-topic';
import type { CandidateView } from '../api/get-candidates';
import { CandidatesCard } from './candidates-card';

const SELF = '00000000-0000-4000-8000-00000000aaaa';
const election = makeTopic({ type: 'election', groupId: 7, title: 'Choose the International leader' });
const CANDIDATES_URL = `/api/topics/${election.id}/candidates`;
const BALLOT_URL = `/api/topics/${election.id}/ballot`;

const omar = makeCandidate({
  topicId: election.id,
  user: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
  statement: 'Fair trade for all.',
  voteCount: 5,
  directVotes: 2,
});
const layla = makeCandidate({ topicId: election.id, user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null }, voteCount: 1, directVotes: 1 });

/** The election's candidates and ballots as the server keeps them; a ballot for the member's choice withdraws it. */
function serveElection(initial: CandidateView[], { register }: { register?: Route } = {}) {
  let candidates = initial;
  return mockFetch((request) => {
    const { url, init } = request;
    if (url === CANDIDATES_URL && (init?.method ?? 'GET') === 'GET') return jsonResponse(candidates);
    if (url === BALLOT_URL && init?.method === 'POST') {
      const { candidateId } = sentBody(init) as { candidateId: string };
      const withdrawing = candidates.find((candidate) => candidate.id === candidateId)?.isMyChoice ?? false;
      candidates = candidates.map((candidate) => {
        const was = candidate.isMyChoice ? 1 : 0;
        const now = !withdrawing && candidate.id === candidateId ? 1 : 0;
        return { ...candidate, isMyChoice: now === 1, voteCount: candidate.voteCount - was + now, directVotes: candidate.directVotes - was + now };
      });
      return jsonResponse({
        position: '0000000000000005-0000000000000001',
        topicId: election.id,
        candidateId: withdrawing ? null : candidateId,
        receipt: null,
      });
    }
    if (url === '/api/candidates' && init?.method === 'POST') {
      const answer = register?.(request);
      if (answer) return answer;
      const { statement } = sentBody(init) as { statement?: string };
      const candidate = makeCandidate({
        topicId: election.id,
        userId: SELF,
        statement: statement ?? '',
        user: { firstName: 'Amina', lastName: 'Haddad', profileImageUrl: null },
      });
      candidates = [...candidates, candidate];
      return jsonResponse({ position: '0000000000000006-0000000000000001', candidate }, { status: 201 });
    }
    return undefined;
  });
}

async function openCard(topic: TopicView = election, canTakePart = true) {
  renderWithQueries(<CandidatesCard topic={topic} userId={SELF} canTakePart={canTakePart} />);
  return screen.findByRole('region', { name: 'Candidates' });
}

const row = (card: HTMLElement, name: string) => within(card).findByRole('listitem', { name: `Candidate ${name}` });

describe('candidates card', () => {
  it('lists the candidates with their statement, weighted votes and direct ballots', async () => {
    serveElection([omar, layla]);
    const card = await openCard();

    const first = await row(card, 'Omar Farouk');
    expect(within(first).getByText('Fair trade for all.')).toBeTruthy();
    expect(within(first).getByText('5 votes · 2 direct ballots')).toBeTruthy();
    expect(within(await row(card, 'Layla Nasser')).getByText('1 vote · 1 direct ballot')).toBeTruthy();
  });

  it('casts the ballot, shows the choice, moves it, and withdraws it on the same candidate again', async () => {
    const fetchMock = serveElection([omar, layla]);
    const card = await openCard();

    fireEvent.click(within(await row(card, 'Layla Nasser')).getByRole('button', { name: 'Vote for Layla Nasser' }));
    const chosen = await within(card).findByRole('button', { name: 'Your vote: Layla Nasser' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(lastToast()).toMatchObject({ title: 'Ballot cast', description: 'Your vote goes to Layla Nasser.' });
    expect(within(await row(card, 'Layla Nasser')).getByText('2 votes · 2 direct ballots')).toBeTruthy();

    await waitFor(() => expect(within(card).getByRole('button', { name: 'Vote for Omar Farouk' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(card).getByRole('button', { name: 'Vote for Omar Farouk' }));
    expect(await within(card).findByRole('button', { name: 'Your vote: Omar Farouk' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Vote for Layla Nasser' }).getAttribute('aria-pressed')).toBe('false');

    await waitFor(() => expect(within(card).getByRole('button', { name: 'Your vote: Omar Farouk' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(card).getByRole('button', { name: 'Your vote: Omar Farouk' }));
    expect(await within(card).findByRole('button', { name: 'Vote for Omar Farouk' })).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: 'Ballot withdrawn' });

    const ballots = requestsTo(fetchMock, 'POST', BALLOT_URL);
    expect(ballots.map(([, init]) => sentBody(init))).toEqual([{ candidateId: layla.id }, { candidateId: omar.id }, { candidateId: omar.id }]);
    // A ballot toggles: each click carries its own key, so a retried request counts once.
    const keys = ballots.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => key !== null && /^[\w-]{8,128}$/.test(key))).toBe(true);
  });

  it("registers the member with a statement: 'Candidacy Registered!', then 'Already Running'", async () => {
    const fetchMock = serveElection([omar]);
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Run for Election' }));
    const form = within(card).getByRole('form', { name: 'Run for Election' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your statement (optional)' }), { target: { value: '  Open budgets.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register Candidacy' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Candidacy Registered!' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/candidates')[0]?.[1])).toEqual({ topicId: election.id, statement: 'Open budgets.' });
    const running = await within(card).findByRole('button', { name: 'Already Running' });
    expect(running.hasAttribute('disabled')).toBe(true);
    expect(within(await row(card, 'Amina Haddad')).getByText('Amina Haddad (you)')).toBeTruthy();
  });

  it('sends no statement when none is written', async () => {
    const fetchMock = serveElection([]);
    const card = await openCard();
    expect(await within(card).findByText('No candidates yet.')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Run for Election' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Register Candidacy' }));

    await waitFor(() => expect(requestsOf(fetchMock)).toContain('POST /api/candidates'));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/candidates')[0]?.[1])).toEqual({ topicId: election.id });
  });

  it.each([
    [
      403,
      'Subscription required: running as a candidate needs a Civic Participation subscription.',
      'Failed to Register',
      'You need a Civic Participation subscription to run as a candidate.',
    ],
    [409, 'You are already registered as a candidate in this election.', 'Failed to Register', 'You are already running as a candidate in this election.'],
    [
      403,
      'Only verified citizens of this country can participate in this discussion.',
      'Failed to Register Candidacy',
      'Only verified citizens of this country can participate in this discussion.',
    ],
  ])('answers a %i refusal from the candidacy catalogue', async (status, message, title, description) => {
    serveElection([], { register: () => jsonResponse({ message }, { status }) });
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Run for Election' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Register Candidacy' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title, description, variant: 'destructive' }));
  });

  it('shows a member already standing Already Running at once', async () => {
    serveElection([makeCandidate({ topicId: election.id, userId: SELF })]);
    const card = await openCard();

    expect(await within(card).findByRole('button', { name: 'Already Running' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Run for Election' })).toBeNull();
  });

  it('counts down to the close each minute, with the exact closing time as its tooltip', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2099-06-12T07:59:30.000Z'));
    serveElection([omar]);
    const card = await openCard();

    const countdown = await within(card).findByText('Closes in 3 days 4 hours');
    expect(within(card).getByText(/^Voting is open/)).toBeTruthy();
    expect(countdown.tagName).toBe('TIME');
    expect(countdown.getAttribute('dateTime')).toBe(election.expiresAt);
    expect(countdown.getAttribute('title')).toMatch(/^Closes Jun 15, 2099, \d{1,2}:00 [AP]M$/);

    // A minute later the hours went down by one: 3 days 3 hours 59 minutes shows its two largest units.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(card).getByText('Closes in 3 days 3 hours')).toBeTruthy();
  });

  it("says 'Counting…' once the time is up and the server has not closed it, with no ballot and no candidacy", async () => {
    const ended = { ...election, expiresAt: '2020-01-01T12:00:00.000Z' };
    serveElection([omar, layla]);
    const card = await openCard(ended, false);

    await row(card, 'Omar Farouk');
    expect(within(card).getByRole('status').textContent).toContain('Counting…');
    expect(within(card).getByText('Voting has ended. The result shows here once the ballots are counted.')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByText('Winner')).toBeNull();
  });

  it('turns from open to counting at the closing time itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(Date.parse(election.expiresAt) - 20_000));
    serveElection([omar]);
    const card = await openCard();
    expect(await within(card).findByText('Closes in less than a minute')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(within(card).getByText('Counting…')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Vote for Omar Farouk' })).toBeNull();
  });

  it('shows the result once closed: the winner highlighted and named, the final counts, no ballot buttons', async () => {
    const closed = { ...election, status: 'closed' as const, winnerId: omar.userId };
    serveElection([omar, layla]);
    const card = await openCard(closed, false);

    const winner = await row(card, 'Omar Farouk');
    expect(within(winner).getByText('Winner')).toBeTruthy();
    expect(within(winner).getByText('5 votes · 2 direct ballots')).toBeTruthy();
    expect(within(await row(card, 'Layla Nasser')).queryByText('Winner')).toBeNull();
    expect(within(await row(card, 'Layla Nasser')).getByText('1 vote · 1 direct ballot')).toBeTruthy();
    const result = within(card).getByRole('status');
    expect(result.textContent).toContain('Final result');
    expect(result.textContent).toContain('Omar Farouk wins with 5 votes.');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByText(/Closes in/)).toBeNull();
  });

  it('says a closed election without a winner had no ballot that carried weight', async () => {
    const closed = { ...election, status: 'closed' as const, winnerId: null };
    serveElection([{ ...layla, voteCount: 0, directVotes: 0 }]);
    const card = await openCard(closed, false);

    await row(card, 'Layla Nasser');
    expect(within(card).getByRole('status').textContent).toContain('The election closed without a winner: no ballot carried weight.');
    expect(within(card).queryByText('Winner')).toBeNull();
  });

  it('shows a visitor the candidates and where the election stands, with nothing to press', async () => {
    serveElection([omar]);
    renderWithQueries(<CandidatesCard topic={{ ...election, canParticipate: false }} userId={undefined} canTakePart={false} />);
    const card = await screen.findByRole('region', { name: 'Candidates' });

    expect(within(await row(card, 'Omar Farouk')).getByText('Fair trade for all.')).toBeTruthy();
    expect(within(card).getByText(/^Closes in/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Vote for Omar Farouk' }).hasAttribute('disabled')).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Run for Election' })).toBeNull();
  });
});
