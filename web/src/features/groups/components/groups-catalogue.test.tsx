import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';

const family = makeGroup({ name: "Amina's Family", department: 'family', canParticipate: true, isMember: true });
const islam = makeGroup({ name: 'Islam', department: 'religion', memberCount: 1204, canParticipate: true });
const saudiArabia = makeNationalGroup('Saudi Arabia', { memberCount: 1, canParticipate: true });
const france = makeNationalGroup('France', { memberCount: 31 });
const chad = makeNationalGroup('Chad');
const international = makeGroup({
  name: 'International',
  department: 'international',
  subscriptionType: 'premium',
  requiresSubscription: true,
});
const alliance = makeGroup({ name: 'Alliance', department: 'alliance', subscriptionType: 'elite', memberCount: 3 });
const christianity = makeGroup({ name: 'Christianity', department: 'religion', canParticipate: true });

const catalogue = [islam, christianity, international, chad, france, saudiArabia, alliance, family];

// A member verified as a citizen of Saudi Arabia.
const citizen = makeUser({
  isVerified: true,
  country: 'Saudi Arabia',
  verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
});

const sidebarStats = serveSidebarStats();

function serveCatalogue(groups = catalogue, user = citizen) {
  return mockFetch(serveCurrentUser(user), sidebarStats, ({ url }) => (url === '/api/groups' ? jsonResponse(groups) : undefined));
}

const groupsArea = () => screen.getByRole('region', { name: 'Groups' });
const sectionHeadings = () =>
  within(groupsArea())
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('group sections on the dashboard', () => {
  it('lists the sections in the order of docs/product.md', async () => {
    serveCatalogue();
    renderApp('/');

    await screen.findByRole('heading', { name: 'Religious Communities' });

    expect(sectionHeadings()).toEqual([
      'Your Personal Groups',
      'Your Country',
      'Religious Communities',
      'Global Forums',
      'Other Countries',
      'Leadership Alliance',
    ]);
    const cardsIn = (section: string) =>
      within(screen.getByRole('region', { name: section }))
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    expect(cardsIn('Your Personal Groups')).toEqual(["Amina's Family"]);
    expect(cardsIn('Your Country')).toEqual(['Saudi Arabia']);
    expect(cardsIn('Religious Communities')).toEqual(['Islam', 'Christianity']);
    expect(cardsIn('Global Forums')).toEqual(['International']);
    expect(cardsIn('Other Countries')).toEqual(['Chad', 'France']);
    expect(cardsIn('Leadership Alliance')).toEqual(['Alliance']);
    expect(within(screen.getByRole('region', { name: 'Religious Communities' })).getByText('Free Access')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Leadership Alliance' })).getByText('Exclusive')).toBeTruthy();
  });

  it('offers Join Discussion where the member may take part, else View Group marked View Only', async () => {
    serveCatalogue();
    renderApp('/');

    const islamCard = await screen.findByRole('article', { name: 'Islam' });
    expect(within(islamCard).getByRole('link', { name: 'Join Discussion' }).getAttribute('href')).toBe(`/group/${islam.id}`);
    expect(within(islamCard).queryByText('View Only')).toBeNull();
    expect(within(islamCard).queryByRole('link', { name: 'View Group' })).toBeNull();

    const franceCard = screen.getByRole('article', { name: 'France' });
    expect(within(franceCard).getByRole('link', { name: 'View Group' }).getAttribute('href')).toBe(`/group/${france.id}`);
    expect(within(franceCard).getByText('View Only')).toBeTruthy();
    expect(within(franceCard).queryByRole('link', { name: 'Join Discussion' })).toBeNull();

    const ownCountry = screen.getByRole('article', { name: 'Saudi Arabia' });
    expect(within(ownCountry).getByRole('link', { name: 'Join Discussion' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: "Amina's Family" })).getByRole('link', { name: 'Join Discussion' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'International' })).getByText('View Only')).toBeTruthy();
  });

  it('shows each card with its badge, description and member count', async () => {
    serveCatalogue();
    renderApp('/');

    const islamCard = await screen.findByRole('article', { name: 'Islam' });
    expect(within(islamCard).getByText('Free')).toBeTruthy();
    expect(within(islamCard).getByText('1,204 members')).toBeTruthy();
    expect(within(islamCard).getByText('Islam discussion group')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Saudi Arabia' })).getByText('Premium')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Saudi Arabia' })).getByText('1 member')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Alliance' })).getByText('Leadership')).toBeTruthy();
  });

  it('files every country under Other Countries for an unverified member', async () => {
    serveCatalogue(catalogue, makeUser());
    renderApp('/');

    const others = await screen.findByRole('region', { name: 'Other Countries' });
    expect(screen.queryByRole('region', { name: 'Your Country' })).toBeNull();
    expect(
      within(others)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Chad', 'France', 'Saudi Arabia']);
  });

  it('filters the other countries by the search text', async () => {
    serveCatalogue();
    renderApp('/');

    const others = await screen.findByRole('region', { name: 'Other Countries' });
    const countryNames = () =>
      within(others)
        .queryAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(countryNames()).toEqual(['Chad', 'France']);

    fireEvent.change(within(others).getByLabelText('Search countries'), { target: { value: 'fra' } });
    await waitFor(() => expect(countryNames()).toEqual(['France']));

    fireEvent.change(within(others).getByLabelText('Search countries'), { target: { value: 'Atlantis' } });
    await within(others).findByText('No country matches "Atlantis".');
    // Other sections are not filtered.
    expect(screen.getByRole('heading', { name: 'Islam' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Saudi Arabia' })).toBeTruthy();
  });

  it('lists 250 countries a page at a time, so the Leadership Alliance stays near', async () => {
    const manyCountries = Array.from({ length: 250 }, (_, index) => makeNationalGroup(`Country ${String(index).padStart(3, '0')}`));
    serveCatalogue([islam, ...manyCountries, alliance], makeUser());
    renderApp('/');

    const others = await screen.findByRole('region', { name: 'Other Countries' });
    expect(within(others).getAllByRole('article')).toHaveLength(5);
    expect(within(others).getByRole('status').textContent).toBe('Showing 1–5 of 250 countries');
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(sectionHeadings().at(-1)).toBe('Leadership Alliance');
  });

  it('hides empty sections', async () => {
    serveCatalogue([chad, france]);
    renderApp('/');

    await screen.findByRole('heading', { name: 'Other Countries' });
    expect(sectionHeadings()).toEqual(['Other Countries']);
  });

  it('says the groups could not be read, in words, with Try again that reads them again', async () => {
    let failing = true;
    mockFetch(serveCurrentUser(citizen), sidebarStats, ({ url }) =>
      failing
        ? new Response('database unavailable', { status: 500, statusText: 'Internal Server Error' })
        : url === '/api/groups'
          ? jsonResponse(catalogue)
          : undefined,
    );
    renderApp('/');

    expect(await screen.findByText('Civitas could not answer just now. Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/500: database unavailable/)).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: france.name })).toBeTruthy();
  });

  it('opens a group from its card', async () => {
    mockFetch(serveCurrentUser(citizen), sidebarStats, ({ url }) =>
      url === '/api/groups' ? jsonResponse(catalogue) : url === `/api/groups/${france.id}` ? jsonResponse(france) : undefined,
    );
    const { location } = renderApp('/');

    const card = await screen.findByRole('article', { name: 'France' });
    fireEvent.click(within(card).getByRole('link', { name: 'View Group' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'France' })).toBeTruthy();
    expect(location.history).toEqual(['/', `/group/${france.id}`]);
  });
});
