import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { delegationReply, makeDelegate, makeDelegation } from '../../../test/delegation-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { DelegationView } from '../api/get-user-delegations';
import { FindDelegatesDialog } from './find-delegates-dialog';

const SELF = 'member-1';
const international = makeGroup({ name: 'International', department: 'international', canParticipate: true });
const alliance = makeGroup({ name: 'Alliance', department: 'alliance', canParticipate: false });
const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
const france = makeNationalGroup('France');
const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
const family = makeGroup({ name: "Amina's Family", department: 'family', canParticipate: true, isMember: true });
const groups = [international, alliance, saudiArabia, france, islam, family];

const omar = makeDelegate({ firstName: 'Omar', lastName: 'Farouk', email: 'omar@example.com', isVerified: true });
const layla = makeDelegate({ firstName: 'Layla', lastName: 'Nasser', email: 'layla@example.com', isVerified: false });

interface ServerOptions {
  delegations?: DelegationView[];
  search?: Route;
  assign?: Route;
  remove?: Route;
}

/** The delegation calls as the server answers them; assign and remove change what the list reads next. */
function serveDelegation({ delegations: initial = [], search, assign, remove }: ServerOptions = {}) {
  let delegations = initial;
  const route: Route = (request) => {
    const { url, init } = request;
    if (url === '/api/user/delegations') return jsonResponse(delegations);
    if (url === '/api/delegates/search' && init?.method === 'POST') return search?.(request) ?? jsonResponse({ delegates: [omar, layla] });
    if (url === '/api/delegates/assign' && init?.method === 'POST') {
      const answer = assign?.(request);
      if (answer) return answer;
      const body = sentBody(init) as { delegateId: string; groupId: number };
      const delegation = makeDelegation({
        groupId: body.groupId,
        delegateId: body.delegateId,
        delegatorId: SELF,
        delegate: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
      });
      delegations = [delegation, ...delegations.map((old) => (old.groupId === body.groupId ? { ...old, isActive: false } : old))];
      return jsonResponse(delegationReply(delegation));
    }
    const removal = /^\/api\/delegates\/(.+)$/.exec(url);
    if (removal && init?.method === 'DELETE') {
      const answer = remove?.(request);
      if (answer) return answer;
      delegations = delegations.map((old) => (old.id === removal[1] ? { ...old, isActive: false } : old));
      return jsonResponse(delegationReply(null));
    }
    return undefined;
  };
  return mockFetch(route);
}

function openDialog() {
  renderWithQueries(<FindDelegatesDialog open onClose={() => {}} groups={groups} userId={SELF} />);
  return screen.getByRole('dialog', { name: 'Find and Manage Delegates' });
}

function search(dialog: HTMLElement, name: string, group?: typeof international) {
  if (group) fireEvent.change(within(dialog).getByRole('combobox', { name: 'Group' }), { target: { value: String(group.id) } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
}

describe('Find and Manage Delegates dialog', () => {
  it('offers the National, International and Alliance groups the member takes part in, by name', () => {
    serveDelegation();
    const dialog = openDialog();

    const picker = within(dialog).getByRole('combobox', { name: 'Group' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a group', 'International', 'Saudi Arabia']);
  });

  it("checks the name and the group before asking: 'Please enter a name', 'Please select a group'", async () => {
    const fetchMock = serveDelegation();
    const dialog = openDialog();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeTruthy();
    expect(within(dialog).getByText('Please select a group')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Omar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Please select a group')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter a name')).toBeNull();
    expect(requestsOf(fetchMock)).not.toContain('POST /api/delegates/search');
  });

  it('searches by name within the chosen group, the id sent as a number, and lists who answers', async () => {
    const fetchMock = serveDelegation();
    const dialog = openDialog();

    search(dialog, '  omar ', international);

    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    const rows = within(results).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Farouk|Nasser/).textContent)).toEqual(['Omar Farouk', 'Layla Nasser']);
    expect(within(rows[0]!).getByText('Verified')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Verified')).toBeNull();
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegates/search')[0]?.[1])).toEqual({ username: 'omar', groupId: international.id });
  });

  it("says 'No Results' when nobody matches", async () => {
    serveDelegation({ search: () => jsonResponse({ delegates: [] }) });
    const dialog = openDialog();

    search(dialog, 'Zed', saudiArabia);

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'No Results', description: 'No users found with that username.' }));
    expect(within(dialog).queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it("says 'Failed to search for delegates' with the server's reason", async () => {
    serveDelegation({ search: () => jsonResponse({ message: 'Group not found' }, { status: 404 }) });
    const dialog = openDialog();

    search(dialog, 'Omar', international);

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to search for delegates', description: 'Group not found', variant: 'destructive' }));
  });

  it('assigns the chosen delegate in the searched group and lists the delegation', async () => {
    const fetchMock = serveDelegation();
    const dialog = openDialog();
    expect(await within(dialog).findByText('You have not delegated your vote in any group.')).toBeTruthy();

    search(dialog, 'Omar', international);
    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    fireEvent.click(within(results).getByRole('button', { name: 'Delegate Omar Farouk' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Voting power delegated successfully!' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegates/assign')[0]?.[1])).toEqual({ delegateId: omar.id, groupId: international.id });
    const list = await within(dialog).findByRole('list', { name: 'Your Delegations' });
    expect(within(list).getByRole('listitem', { name: 'International: Omar Farouk' })).toBeTruthy();
    // The current delegate is marked in the results, not offered again.
    expect(await within(results).findByText('Your delegate')).toBeTruthy();
    expect(within(results).queryByRole('button', { name: 'Delegate Omar Farouk' })).toBeNull();
  });

  it("says 'Failed to delegate voting power' with the server's reason", async () => {
    serveDelegation({
      assign: () => jsonResponse({ message: 'This member cannot take part in this group, so they cannot be your delegate.' }, { status: 403 }),
    });
    const dialog = openDialog();

    search(dialog, 'Layla', international);
    fireEvent.click(within(await within(dialog).findByRole('list', { name: 'Search results' })).getByRole('button', { name: 'Delegate Layla Nasser' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to delegate voting power',
        description: 'This member cannot take part in this group, so they cannot be your delegate.',
        variant: 'destructive',
      }),
    );
  });

  it('marks the member themself in the results and never offers them', async () => {
    serveDelegation({ search: () => jsonResponse({ delegates: [makeDelegate({ id: SELF, firstName: 'Amina', lastName: 'Haddad' })] }) });
    const dialog = openDialog();

    search(dialog, 'Amina', international);

    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Amina Haddad (you)')).toBeTruthy();
    expect(within(results).queryByRole('button')).toBeNull();
  });

  it('removes a delegation, and keeps ended ones as history', async () => {
    const current = makeDelegation({ groupId: international.id, group: { name: 'International' } });
    const ended = makeDelegation({
      groupId: saudiArabia.id,
      group: { name: 'Saudi Arabia' },
      isActive: false,
      delegate: { firstName: 'Karim', lastName: 'Saleh', profileImageUrl: null },
    });
    const fetchMock = serveDelegation({ delegations: [ended, current] });
    const dialog = openDialog();

    const list = await within(dialog).findByRole('list', { name: 'Your Delegations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['International: Omar Farouk', 'Saudi Arabia: Karim Saleh']);
    expect(within(rows[1]!).getByText('Ended')).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Remove delegation to Omar Farouk in International' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Delegation removed successfully!' }));
    expect(requestsOf(fetchMock)).toContain(`DELETE /api/delegates/${current.id}`);
    await waitFor(() => expect(within(list).queryByRole('button', { name: /^Remove/ })).toBeNull());
  });

  it("says 'Failed to remove delegation' when the server refuses", async () => {
    const current = makeDelegation({ groupId: international.id });
    serveDelegation({ delegations: [current], remove: () => jsonResponse({ message: 'Delegation not found' }, { status: 404 }) });
    const dialog = openDialog();

    fireEvent.click(await within(dialog).findByRole('button', { name: /^Remove delegation/ }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Failed to remove delegation', description: 'Delegation not found', variant: 'destructive' }),
    );
  });

  it('tells a member who takes part in no such group how to get there', () => {
    serveDelegation();
    renderWithQueries(<FindDelegatesDialog open onClose={() => {}} groups={[france, islam, family]} userId={SELF} />);
    const dialog = screen.getByRole('dialog', { name: 'Find and Manage Delegates' });

    expect(within(dialog).getByText(/You do not take part in a National, International or Alliance group yet/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Search' })).toBeNull();
  });
});
