import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { makeNationalGroup } from '../../../test/group-fixtures';
import { COUNTRIES_PER_PAGE, OtherCountriesSection } from './other-countries-section';

const NAMES = ['Albania', 'Bhutan', 'Chad', "Côte d'Ivoire", 'Denmark', 'Egypt', 'Fiji', 'France', 'Gabon', 'Haiti', 'India', 'Japan'];
const countries = NAMES.map((name) => makeNationalGroup(name));

/** MUI reads the width through matchMedia; jsdom has none, which reads as a phone. */
function onWideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

function renderSection(groups = countries) {
  render(<OtherCountriesSection title="Other Countries" groups={groups} />);
  return screen.getByRole('region', { name: 'Other Countries' });
}

const shownNames = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('article')
    .map((row) => within(row).getByRole('heading', { level: 3 }).textContent);

describe('Other Countries', () => {
  it('shows a phone one page of rows, not a card per country, and pages through the rest', () => {
    const section = renderSection();

    expect(shownNames(section)).toEqual(NAMES.slice(0, COUNTRIES_PER_PAGE.narrow));
    expect(within(section).getByRole('status').textContent).toBe('Showing 1–5 of 12 countries');
    const pages = within(section).getByRole('navigation', { name: 'Other Countries pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Go to page 3' }));

    expect(shownNames(section)).toEqual(['India', 'Japan']);
    expect(within(section).getByRole('status').textContent).toBe('Showing 11–12 of 12 countries');
  });

  it('shows ten a page on a wide screen', () => {
    onWideScreen();
    const section = renderSection();

    expect(shownNames(section)).toEqual(NAMES.slice(0, COUNTRIES_PER_PAGE.wide));
    expect(within(section).getByRole('status').textContent).toBe('Showing 1–10 of 12 countries');
  });

  it('keeps the card’s badge, member count and action in each row', () => {
    const france = makeNationalGroup('France', { memberCount: 31 });
    const peru = makeNationalGroup('Peru', { canParticipate: true });
    const section = renderSection([france, peru]);

    const franceRow = within(section).getByRole('article', { name: 'France' });
    expect(within(franceRow).getByText('Premium')).toBeTruthy();
    expect(within(franceRow).getByText('31 members')).toBeTruthy();
    expect(within(franceRow).getByText('View Only')).toBeTruthy();
    const view = within(franceRow).getByRole('link', { name: 'View Group' });
    expect(view.getAttribute('href')).toBe(`/group/${france.id}`);
    // Ten "View Group" links on a page: each says which group it opens.
    expect(view.getAttribute('aria-describedby')).toBe(within(franceRow).getByRole('heading').id);
    expect(within(section).getByRole('article', { name: 'Peru' }).querySelector('a')?.textContent).toBe('Join Discussion');
    // The description is left to the group page.
    expect(within(franceRow).queryByText('France discussion group')).toBeNull();
    expect(within(section).getByRole('status').textContent).toBe('2 countries');
    expect(within(section).queryByRole('navigation')).toBeNull();
  });

  it('searches every page, ignoring case and accents, from the first page of the matches', () => {
    const section = renderSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Go to page 2' }));
    expect(shownNames(section)).toEqual(['Egypt', 'Fiji', 'France', 'Gabon', 'Haiti']);

    fireEvent.change(within(section).getByLabelText('Search countries'), { target: { value: 'JAP' } });
    expect(shownNames(section)).toEqual(['Japan']);
    expect(within(section).getByRole('status').textContent).toBe('1 country');

    fireEvent.change(within(section).getByLabelText('Search countries'), { target: { value: 'cote' } });
    expect(shownNames(section)).toEqual(["Côte d'Ivoire"]);

    fireEvent.change(within(section).getByLabelText('Search countries'), { target: { value: '  Atlantis ' } });
    expect(shownNames(section)).toEqual([]);
    expect(within(section).getByRole('status').textContent).toBe('No country matches "Atlantis".');

    fireEvent.change(within(section).getByLabelText('Search countries'), { target: { value: '' } });
    expect(shownNames(section)).toEqual(NAMES.slice(0, 5));
  });
});
