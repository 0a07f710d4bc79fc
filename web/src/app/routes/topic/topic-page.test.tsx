import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeOpinion, makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { lastToast } from '../../../test/toasts';
import { makeGroup } from '../../../test/group-fixtures';
import { makeDelegation, makeGroupDelegation, makeReceipt } from '../../../test/delegation-fixtures';
import { makeCandidate } from '../../../test/election-fixtures';
import type { ElectionResultView, SupportResultView } from '../../../features/elections/api/get-topic-result';

const user = makeUser({ id: 'member-1' });
const member = serveCurrentUser(user);

function statValue(region: HTMLElement, label: string): string | null | undefined {
  return within(region).getByText(label).nextElementSibling?.textContent;
}

describe('topic page', () => {
  it("says 'Loading topic...' until the topic is in", async () => {
    const topic = makeTopic();
    mockFetchHolding(`/api/topics/${topic.id}`, member, serveTopic(topic));
    renderApp(`/topic/${topic.id}`);

    expect(await screen.findByText('Loading topic...')).toBeTruthy();
  });

  it("says 'Topic not found' for a topic that does not exist (or was deleted)", async () => {
    mockFetch(member, () => jsonResponse({ message: 'Topic not found' }, { status: 404 }));
    const { location } = renderApp('/topic/00000000-0000-4000-8000-999999999999');

    expect(await screen.findByText('Topic not found')).toBeTruthy();
    // With a way back (issue #32, secondary states).
    act(() => screen.getByRole('link', { name: 'Back to the dashboard' }).click());
    expect(location.history.at(-1)).toBe('/');
  });

  it('shows the type, title, description, expiry, the way back, and numbers from the stats', async () => {
    const topic = makeTopic({ type: 'dispute_resolution', groupId: 1682 });
    mockFetch(member, serveTopic(topic, { stats: makeStats({ participants: 13, totalVotes: 58 }) }));
    renderApp(`/topic/${topic.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: topic.title })).toBeTruthy();
    const header = screen.getByRole('region', { name: topic.title });
    expect(within(header).getByText('Dispute Resolution')).toBeTruthy();
    expect(within(header).getByText(topic.description)).toBeTruthy();
    expect(within(header).getByText('Expires Jun 15, 2099')).toBeTruthy();
    expect(await within(header).findByText('13 participants')).toBeTruthy();
    expect(within(header).getByText('58 votes cast')).toBeTruthy();
    // Older than a week: the date, worded as on the topic card.
    expect(within(header).getByText(/Started by Omar Farouk · Mar 01, 2025/)).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Back to group' }).getAttribute('href')).toBe('/group/1682');
  });

  it('fills the statistics card from the server, nothing fixed', async () => {
    const topic = makeTopic();
    mockFetch(
      member,
      serveTopic(topic, {
        stats: makeStats({ totalOpinions: 7, support: 31, oppose: 12, participants: 9, totalVotes: 43 }),
      }),
    );
    renderApp(`/topic/${topic.id}`);

    const card = await screen.findByRole('region', { name: 'Topic Statistics' });
    await within(card).findByText('Total Opinions');
    expect(statValue(card, 'Total Opinions')).toBe('7');
    expect(statValue(card, 'Support')).toBe('31');
    expect(statValue(card, 'Oppose')).toBe('12');
    expect(statValue(card, 'Participants')).toBe('9');
    expect(statValue(card, 'Total Votes')).toBe('43');
    expect(document.body.textContent).not.toMatch(/892|564|47 participants/);
  });

  it('shows the first opinion as the Top Opinion and the rest as Other Opinions', async () => {
    const topic = makeTopic();
    const top = makeOpinion({
      topicId: topic.id,
      content: 'Make it 30 km/h',
      user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null },
      supportCount: 5,
      opposeCount: 1,
      voteCount: 4,
    });
    const second = makeOpinion({
      topicId: topic.id,
      content: 'Add speed bumps instead',
      user: { firstName: 'Karim', lastName: 'Saleh', profileImageUrl: null },
      supportCount: 1,
      opposeCount: 3,
      voteCount: -2,
      myVote: 'oppose',
    });
    mockFetch(member, serveTopic(topic, { opinions: () => [top, second] }));
    renderApp(`/topic/${topic.id}`);

    const topCard = await screen.findByRole('region', { name: 'Top Opinion' });
    const topOpinion = await within(topCard).findByRole('article', { name: 'Opinion by Layla Nasser' });
    expect(within(topOpinion).getByText('Make it 30 km/h')).toBeTruthy();
    expect(within(topOpinion).getByRole('button', { name: 'Support 5' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(topOpinion).getByRole('button', { name: 'Oppose 1' })).toBeTruthy();
    expect(within(topOpinion).getByText('Net +4')).toBeTruthy();

    const others = screen.getByRole('region', { name: 'Other Opinions' });
    const other = within(others).getByRole('article', { name: 'Opinion by Karim Saleh' });
    expect(within(other).getByText('Add speed bumps instead')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Oppose 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(other).getByText('Net -2')).toBeTruthy();
    expect(within(others).queryByText('Make it 30 km/h')).toBeNull();
  });

  it('says when there are no opinions yet', async () => {
    const topic = makeTopic();
    mockFetch(member, serveTopic(topic));
    renderApp(`/topic/${topic.id}`);

    const topCard = await screen.findByRole('region', { name: 'Top Opinion' });
    expect(within(topCard).getByText(/No opinions yet/)).toBeTruthy();
    const others = screen.getByRole('region', { name: 'Other Opinions' });
    expect(within(others).getByText('No other opinions yet.')).toBeTruthy();
  });

  it('marks a closed topic, and closes its composer and votes', async () => {
    const topic = makeTopic({ status: 'closed', canParticipate: false });
    mockFetch(member, serveTopic(topic, { opinions: () => [makeOpinion({ topicId: topic.id })] }));
    renderApp(`/topic/${topic.id}`);

    await screen.findByRole('heading', { level: 1, name: topic.title });
    expect(screen.getAllByText('Closed').length).toBeGreaterThan(0);
    const composer = screen.getByRole('region', { name: 'Share Your Opinion' });
    expect(within(composer).getByText(/This topic is closed/)).toBeTruthy();
    expect(within(composer).queryByRole('textbox')).toBeNull();
    const topCard = await screen.findByRole('region', { name: 'Top Opinion' });
    expect((await within(topCard).findByRole('button', { name: /^Support/ })).hasAttribute('disabled')).toBe(true);
  });

  it("says 'Expired' once the expiry passed, before the server closed it", async () => {
    const topic = makeTopic({ expiresAt: '2020-01-01T12:00:00.000Z' });
    mockFetch(member, serveTopic(topic));
    renderApp(`/topic/${topic.id}`);

    await screen.findByRole('heading', { level: 1, name: topic.title });
    expect(screen.getAllByText('Expired').length).toBeGreaterThan(0);
  });
});

describe('deleting a topic', () => {
  it('offers Delete Topic to the creator only', async () => {
    const theirs = makeTopic();
    mockFetch(member, serveTopic(theirs));
    const { unmount } = renderApp(`/topic/${theirs.id}`);
    await screen.findByRole('heading', { level: 1, name: theirs.title });
    expect(screen.queryByRole('button', { name: 'Delete Topic' })).toBeNull();
    unmount();

    const mine = makeTopic({ createdBy: user.id });
    mockFetch(member, serveTopic(mine));
    renderApp(`/topic/${mine.id}`);
    expect(await screen.findByRole('button', { name: 'Delete Topic' })).toBeTruthy();
  });

  it('asks first, deletes, then goes back to the group', async () => {
    const topic = makeTopic({ createdBy: user.id, groupId: 1682 });
    const fetchMock = mockFetch(member, serveTopic(topic), ({ url, init }) =>
      init?.method === 'DELETE' && url === `/api/topics/${topic.id}` ? jsonResponse({ position: '5' }) : undefined,
    );
    const { location } = renderApp(`/topic/${topic.id}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Topic' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Topic' });
    expect(within(dialog).getByText('Are you sure you want to delete this topic? This action cannot be undone.')).toBeTruthy();

    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(fetchMock)).not.toContain(`DELETE /api/topics/${topic.id}`);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Topic' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/group/1682'));
    expect(requestsOf(fetchMock).filter((request) => request.startsWith('DELETE'))).toEqual([`DELETE /api/topics/${topic.id}`]);
  });

  it('says so when the delete fails, and stays', async () => {
    const topic = makeTopic({ createdBy: user.id });
    mockFetch(member, serveTopic(topic), ({ init }) => (init?.method === 'DELETE' ? new Response('Internal Server Error', { status: 500 }) : undefined));
    const { location } = renderApp(`/topic/${topic.id}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Topic' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete topic. Please try again.')).toBeTruthy();
    expect(lastToast()).toMatchObject({ variant: 'destructive' });
    expect(location.history.at(-1)).toBe(`/topic/${topic.id}`);
  });
});

describe('delegation and elections on the topic page', () => {
  it("shows the vote delegation card for the topic's group, and a receipt per opinion", async () => {
    const topic = makeTopic({ groupId: 7 });
    const opinion = makeOpinion({ topicId: topic.id });
    mockFetch(member, serveTopic(topic, { opinions: () => [opinion] }), ({ url }) => {
      if (url === '/api/groups/7') return jsonResponse(makeGroup({ id: 7, name: 'International', department: 'international', canParticipate: true }));
      if (url === '/api/delegations/7') return jsonResponse(makeGroupDelegation(7, { delegation: makeDelegation({ groupId: 7 }) }));
      if (url === `/api/opinions/${opinion.id}/receipt`) return jsonResponse(makeReceipt({ opinionId: opinion.id }));
      return undefined;
    });
    renderApp(`/topic/${topic.id}`);

    const delegation = await screen.findByRole('region', { name: 'Vote Delegation' });
    expect(await within(delegation).findByText('Omar Farouk')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Candidates' })).toBeNull();

    const card = await screen.findByRole('article', { name: 'Opinion by Layla Nasser' });
    fireEvent.click(within(card).getByRole('button', { name: 'My vote receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Vote Receipt' });
    expect(await within(receipt).findByText('Amina Haddad -> Omar Farouk (support)')).toBeTruthy();
  });

  it('gives an election a layout of its own: candidates and a countdown, no opinions, composer, timeline or opinion numbers', async () => {
    const topic = makeTopic({ type: 'election', groupId: 7 });
    const fetchMock = mockFetch(member, serveTopic(topic, { stats: makeStats({ participants: 4 }) }), ({ url }) =>
      url === `/api/topics/${topic.id}/candidates` ? jsonResponse([makeCandidate({ topicId: topic.id, statement: 'Open budgets.' })]) : undefined,
    );
    renderApp(`/topic/${topic.id}`);

    const candidates = await screen.findByRole('region', { name: 'Candidates' });
    const omar = await within(candidates).findByRole('listitem', { name: 'Candidate Omar Farouk' });
    expect(within(omar).getByText('Open budgets.')).toBeTruthy();
    expect(within(candidates).getByRole('button', { name: 'Run for Election' })).toBeTruthy();
    expect(within(candidates).getByText(/^Closes in/)).toBeTruthy();
    const header = screen.getByRole('region', { name: topic.title });
    expect(await within(header).findByText('4 participants')).toBeTruthy();
    expect(
      within(header)
        .getByText(/^Closes in/)
        .getAttribute('title'),
    ).toMatch(/^Closes Jun 15, 2099/);
    // Ballots are not votes on opinions: the header does not count them as such.
    expect(within(header).queryByText(/votes? cast/)).toBeNull();
    for (const name of ['Top Opinion', 'Share Your Opinion', 'Other Opinions', 'Timeline', 'Topic Statistics']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    // (A first visit prefetches the opinions before the type is known; nothing reads them again.)
    expect(requestsOf(fetchMock).filter((request) => request.includes('timeline'))).toEqual([]);
    // The chat stays.
    expect(within(header).getByRole('button', { name: /Join Discussion/ })).toBeTruthy();
  });

  it("shows an ended election 'Counting…' and then, once the server closed it, the result", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ended = makeTopic({ type: 'election', groupId: 7, expiresAt: '2020-01-01T12:00:00.000Z' });
    const winner = makeCandidate({ topicId: ended.id, voteCount: 3, directVotes: 3 });
    let topic = ended;
    mockFetch(
      member,
      ({ url }) => (url === `/api/topics/${ended.id}` ? jsonResponse(topic) : undefined),
      serveTopic(ended),
      ({ url }) => (url === `/api/topics/${ended.id}/candidates` ? jsonResponse([winner]) : undefined),
    );
    renderApp(`/topic/${ended.id}`);

    const candidates = await screen.findByRole('region', { name: 'Candidates' });
    expect(await within(candidates).findByText('Counting…')).toBeTruthy();
    expect(within(candidates).queryByRole('button', { name: /Vote for/ })).toBeNull();

    // The scheduler closes it and counts: the page reads the topic again while counting.
    topic = { ...ended, status: 'closed', winnerId: winner.userId };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await within(candidates).findByText('Final result')).toBeTruthy();
    expect(within(candidates).getByText('Winner')).toBeTruthy();
    expect(within(candidates).getByRole('status').textContent).toContain('Omar Farouk wins with 3 votes.');
    expect(within(screen.getByRole('region', { name: ended.title })).getAllByText('Closed').length).toBeGreaterThan(0);
  });
});

describe('quorum and majority on the topic page (issue #34 item 3)', () => {
  it("shows a law amendment's quorum under its type, and its result by support and oppose", async () => {
    const topic = makeTopic({ type: 'law_amendment', quorumPercent: 10 });
    const opinion = makeOpinion({ topicId: topic.id, content: 'Make it 30 km/h', weightedSupport: 3 });
    const result: SupportResultView = {
      kind: 'support',
      topicId: topic.id,
      status: 'active',
      opinions: [{ opinionId: opinion.id, supportCount: 3, opposeCount: 0, weightedSupport: 3, weightedOppose: 0 }],
      leaderOpinionId: opinion.id,
      enactedOpinionId: null,
      asOf: null,
      quorum: { percent: 10, eligibleWeight: 40, participatingWeight: 3, reached: false },
      decidedBy: null,
    };
    mockFetch(member, serveTopic(topic, { opinions: () => [opinion] }), ({ url }) =>
      url === `/api/topics/${topic.id}/result` ? jsonResponse(result) : undefined,
    );
    renderApp(`/topic/${topic.id}`);

    const header = await screen.findByRole('region', { name: topic.title });
    expect(within(header).getByText("Quorum: 10% of the group's eligible weight must take part")).toBeTruthy();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByText('Took part: 3 of 40 eligible (7%) · quorum 10%: not reached yet')).toBeTruthy();
    expect(within(results).getByText('The leading opinion needs more than half of the weight that took part (more than 1.5).')).toBeTruthy();
    // The discussion stays as it was: the top opinion with its votes.
    expect(screen.getByRole('region', { name: 'Top Opinion' })).toBeTruthy();
  });

  it('a topic opened before quorums shows no quorum line', async () => {
    const topic = makeTopic({ type: 'family_discussion', groupId: 1 });
    mockFetch(member, serveTopic(topic));
    renderApp(`/topic/${topic.id}`);

    const header = await screen.findByRole('region', { name: topic.title });
    expect(await within(header).findByText('Family Discussion')).toBeTruthy();
    expect(within(header).queryByText(/quorum/i)).toBeNull();
    // Not a law: no result card either.
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
  });

  it('tells of a plurality election closed without a winner for want of its quorum', async () => {
    const topic = makeTopic({ type: 'election', groupId: 7, status: 'closed', quorumPercent: 20 });
    const candidate = makeCandidate({ topicId: topic.id, voteCount: 1, directVotes: 1 });
    const result: ElectionResultView = {
      kind: 'election',
      topicId: topic.id,
      method: 'plurality',
      status: 'closed',
      candidates: [{ candidateId: candidate.id, userId: candidate.userId, user: candidate.user, directCount: 1, weightedCount: 1 }],
      ballotWeight: 1,
      ballotCount: 1,
      leaderCandidateId: null,
      winnerCandidateId: null,
      pairwise: null,
      strongestPaths: null,
      schulzeWinners: null,
      asOf: null,
      quorum: { percent: 20, eligibleWeight: 10, participatingWeight: 1, reached: false },
      decidedBy: 'quorum_not_reached',
    };
    mockFetch(member, serveTopic(topic), ({ url }) => {
      if (url === `/api/topics/${topic.id}/candidates`) return jsonResponse([candidate]);
      if (url === `/api/topics/${topic.id}/result`) return jsonResponse(result);
      return undefined;
    });
    renderApp(`/topic/${topic.id}`);

    const candidates = await screen.findByRole('region', { name: 'Candidates' });
    expect(await within(candidates).findByText('The election closed without a winner: the Results say why.')).toBeTruthy();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByText('Not enough of the group took part: nothing was decided.')).toBeTruthy();
    expect(within(results).getByText('Took part: 1 of 10 eligible (10%) · quorum 20%: not reached')).toBeTruthy();
  });
});
