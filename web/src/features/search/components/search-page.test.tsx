import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import type { SearchReply } from '../api/search';

const member = serveCurrentUser(makeUser());
const TOPIC = '11111111-1111-4111-8111-111111111111';

const reply = (overrides: Partial<SearchReply> = {}): SearchReply => ({
  query: 'bus',
  groups: [],
  topics: [],
  opinions: [],
  laws: [],
  members: [],
  ...overrides,
});

const serveSearch = (replies: Record<string, SearchReply>) =>
  mockFetch(member, ({ url }) => {
    const q = url.startsWith('/api/search?') ? new URLSearchParams(url.split('?')[1]).get('q') : null;
    return q !== null && replies[q] ? jsonResponse(replies[q]) : undefined;
  });

describe('search results page', () => {
  it('shows each section with its hits, the matched words marked, opening where they belong', async () => {
    serveSearch({
      'bus night': reply({
        topics: [
          {
            id: TOPIC,
            groupId: 1682,
            groupName: 'Saudi Arabia',
            title: {
              text: 'Night buses',
              matches: [
                [0, 5],
                [6, 11],
              ],
            },
            excerpt: { text: '<b>not markup</b>', matches: [] },
          },
        ],
        opinions: [
          { id: '22222222-2222-4222-8222-222222222222', topicId: TOPIC, topicTitle: 'Night buses', excerpt: { text: 'مزيد من الحافلات', matches: [[8, 16]] } },
        ],
        members: [{ id: '33333333-3333-4333-8333-333333333333', name: { text: 'Busra Haddad', matches: [[0, 5]] }, isVerified: true }],
      }),
    });
    renderApp('/search?q=bus%20night');

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “bus night”' })).toBeTruthy();
    const topics = await screen.findByRole('region', { name: 'Topics' });
    const link = within(topics).getByRole('link', { name: 'Night buses' });
    expect(link.getAttribute('href')).toBe(`/topic/${TOPIC}`);
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Night', 'buses']);
    // Member text is text, never markup.
    expect(within(topics).getByText('<b>not markup</b>', { exact: false })).toBeTruthy();
    const opinions = screen.getByRole('region', { name: 'Opinions' });
    expect(within(opinions).getByRole('link').querySelector('mark')?.textContent).toBe('الحافلات');
    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).queryByRole('link')).toBeNull();
    expect(within(members).getByText('Verified')).toBeTruthy();
    // Sections without hits are not shown.
    expect(screen.queryByRole('region', { name: 'Groups' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Laws' })).toBeNull();
  });

  it('says so when nothing is found', async () => {
    serveSearch({ zzz: reply({ query: 'zzz' }) });
    renderApp('/search?q=zzz');
    expect(await screen.findByRole('heading', { name: 'No results' })).toBeTruthy();
  });

  it('asks nothing for a text too short, and says why', async () => {
    const fetchMock = serveSearch({});
    renderApp('/search?q=%20a%20');
    expect(await screen.findByText('Please enter at least 2 characters to search')).toBeTruthy();
    expect(requestsOf(fetchMock).filter((line) => line.includes('/api/search'))).toEqual([]);
  });

  it('searches from the header box: Enter opens the results for its text', async () => {
    serveSearch({
      bus: reply(),
      metro: reply({
        query: 'metro',
        groups: [{ id: 7, department: 'international', name: { text: 'Metro riders', matches: [[0, 5]] }, description: { text: '', matches: [] } }],
      }),
    });
    const { location } = renderApp('/search?q=bus');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect((box as HTMLInputElement).value).toBe('bus');
    fireEvent.change(box, { target: { value: '  metro ' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByRole('link', { name: 'Metro riders' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/search?q=metro');
  });
});
