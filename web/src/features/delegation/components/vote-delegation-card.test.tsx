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

async function openCard(canDelegate = true) {
  renderWithQueries(<VoteDelegationCard groupId={GROUP_ID} userId={SELF} canDelegate={canDelegate} />);
  return screen.findByRole('region', { name: 'Vote Delegation' });
}

describe('vote delegation card', () => {
  it('says the member has no delegate here and offers the name search, never a user ID to type or read', async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID));
    const card = await openCard();

    expect(await within(card).findByText(/You have no delegate in this group/)).toBeTruthy();
    expect(within(card).getByRole('search', { name: 'Search delegates' })).toBeTruthy();
    expect(within(card).getByRole('form', { name: 'Delegate your vote' })).toBeTruthy();
    // Issue #32: no raw id on screen, nor a field asking for one.
    expect(card.textContent).not.toContain(SELF);
    expect(card.textContent).not.toMatch(/user ID/i);
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
    expect(within(card).queryByRole('form', { name: 'Delegate your vote' })).toBeNull();
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
    fireEvent.click(await within(card).findByRole('button', { name: 'Choose Omar Farouk' }));
    const form = within(card).getByRole('form', { name: 'Delegate your vote' });
    expect(within(form).getByRole('status').textContent).toBe('Chosen: Omar Farouk');
    fireEvent.click(within(form).getByRole('button', { name: 'Delegate' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Delegation created' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegates/search')[0]?.[1])).toEqual({ username: 'Omar', groupId: GROUP_ID });
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/delegations')[0]?.[1])).toEqual({ delegateId: omar.id, groupId: GROUP_ID });
    expect(await within(card).findByText('Omar Farouk')).toBeTruthy();
    expect(within(card).queryByText('Layla Nasser')).toBeNull();
  });

  it("says 'Please enter a user ID to delegate to.' when Delegate is pressed with nobody chosen, and sends nothing", async () => {
    const fetchMock = serveGroupDelegation(makeGroupDelegation(GROUP_ID));
    const card = await openCard();
    const form = await within(card).findByRole('form', { name: 'Delegate your vote' });

    fireEvent.click(within(form).getByRole('button', { name: 'Delegate' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter a user ID to delegate to.');
    expect(requestsOf(fetchMock)).not.toContain('POST /api/delegations');
  });

  it("says 'Failed to create delegation. Please check the user ID and try again.' when refused", async () => {
    serveGroupDelegation(makeGroupDelegation(GROUP_ID), {
      create: () => jsonResponse({ message: 'This member cannot take part in this group, so they cannot be your delegate.' }, { status: 403 }),
    });
    const card = await openCard();

    fireEvent.change(await within(card).findByRole('textbox', { name: 'Name' }), { target: { value: 'Omar' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(card).findByRole('button', { name: 'Choose Omar Farouk' }));
    fireEvent.click(within(within(card).getByRole('form', { name: 'Delegate your vote' })).getByRole('button', { name: 'Delegate' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to create delegation. Please check the user ID and try again.',
        description: 'This member cannot take part in this group, so they cannot be your delegate.',
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
    const card = await openCard(false);
    expect(await within(card).findByText(/you have none to delegate/)).toBeTruthy();
    expect(within(card).queryByRole('search')).toBeNull();
    expect(within(card).queryByRole('form', { name: 'Delegate your vote' })).toBeNull();
    cleanup();

    serveGroupDelegation(makeGroupDelegation(GROUP_ID, { delegation: makeDelegation({ groupId: GROUP_ID }) }));
    const withDelegate = await openCard(false);
    expect(await within(withDelegate).findByRole('button', { name: 'Cancel Delegation' })).toBeTruthy();
    expect(within(withDelegate).queryByRole('button', { name: 'Change Delegate' })).toBeNull();
  });
});
