import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_APPROVALS } from '@civitas/events/elections/election.contract';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeCandidate } from '../../../test/election-fixtures';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { CandidateView } from '../api/get-candidates';
import { CandidatesCard } from './candidates-card';

const SELF = '00000000-0000-4000-8000-00000000aaaa';
const election = makeTopic({ type: 'election', groupId: 7, method: 'approval' });
const BALLOT_URL = `/api/topics/${election.id}/ballot`;
const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });
const layla = makeCandidate({ topicId: election.id, user: person('Layla', 'Nasser'), createdAt: '2025-03-02T10:00:00.000Z', voteCount: 4, directVotes: 2 });
const omar = makeCandidate({ topicId: election.id, user: person('Omar', 'Farouk'), createdAt: '2025-03-02T11:00:00.000Z' });
const karim = makeCandidate({ topicId: election.id, user: person('Karim', 'Said'), createdAt: '2025-03-02T12:00:00.000Z' });

function serveApprovalElection(initial: CandidateView[], refuse?: { status: number; message: string }) {
  let candidates = initial;
  return mockFetch(({ url, init }) => {
    if (url === `/api/topics/${election.id}/candidates`) return jsonResponse(candidates);
    if (url === `/api/topics/${election.id}/result`) return jsonResponse({ message: 'Not now' }, { status: 503 });
    if (url === BALLOT_URL && init?.method === 'POST') {
      if (refuse) return jsonResponse({ message: refuse.message }, { status: refuse.status });
      const { approvals } = sentBody(init) as { approvals: string[] };
      candidates = candidates.map((candidate) => ({
        ...candidate,
        isMyChoice: approvals.includes(candidate.id),
        myRank: approvals.includes(candidate.id) ? 0 : null,
      }));
      return jsonResponse({ position: '0000000000000005-0000000000000001', topicId: election.id, candidateId: null, approvals, receipt: null });
    }
    return undefined;
  });
}

async function openBallot() {
  renderWithQueries(<CandidatesCard topic={election} userId={SELF} canTakePart />);
  const card = await screen.findByRole('region', { name: 'Candidates' });
  return { card, ballot: await within(card).findByRole('form', { name: 'Your approval ballot' }) };
}

const box = (ballot: HTMLElement, name: string) => within(ballot).getByRole<HTMLInputElement>('checkbox', { name: `Approve ${name}` });

describe('approval ballot', () => {
  it('starts from the approvals the server has, and casts { approvals } in registration order', async () => {
    const fetchMock = serveApprovalElection([{ ...karim, isMyChoice: true, myRank: 0 }, layla, omar]);
    const { card, ballot } = await openBallot();

    expect(within(card).getByText('Approval ballot: each member approves any number of candidates')).toBeTruthy();
    expect(within(await within(card).findByRole('listitem', { name: 'Candidate Layla Nasser' })).getByText('4 approvals · 2 direct ballots')).toBeTruthy();
    expect(
      within(ballot)
        .getAllByRole('checkbox')
        .map((input) => input.closest('label')?.textContent),
    ).toEqual(['Approve Layla Nasser', 'Approve Omar Farouk', 'Approve Karim Said']);
    expect(box(ballot, 'Karim Said').checked).toBe(true);
    expect(box(ballot, 'Layla Nasser').checked).toBe(false);

    fireEvent.click(box(ballot, 'Omar Farouk'));
    fireEvent.click(box(ballot, 'Layla Nasser'));
    expect(within(ballot).getByText('Your changes are not cast yet.')).toBeTruthy();
    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Ballot cast', description: 'You approve 3 candidates.' }));
    expect(requestsTo(fetchMock, 'POST', BALLOT_URL).map(([, init]) => sentBody(init))).toEqual([{ approvals: [layla.id, omar.id, karim.id] }]);
    await waitFor(() => expect(within(ballot).queryByText('Your changes are not cast yet.')).toBeNull());

    // Unticking one casts the rest: the new ballot replaces the old whole.
    fireEvent.click(box(ballot, 'Karim Said'));
    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', BALLOT_URL)).toHaveLength(2));
    expect(sentBody(requestsTo(fetchMock, 'POST', BALLOT_URL)[1]?.[1])).toEqual({ approvals: [layla.id, omar.id] });
    await waitFor(() => expect(lastToast()).toMatchObject({ description: 'You approve 2 candidates.' }));
  });

  it("shows the server's refusal of an empty ballot in the form", async () => {
    serveApprovalElection([layla, omar], { status: 400, message: EMPTY_APPROVALS });
    const { ballot } = await openBallot();

    fireEvent.click(within(ballot).getByRole('button', { name: 'Cast ballot' }));
    expect(await within(ballot).findByText('Approve at least one candidate.')).toBeTruthy();
    fireEvent.click(box(ballot, 'Layla Nasser'));
    expect(within(ballot).queryByText('Approve at least one candidate.')).toBeNull();
  });
});
