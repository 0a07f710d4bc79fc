import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { makeGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';

const catalogue = [
  makeGroup({ name: 'France', department: 'national', subscriptionType: 'premium', memberCount: 31 }),
  makeGroup({ name: 'Islam', department: 'religion', memberCount: 1204 }),
  makeGroup({ name: 'Leadership Alliance', department: 'alliance', subscriptionType: 'elite', memberCount: 3 }),
  makeGroup({ name: 'Saudi Arabia', department: 'national', subscriptionType: 'premium', memberCount: 1 }),
  makeGroup({ name: 'Global Climate Forum', department: 'international', subscriptionType: 'premium' }),
  makeGroup({ name: 'Christianity', department: 'religion' }),
];

// The catalogue is listed on a member's dashboard.
const member = serveCurrentUser(makeUser());

function serveCatalogue(groups = catalogue) {
  return mockFetch(member, ({ url }) => (url === '/api/groups' ? jsonResponse(groups) : undefined));
}

// The dashboard's sidebar has a level-2 heading of its own: the subscription card.
const SIDEBAR_HEADINGS = ['Upgrade to Premium', 'Premium Active'];
const sectionHeadings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => !SIDEBAR_HEADINGS.includes(text ?? ''));

describe('groups catalogue on the dashboard', () => {
  it('lists the groups in the spec order of sections', async () => {
    serveCatalogue();
    renderApp('/');

    await screen.findByRole('heading', { name: 'Religious Communities' });

    expect(sectionHeadings()).toEqual(['Religious Communities', 'Global Forums', 'Countries', 'Leadership Alliance']);
    const religious = screen.getByRole('region', { name: 'Religious Communities' });
    expect(within(religious).getByText('Free Access')).toBeTruthy();
    expect(within(religious).getByRole('heading', { name: 'Islam' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Leadership Alliance' })).getByText('Exclusive')).toBeTruthy();
  });

  it('shows each card with its badge, member count and a link to the group', async () => {
    serveCatalogue();
    renderApp('/');

    const islam = await screen.findByRole('article', { name: 'Islam' });
    expect(within(islam).getByText('Free')).toBeTruthy();
    expect(within(islam).getByText('1,204 members')).toBeTruthy();
    expect(within(islam).getByText('Islam discussion group')).toBeTruthy();
    expect(within(islam).getByRole('link', { name: 'View Group' }).getAttribute('href')).toBe(
      `/group/${catalogue[1]!.id}`,
    );
    expect(within(screen.getByRole('article', { name: 'Saudi Arabia' })).getByText('Premium')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Saudi Arabia' })).getByText('1 member')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Leadership Alliance' })).getByText('Leadership')).toBeTruthy();
  });

  it('sorts countries by name and filters them by the search text', async () => {
    serveCatalogue();
    renderApp('/');

    const countries = await screen.findByRole('region', { name: 'Countries' });
    const countryNames = () => within(countries).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(countryNames()).toEqual(['France', 'Saudi Arabia']);

    fireEvent.change(within(countries).getByLabelText('Search countries'), { target: { value: 'saudi' } });
    await waitFor(() => expect(countryNames()).toEqual(['Saudi Arabia']));

    fireEvent.change(within(countries).getByLabelText('Search countries'), { target: { value: 'Atlantis' } });
    await within(countries).findByText('No country matches "Atlantis".');
    // Other sections are not filtered.
    expect(screen.getByRole('heading', { name: 'Islam' })).toBeTruthy();
  });

  it('hides empty sections', async () => {
    serveCatalogue(catalogue.filter((group) => group.department === 'national'));
    renderApp('/');

    await screen.findByRole('heading', { name: 'Countries' });
    expect(sectionHeadings()).toEqual(['Countries']);
  });

  it('shows the error message when the groups cannot be read', async () => {
    mockFetch(member, () => new Response('database unavailable', { status: 500, statusText: 'Internal Server Error' }));
    renderApp('/');

    expect(await screen.findByText('500: database unavailable')).toBeTruthy();
  });

  it('opens a group from its card', async () => {
    const saudiArabia = catalogue[3]!;
    mockFetch(member, ({ url }) =>
      url === '/api/groups' ? jsonResponse(catalogue) : url === `/api/groups/${saudiArabia.id}` ? jsonResponse(saudiArabia) : undefined,
    );
    const { location } = renderApp('/');

    const card = await screen.findByRole('article', { name: 'Saudi Arabia' });
    fireEvent.click(within(card).getByRole('link', { name: 'View Group' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Saudi Arabia' })).toBeTruthy();
    expect(location.history).toEqual(['/', `/group/${saudiArabia.id}`]);
  });
});
