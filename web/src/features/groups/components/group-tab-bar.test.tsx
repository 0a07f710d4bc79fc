import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Group } from '../../../lib/api/group';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeGroupStats } from '../../../test/stats-fixtures';
import { SECTION_HEADINGS } from './catalogue-sections';
import { MAX_GROUP_TABS } from './group-tab-bar';

const citizen = makeUser({
  isVerified: true,
  country: 'Saudi Arabia',
  verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
});
const family = makeGroup({ name: "Amina's Family", department: 'family', ownerId: citizen.id, canParticipate: true });
const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
const international = makeGroup({ name: 'International', department: 'international', requiresSubscription: true });
const alliance = makeGroup({ name: 'Alliance', department: 'alliance', subscriptionType: 'elite' });
const france = makeNationalGroup('France');
const countries = [makeNationalGroup('Chad'), france, makeNationalGroup('Peru'), makeNationalGroup('Saudi Arabia'), makeNationalGroup('Zimbabwe')];
// As GET /api/groups lists them: religions, International, National by name, Alliance, personal.
const catalogue = [islam, international, ...countries, alliance, family];

function serveGroups(groups: Group[]) {
  return mockFetch(serveCurrentUser(citizen), ({ url }) => {
    if (url === '/api/groups') return jsonResponse(groups);
    const group = groups.find((candidate) => url.startsWith(`/api/groups/${candidate.id}`));
    if (!group) return undefined;
    if (url.endsWith('/topics')) return jsonResponse([]);
    if (url.endsWith('/stats')) return jsonResponse(makeGroupStats());
    return url === `/api/groups/${group.id}` ? jsonResponse(group) : undefined;
  });
}

const groupsNav = () => screen.getByRole('navigation', { name: 'Groups' });

describe('group switcher', () => {
  it('replaces the tabs by a search beyond a handful of groups, showing the current one', async () => {
    expect(catalogue.length).toBeGreaterThan(MAX_GROUP_TABS);
    serveGroups(catalogue);
    renderApp(`/group/${islam.id}`);

    const switcher = await within(await screen.findByRole('navigation', { name: 'Groups' })).findByRole('combobox', { name: 'Switch group' });
    expect((switcher as HTMLInputElement).value).toBe('Islam');
    expect(within(groupsNav()).queryByRole('tablist')).toBeNull();
  });

  it("lists the member's own groups and country first, under the dashboard's section titles, each with its badge", async () => {
    serveGroups(catalogue);
    renderApp(`/group/${islam.id}`);

    const switcher = await within(await screen.findByRole('navigation', { name: 'Groups' })).findByRole('combobox', { name: 'Switch group' });
    fireEvent.keyDown(switcher, { key: 'ArrowDown' });

    const listbox = await screen.findByRole('listbox');
    const sections = within(listbox)
      .getAllByRole('group')
      .map((section) => ({
        title: document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent,
        options: within(section)
          .getAllByRole('option')
          .map((option) => option.textContent),
      }));
    expect(sections.map(({ options }) => options)).toEqual([
      ["Amina's FamilyFree"],
      ['Saudi ArabiaSubscription'],
      ['IslamFree'],
      ['InternationalSubscription'],
      ['ChadSubscription', 'FranceSubscription', 'PeruSubscription', 'ZimbabweSubscription'],
      ['AllianceLeaders Only'],
    ]);
    // The dashboard's titles in its order (groups-catalogue.test.tsx holds them to docs/product.md).
    expect(sections.map(({ title }) => title)).toEqual(SECTION_HEADINGS.map(({ title }) => title));
  });

  it('finds a group by a few letters and opens it', async () => {
    serveGroups(catalogue);
    const { location } = renderApp(`/group/${islam.id}`);

    const switcher = await within(await screen.findByRole('navigation', { name: 'Groups' })).findByRole('combobox', { name: 'Switch group' });
    // Typing goes into a focused field; an unfocused one shows the current group again.
    fireEvent.focus(switcher);
    fireEvent.change(switcher, { target: { value: 'fra' } });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['FranceSubscription']);
    fireEvent.click(within(listbox).getByRole('option', { name: /^France/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'France' })).toBeTruthy();
    expect(location.history).toEqual([`/group/${islam.id}`, `/group/${france.id}`]);
    expect((within(groupsNav()).getByRole('combobox', { name: 'Switch group' }) as HTMLInputElement).value).toBe('France');
  });

  it('keeps a tab per group while there are a handful', async () => {
    serveGroups([islam, international, alliance]);
    renderApp(`/group/${islam.id}`);

    const tabs = await screen.findByRole('tablist', { name: 'Groups' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(3);
    expect(within(groupsNav()).queryByRole('combobox')).toBeNull();
  });
});
