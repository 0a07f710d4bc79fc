import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeCandidate, makeMainElection } from '../../../test/election-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import type { CandidateView } from '../api/get-candidates';
import { lastToast } from '../../../test/toasts';
import type { Group } from '../../../lib/api/group';
import type { MainElectionView } from '../api/get-main-election';
import { LeadershipElectionCard } from './leadership-election-card';

const SELF = '00000000-0000-4000-8000-00000000aaaa';
const international = makeGroup({ name: 'International', department: 'international', canParticipate: true });
const URL = `/api/groups/${international.id}/main-election`;

/** GET answers 404 until POST creates the election (or `create` answers otherwise). */
function serveMainElection(initial: MainElectionView | null, { create, candidates = [] }: { create?: Route; candidates?: CandidateView[] } = {}) {
  let election = initial;
  let standing = candidates;
  return mockFetch((request) => {
    const { url, init } = request;
    if (election && url === `/api/topics/${election.id}/candidates`) {
      if (init?.method !== 'POST') return jsonResponse(standing);
      const candidate = makeCandidate({ topicId: election.id, userId: SELF, groupId: international.id });
      standing = [...standing, candidate];
      election = { ...election, candidateCount: standing.length };
      return jsonResponse({ position: '0000000000000004-0000000000000001', candidate }, { status: 201 });
    }
    if (url !== URL) return undefined;
    if (init?.method === 'POST') {
      const answer = create?.(request);
      if (answer) return answer;
      election = makeMainElection({ groupId: international.id, title: 'International leadership election' });
      return jsonResponse({ position: '0000000000000003-0000000000000001', election }, { status: 201 });
    }
    return election ? jsonResponse(election) : jsonResponse({ message: 'No main election' }, { status: 404 });
  });
}

function openCard(group: Group = international) {
  renderWithQueries(<LeadershipElectionCard group={group} userId={SELF} />);
  return screen.findByRole('region', { name: 'Leadership Election' });
}

describe('leadership election card', () => {
  it('initializing: no election yet (404), and a member who takes part starts one', async () => {
    const fetchMock = serveMainElection(null);
    const card = await openCard();

    expect(await within(card).findByText('Initializing')).toBeTruthy();
    expect(within(card).getByText(/International has not elected a leader yet/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Start Leadership Election' }));
    // Asked first: nothing is sent until the member confirms, and Cancel sends nothing.
    const ask = await screen.findByRole('dialog', { name: 'Start a leadership election in International?' });
    expect(ask.textContent).toContain('It opens now and runs for 14 days.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(fetchMock)).not.toContain(`POST ${URL}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Start Leadership Election' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start Election' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Main Election Created!' }));
    expect(requestsOf(fetchMock)).toContain(`POST ${URL}`);
    expect(await within(card).findByText('Active')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'International leadership election' })).toBeTruthy();
  });

  it('asks how the election is counted when starting it: one candidate by default, or the method picked', async () => {
    const fetchMock = serveMainElection(null);
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Start Leadership Election' }));
    let ask = await screen.findByRole('dialog', { name: 'Start a leadership election in International?' });
    const methods = within(ask).getByRole('group', { name: 'Counting method' });
    expect(within(methods).getByRole<HTMLInputElement>('radio', { name: 'One candidate (plurality)' }).checked).toBe(true);
    expect(within(methods).getByRole('radio', { name: 'Ranked (Schulze)', description: /the candidate no other beats head to head wins\.$/ })).toBeTruthy();
    fireEvent.click(within(methods).getByRole('radio', { name: 'Ranked (Schulze)' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Start Election' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Main Election Created!' }));
    expect(requestsTo(fetchMock, 'POST', URL).map(([, init]) => sentBody(init))).toEqual([{ method: 'schulze' }]);
    cleanup();

    const again = serveMainElection(null);
    fireEvent.click(await within(await openCard()).findByRole('button', { name: 'Start Leadership Election' }));
    ask = await screen.findByRole('dialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Start Election' }));
    await waitFor(() => expect(requestsTo(again, 'POST', URL).map(([, init]) => sentBody(init))).toEqual([{ method: 'plurality' }]));
  });

  it("says 'Failed to Create Election' with the server's reason", async () => {
    serveMainElection(null, { create: () => jsonResponse({ message: 'This group already has an active main election.' }, { status: 409 }) });
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Start Leadership Election' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start Election' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to Create Election',
        description: 'This group already has an active main election.',
        variant: 'destructive',
      }),
    );
  });

  it('offers no start to a member who may not take part', async () => {
    serveMainElection(null);
    const card = await openCard(makeNationalGroup('France'));

    expect(await within(card).findByText('Initializing')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByText(/Members who take part in this group can start/)).toBeTruthy();
  });

  it('active: the election, its candidates and its end, with a way in', async () => {
    const election = makeMainElection({ groupId: international.id, candidateCount: 3 });
    serveMainElection(election);
    const card = await openCard();

    expect(await within(card).findByText('Active')).toBeTruthy();
    expect(within(card).getByText('3 candidates · ends Jun 15, 2099')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Join Election' }).getAttribute('href')).toBe(`/topic/${election.id}`);
    expect(within(card).queryByRole('button', { name: 'Start Leadership Election' })).toBeNull();
  });

  it('active: a member who takes part stands from the group page with a statement, with the {topicId, userId} form', async () => {
    const election = makeMainElection({ groupId: international.id, candidateCount: 1 });
    const fetchMock = serveMainElection(election, { candidates: [makeCandidate({ topicId: election.id })] });
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Run for Election' }));
    // Asked for the statement here too, as on the election's page (issue #32).
    const form = within(card).getByRole('form', { name: 'Run for Election' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your statement (optional)' }), { target: { value: ' Open budgets for every forum. ' } });
    expect(within(form).getByText('What voters read beside your name (31/1,000)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Register Candidacy' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Candidacy Registered!' }));
    const [request] = requestsTo(fetchMock, 'POST', `/api/topics/${election.id}/candidates`);
    expect(sentBody(request?.[1])).toEqual({ topicId: election.id, userId: SELF, statement: 'Open budgets for every forum.' });
    expect((await within(card).findByRole('button', { name: 'Already Running' })).hasAttribute('disabled')).toBe(true);
    expect(await within(card).findByText('2 candidates · ends Jun 15, 2099')).toBeTruthy();
  });

  it('active: a member already standing sees Already Running, an observer no way to stand', async () => {
    const election = makeMainElection({ groupId: international.id, candidateCount: 1 });
    serveMainElection(election, { candidates: [makeCandidate({ topicId: election.id, userId: SELF })] });
    const card = await openCard();
    expect(await within(card).findByRole('button', { name: 'Already Running' })).toBeTruthy();
    cleanup();

    const france = makeNationalGroup('France');
    const elsewhere = makeMainElection({ groupId: france.id });
    mockFetch(({ url }) => (url === `/api/groups/${france.id}/main-election` ? jsonResponse(elsewhere) : undefined));
    const observed = await openCard(france);
    expect(await within(observed).findByRole('link', { name: 'Join Election' })).toBeTruthy();
    expect(within(observed).queryByRole('button')).toBeNull();
  });

  it('active: answers a refused candidacy from the candidacy catalogue', async () => {
    const election = makeMainElection({ groupId: international.id });
    const fetchMock = mockFetch(({ url, init }) => {
      if (url === URL) return jsonResponse(election);
      if (url === `/api/topics/${election.id}/candidates`) {
        return init?.method === 'POST'
          ? jsonResponse({ message: 'Subscription required: running as a candidate needs a Civic Participation subscription.' }, { status: 403 })
          : jsonResponse([]);
      }
      return undefined;
    });
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Run for Election' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Register Candidacy' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Failed to Register', description: 'You need a Civic Participation subscription to run as a candidate.' }),
    );
    expect(requestsOf(fetchMock)).toContain(`POST /api/topics/${election.id}/candidates`);
  });

  it('winner declared: the leader, with the Leader badge', async () => {
    serveMainElection(
      makeMainElection({
        groupId: international.id,
        status: 'closed',
        candidateCount: 2,
        winner: { id: 'u-9', firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
      }),
    );
    const card = await openCard();

    expect(await within(card).findByText('Winner Declared')).toBeTruthy();
    expect(within(card).getByText('Omar Farouk')).toBeTruthy();
    expect(within(card).getByText('Leader')).toBeTruthy();
    expect(within(card).getByText('Leader of International, with a seat in the Alliance')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start New Election' })).toBeTruthy();
  });

  it('a closed election nobody won: says so and offers another', async () => {
    serveMainElection(makeMainElection({ groupId: international.id, status: 'closed' }));
    const card = await openCard();

    expect(await within(card).findByText('No Winner')).toBeTruthy();
    expect(within(card).getByText('The last leadership election closed without a winner.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start Leadership Election' })).toBeTruthy();
  });

  it('is not there for groups that elect no leader', () => {
    const fetchMock = serveMainElection(null);
    renderWithQueries(<LeadershipElectionCard group={makeGroup({ name: 'Alliance', department: 'alliance', canParticipate: true })} userId={SELF} />);

    expect(screen.queryByRole('region', { name: 'Leadership Election' })).toBeNull();
    expect(requestsOf(fetchMock)).toEqual([]);
  });
});
