import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { delegationReply, makeDelegate, makeDelegation, makeGroupDelegation } from '../../../test/delegation-fixtures';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import type { GroupDelegationView } from '../api/get-group-delegation';
import { VoteDelegationCard, carriedWeightLine } from './vote-delegation-card';

const GROUP_ID = 7;
const SELF = '00000000-0000-4000-8000-00000000aaaa';
const URL = `/api/delegations/${GROUP_ID}`;
const omar = makeDelegate({ firstName: 'Omar', lastName: 'Farouk' });

/** GET/POST/DELETE of the member's delegation in group 7, as the server keeps it. */
function serveGroupDelegation(initial: GroupDelegationView, { create, cancel }: { create?: Route; cancel?: Route } = {}) {
  let state = initial;
  return mockFetch((request) => {
    const { url, init } = request;
    const method = init?.method ?? 'GET';
    if (url === URL && method === 'GET') return jsonResponse(state);
    if (url === '/api/delegates/search') return jsonResponse({ delegates: [omar] });
    if (url === '/api/delegations' && method === 'POST') {
      const answer = create?.(request);
      if (answer) return answer;
      const { delegateId } = sentBody(init) as { delegateId: string };
      const delegation = makeDelegation({ groupId: GROUP_ID, delegateId, delegate: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null } });
      state = { ...state, delegation };
      return jsonResponse(delegationReply(delegation));
    }
    if (url === URL && method === 'DELETE') {
      const answer = cancel?.(request);
      if (answer) return answer;
      state = { ...state, delegation: null };
      return jsonResponse(delegationReply(null));
    }
    return undefined;
  });
}

async function openCard(nameSearch = true, canDelegate = true) {
  renderWithQueries(<VoteDelegationCard groupId={GROUP_ID} userId={SELF} nameSearch={nameSearch} canDelegate={canDelegate} />);
  return screen.findByRole('region', { name: 'Vote Delegation' });
}

describe('vote delegation card', () => {
  it('says the member has no delegate here, offers the search and the user-ID form, and shows their own id', async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID));
    const card = await openCard();

    expect(await within(card).findByText(/You have no delegate in this group/)).toBeTruthy();
    expect(within(card).getByRole('search', { name: 'Search delegates' })).toBeTruthy();
    expect(within(card).getByRole('form', { name: 'Delegate by user ID' })).toBeTruthy();
    expect(within(card).getByText(SELF)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel Delegation' })).toBeNull();
  });

  it('shows the current delegate, and the weight the member carries for others', async () => {
    const delegation = makeDelegation({ groupId: GROUP_ID, delegate: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null } });
    serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation, carried: { directDelegators: 2, weight: 5 } }));
    const card = await openCard();

    expect(await within(card).findByText('Layla Nasser')).toBeTruthy();
    expect(within(card).getByText('Since Mar 02, 2025')).toBeTruthy();
    expect(within(card).getByText('You carry 5 votes from 2 members')).toBeTruthy();
    // The forms wait for Change Delegate.
    expect(within(card).queryByRole('form', { name: 'Delegate by user ID' })).toBeNull();
  });

  it('words the carried weight in the singular, and says nothing when nobody lends to the member', () => {
    expect(carriedWeightLine({ directDelegators: 1, weight: 1 })).toBe('You carry 1 vote from 1 member');
    expect(carriedWeightLine({ directDelegators: 0, weight: 0 })).toBeNull();
  });

  it('changes the delegate through the name search, with POST /api/delegations', async () => {
    const delegation = makeDelegation({ groupId: GROUP_ID, delegate: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null } });
    const fetchMock = serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation }));
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Change Delegate' }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'Name' }), { target: { value: 'Omar' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(card).findByRole('button', { name: 'Delegate Omar Farouk' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Delegation created' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegates/search')[0]?.[1])).toEqual({ username: 'Omar', groupId: GROUP_ID });
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegations')[0]?.[1])).toEqual({ delegateId: omar.id, groupId: GROUP_ID });
    expect(await within(card).findByText('Omar Farouk')).toBeTruthy();
    expect(within(card).queryByText('Layla Nasser')).toBeNull();
  });

  it("delegates by user ID: 'Please enter a user ID to delegate to.' first, then the call", async () => {
    const fetchMock = serveGroupDelegation(makeGroupDelegation(GROUP_ID));
    const card = await openCard(false);
    const form = await within(card).findByRole('form', { name: 'Delegate by user ID' });
    // Where names cannot be searched, the user-ID form is the way.
    expect(within(card).queryByRole('search')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect(await within(form).findByText('Please enter a user ID to delegate to.')).toBeTruthy();
    expect(requestsOf(fetchMock)).not.toContain('POST /api/delegations');

    fireEvent.change(within(form).getByRole('textbox', { name: "Delegate's user ID" }), { target: { value: ` ${omar.id} ` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delegate' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Delegation created' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegations')[0]?.[1])).toEqual({ delegateId: omar.id, groupId: GROUP_ID });
  });

  it("says 'Failed to create delegation. Please check the user ID and try again.' when refused", async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID), {
      create: () => jsonResponse({ message: 'No member with that user ID was found.' }, { status: 404 }),
    });
    const card = await openCard(false);
    const form = await within(card).findByRole('form', { name: 'Delegate by user ID' });

    fireEvent.change(within(form).getByRole('textbox', { name: "Delegate's user ID" }), { target: { value: 'nobody' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delegate' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to create delegation. Please check the user ID and try again.',
        description: 'No member with that user ID was found.',
        variant: 'destructive',
      }),
    );
  });

  it('cancels the delegation with DELETE /api/delegations/<groupId>', async () => {
    const fetchMock = serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation: makeDelegation({ groupId: GROUP_ID }) }));
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Cancel Delegation' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Delegation cancelled' }));
    expect(requestsOf(fetchMock)).toContain(`DELETE ${URL}`);
    expect(await within(card).findByText(/You have no delegate in this group/)).toBeTruthy();
  });

  it("says 'Failed to cancel delegation. Please try again.' when cancelling fails", async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation: makeDelegation({ groupId: GROUP_ID }) }), {
      cancel: () => new Response('Internal Server Error', { status: 500 }),
    });
    const card = await openCard();

    fireEvent.click(await within(card).findByRole('button', { name: 'Cancel Delegation' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to cancel delegation. Please try again.', variant: 'destructive' }));
    expect(within(card).getByText('Omar Farouk')).toBeTruthy();
  });

  it('offers no delegation to a member who does not take part in the group, but lets an old one be cancelled', async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID));
    const card = await openCard(true, false);
    expect(await within(card).findByText(/you have none to delegate/)).toBeTruthy();
    expect(within(card).queryByRole('search')).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Delegate by user ID' })).toBeNull();
    cleanup();

    serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation: makeDelegation({ groupId: GROUP_ID }) }));
    const withDelegate = await openCard(true, false);
    expect(await within(withDelegate).findByRole('button', { name: 'Cancel Delegation' })).toBeTruthy();
    expect(within(withDelegate).queryByRole('button', { name: 'Change Delegate' })).toBeNull();
  });
});
