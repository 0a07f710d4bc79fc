import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeLaw } from '../../../test/topic-page-fixtures';
import type { Group } from '../../../lib/api/group';
import type { LawView } from '../api/get-laws';

const member = serveCurrentUser(makeUser());

function serveLaws(group: Group, laws: LawView[], requestedId: number = group.id) {
  return mockFetch(member, ({ url }) => {
    if (url === `/api/groups/${requestedId}`) return jsonResponse(group);
    if (url === `/api/laws/${group.id}`) return jsonResponse(laws);
    return undefined;
  });
}

describe('laws page', () => {
  it('shows the reason in place of a law whose opinion an admin hid, and no text', async () => {
    const group = makeGroup({ name: 'Saudi Arabia', department: 'national' });
    const hidden = { reason: 'Names a private person.', hiddenAt: '2025-03-16T09:00:00.000Z' };
    serveLaws(group, [makeLaw({ content: '', hidden, topic: { id: 'topic-a', type: 'law_amendment', title: 'Library hours' }, topicId: 'topic-a' })]);
    renderApp(`/laws/${group.id}`);

    const law = await screen.findByRole('article', { name: 'Library hours' });
    expect(within(law).getByRole('note').textContent).toBe('The text of this law was hidden by a moderator: Names a private person.');
  });

  it("lists the group's enacted laws, newest first as the server sends them", async () => {
    const group = makeGroup({ name: 'Saudi Arabia', department: 'national' });
    const newer = makeLaw({
      content: 'Speed in school zones is limited to 30 km/h.',
      voteCount: 14,
      createdAt: '2025-03-15T12:00:00.000Z',
      topic: { id: 'topic-a', type: 'law_amendment', title: 'Lower the speed limit near schools' },
      topicId: 'topic-a',
      user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null },
    });
    const older = makeLaw({
      content: 'Neighbours share the cost of the boundary wall.',
      voteCount: 1,
      createdAt: '2024-11-02T12:00:00.000Z',
      topic: { id: 'topic-b', type: 'dispute_resolution', title: 'Boundary wall dispute' },
      topicId: 'topic-b',
      user: { firstName: 'Karim', lastName: 'Saleh', profileImageUrl: null },
    });
    serveLaws(group, [newer, older]);
    renderApp(`/laws/${group.id}`);

    expect(await screen.findByText('Loading laws...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saudi Arabia Laws' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to group' }).getAttribute('href')).toBe(`/group/${group.id}`);

    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Lower the speed limit near schools',
      'Boundary wall dispute',
    ]);

    const first = screen.getByRole('article', { name: 'Lower the speed limit near schools' });
    expect(within(first).getByText('Law Amendment')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Lower the speed limit near schools' }).getAttribute('href')).toBe('/topic/topic-a');
    expect(within(first).getByText('Speed in school zones is limited to 30 km/h.')).toBeTruthy();
    expect(within(first).getByText('14 votes')).toBeTruthy();
    expect(within(first).getByText('Proposed by Layla Nasser')).toBeTruthy();
    expect(within(first).getByText('Enacted Mar 15, 2025')).toBeTruthy();

    const second = screen.getByRole('article', { name: 'Boundary wall dispute' });
    expect(within(second).getByText('Dispute Resolution')).toBeTruthy();
    expect(within(second).getByText('1 vote')).toBeTruthy();
    expect(within(second).getByText('Proposed by Karim Saleh')).toBeTruthy();
    expect(within(second).getByText('Enacted Nov 02, 2024')).toBeTruthy();
    expect(screen.queryByText('No Laws Enacted Yet')).toBeNull();
  });

  it('tells of a law decided among its opinions how it fared against no change, not votes', async () => {
    const group = makeGroup({ name: 'Saudi Arabia', department: 'national' });
    serveLaws(group, [
      makeLaw({
        method: 'schulze',
        weightedSupport: 5,
        weightedOppose: 2,
        voteCount: 3,
        topic: { id: 'topic-r', type: 'law_amendment', title: 'Ranked hours' },
        topicId: 'topic-r',
      }),
    ]);
    renderApp(`/laws/${group.id}`);

    const law = await screen.findByRole('article', { name: 'Ranked hours' });
    expect(within(law).getByText('Preferred to no change 5 to 2')).toBeTruthy();
    expect(within(law).queryByText(/votes?$/)).toBeNull();
  });

  it('says when the group has enacted no laws yet', async () => {
    const group = makeGroup({ name: 'Islam', department: 'religion' });
    serveLaws(group, []);
    renderApp(`/laws/${group.id}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'No Laws Enacted Yet' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Islam Laws' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("reads the member's own family group's laws under its real id", async () => {
    const family = makeGroup({ name: "Amina's Family", department: 'family' });
    const fetchMock = serveLaws(family, [], 1);
    renderApp('/laws/1');

    expect(await screen.findByRole('heading', { level: 1, name: "Amina's Family Laws" })).toBeTruthy();
    expect(requestsOf(fetchMock)).toContain(`GET /api/laws/${family.id}`);
    expect(screen.getByRole('link', { name: 'Back to group' }).getAttribute('href')).toBe(`/group/${family.id}`);
  });

  it("says 'Group not found' for a group that does not exist, without asking for its laws", async () => {
    const fetchMock = mockFetch(member, ({ url }) =>
      url === '/api/groups/424242' ? jsonResponse({ message: 'Group not found' }, { status: 404 }) : undefined,
    );
    renderApp('/laws/424242');

    expect(await screen.findByText('Group not found')).toBeTruthy();
    expect(requestsOf(fetchMock).some((request) => request.includes('/api/laws/'))).toBe(false);
  });
});
