import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeMainElection } from '../../../test/election-fixtures';
import { JoinElectionDialog } from './join-election-dialog';

const international = makeGroup({ name: 'International', department: 'international', canParticipate: true });
const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
const france = makeNationalGroup('France');
const alliance = makeGroup({ name: 'Alliance', department: 'alliance', canParticipate: true });
const family = makeGroup({ name: 'Family', department: 'family', canParticipate: true });

describe('Join Election dialog', () => {
  it('lists the groups the member takes part in that elect a leader, each with its way in', async () => {
    const open = makeMainElection({ groupId: international.id, title: 'International leadership election' });
    const decided = makeMainElection({
      groupId: saudiArabia.id,
      status: 'closed',
      winner: { id: 'u-1', firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
    });
    const fetchMock = mockFetch(({ url }) => {
      if (url === `/api/groups/${international.id}/main-election`) return jsonResponse(open);
      if (url === `/api/groups/${saudiArabia.id}/main-election`) return jsonResponse(decided);
      if (url === `/api/groups/${islam.id}/main-election`) return jsonResponse({ message: 'No main election' }, { status: 404 });
      return undefined;
    });
    renderWithQueries(<JoinElectionDialog open onClose={() => {}} groups={[international, islam, saudiArabia, france, alliance, family]} />);
    const dialog = screen.getByRole('dialog', { name: 'Join Election' });

    const list = within(dialog).getByRole('list', { name: 'Leadership elections' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['International', 'Islam', 'Saudi Arabia']);

    const joinInternational = await within(list).findByRole('link', { name: 'Join the election in International' });
    expect(joinInternational.getAttribute('href')).toBe(`/topic/${open.id}`);
    expect(within(list).getByText('International leadership election · ends Jun 15, 2099')).toBeTruthy();

    const islamRow = within(list).getByRole('listitem', { name: 'Islam' });
    expect(await within(islamRow).findByText('No election open: you can start one on the group page.')).toBeTruthy();
    expect(within(islamRow).getByRole('link', { name: 'Go to Islam' }).getAttribute('href')).toBe(`/group/${islam.id}`);

    const saudiRow = within(list).getByRole('listitem', { name: 'Saudi Arabia' });
    expect(await within(saudiRow).findByText('Leader: Omar Farouk. No election open.')).toBeTruthy();
    // Only the groups listed are asked.
    expect(requestsOf(fetchMock).filter((line) => line.includes(`/api/groups/${france.id}`))).toEqual([]);
  });

  it('tells a member in no such group how to take part', () => {
    mockFetch();
    renderWithQueries(<JoinElectionDialog open onClose={() => {}} groups={[france, alliance, family]} />);

    expect(screen.getByText(/You do not take part in a National, International or Religion group yet/)).toBeTruthy();
  });
});
