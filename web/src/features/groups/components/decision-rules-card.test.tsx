import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ONLY_LEADERS_SET_QUORUM } from '@civitas/events/groups/quorum.contract';
import { chooseLanguage } from '../../../i18n';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { makeGroup } from '../../../test/group-fixtures';
import { renderWithQueries } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';
import type { GroupQuorumView } from '../api/group-quorum';
import { DecisionRulesCard } from './decision-rules-card';

const DEFAULTS = { law_amendment: 10, dispute_resolution: 10, election: 0 };
const family = makeGroup({ name: "Amina's Family", department: 'family', isMember: true, canParticipate: true });
const business = makeGroup({ name: 'Haddad Trading', department: 'business', isMember: true, canParticipate: true });

const quorumView = (groupId: number, overrides: Partial<GroupQuorumView> = {}): GroupQuorumView => ({
  groupId,
  quorums: DEFAULTS,
  defaults: DEFAULTS,
  canSet: false,
  ...overrides,
});

/** GET answers `view`; PUT answers what `put` gives for the body sent. */
function serveQuorum(groupId: number, view: GroupQuorumView, put?: (body: { topicType: string; quorumPercent: number }) => Response): Route {
  return ({ url, init }) => {
    if (url !== `/api/groups/${groupId}/quorum`) return undefined;
    if ((init?.method ?? 'GET') === 'GET') return jsonResponse(view);
    if (init?.method === 'PUT' && put) return put(JSON.parse(String(init.body)) as { topicType: string; quorumPercent: number });
    return undefined;
  };
}

const card = () => screen.findByRole('region', { name: 'Decision rules' });
const row = async (name: string) => within(await card()).findByRole('group', { name });

describe('the decision rules card', () => {
  it("lists the quorum of each deciding type the group's department opens, without fields for a member who may not set them", async () => {
    mockFetch(serveQuorum(family.id, quorumView(family.id)));
    renderWithQueries(<DecisionRulesCard group={family} />);

    const laws = await row('Law amendments');
    expect(within(laws).getByText('10% of the eligible weight must take part')).toBeTruthy();
    expect(within(await row('Dispute resolutions')).getByText('10% of the eligible weight must take part')).toBeTruthy();
    // A family group opens no elections.
    expect(within(await card()).queryByRole('group', { name: 'Elections' })).toBeNull();
    expect(within(await card()).queryByRole('spinbutton')).toBeNull();
    expect(within(await card()).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(await card()).queryByText(/applies to topics opened afterwards/)).toBeNull();
  });

  it('lists the election quorum of a group that holds a main election, though its members open no elections', async () => {
    const national = makeGroup({ name: 'Jordan', department: 'national', subcategory: 'jordan', isMember: false, canParticipate: true });
    mockFetch(serveQuorum(national.id, quorumView(national.id, { canSet: true })));
    renderWithQueries(<DecisionRulesCard group={national} />);

    const elections = await row('Elections');
    expect(within(elections).getByText(/No quorum/)).toBeTruthy();
    expect(within(elections).getByRole('spinbutton')).toBeTruthy();
  });

  it('lets a leader set a type’s quorum: the body sent, a toast, and the new rule shown', async () => {
    const fetchMock = mockFetch(
      serveQuorum(business.id, quorumView(business.id, { canSet: true }), (body) =>
        jsonResponse(quorumView(business.id, { canSet: true, quorums: { ...DEFAULTS, [body.topicType]: body.quorumPercent } })),
      ),
    );
    renderWithQueries(<DecisionRulesCard group={business} />);

    const elections = await row('Elections');
    expect(within(elections).getByText('No quorum: it decides however few take part')).toBeTruthy();
    expect(within(await card()).getByText(/A change applies to topics opened afterwards/)).toBeTruthy();

    const laws = await row('Law amendments');
    const field = within(laws).getByRole('spinbutton', { name: 'Quorum for Law amendments (%)' });
    expect(field.getAttribute('min')).toBe('0');
    expect(field.getAttribute('max')).toBe('100');
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(within(laws).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Quorum saved'));
    expect(lastToast()?.description).toBe('Law amendments: 25% of the eligible weight must take part. Topics opened from now on use it.');
    const sent = requestsTo(fetchMock, 'PUT', `/api/groups/${business.id}/quorum`).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(sent).toEqual([{ topicType: 'law_amendment', quorumPercent: 25 }]);
    expect(await within(laws).findByText('25% of the eligible weight must take part')).toBeTruthy();
    // The other types keep theirs.
    expect(within(await row('Dispute resolutions')).getByText('10% of the eligible weight must take part')).toBeTruthy();
  });

  it("tells the server's reason when it refuses", async () => {
    mockFetch(serveQuorum(family.id, quorumView(family.id, { canSet: true }), () => jsonResponse({ message: ONLY_LEADERS_SET_QUORUM }, { status: 403 })));
    renderWithQueries(<DecisionRulesCard group={family} />);

    const disputes = await row('Dispute resolutions');
    fireEvent.click(within(disputes).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(lastToast()?.title).toBe('Could not save the quorum'));
    expect(lastToast()?.description).toBe(ONLY_LEADERS_SET_QUORUM);
    expect(lastToast()?.variant).toBe('destructive');
  });

  it('sends nothing for a percentage that is not whole or past 100, and says what it takes', async () => {
    const fetchMock = mockFetch(serveQuorum(family.id, quorumView(family.id, { canSet: true }), () => jsonResponse({})));
    renderWithQueries(<DecisionRulesCard group={family} />);

    const laws = await row('Law amendments');
    const field = within(laws).getByRole('spinbutton', { name: 'Quorum for Law amendments (%)' });
    for (const typed of ['12.5', '101']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(within(laws).getByRole('button', { name: 'Save' }));
      expect(within(laws).getByText('Enter a whole percentage from 0 to 100.')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(requestsTo(fetchMock, 'PUT', `/api/groups/${family.id}/quorum`)).toEqual([]);
  });

  it('says it in Arabic', async () => {
    await chooseLanguage('ar');
    mockFetch(serveQuorum(business.id, quorumView(business.id, { canSet: true, quorums: { ...DEFAULTS, election: 20 } })));
    renderWithQueries(<DecisionRulesCard group={business} />);

    const region = await screen.findByRole('region', { name: 'قواعد اتخاذ القرار' });
    const elections = await within(region).findByRole('group', { name: 'الانتخابات' });
    expect(within(elections).getByText('يجب أن يشارك 20% من وزن المؤهلين')).toBeTruthy();
    expect(within(elections).getByRole('spinbutton', { name: 'النصاب في الانتخابات (%)' })).toBeTruthy();
    expect(within(elections).getByRole('button', { name: 'حفظ' })).toBeTruthy();
  });
});
