import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { serveSidebarStats } from '../../../test/stats-fixtures';

/** A phone: every max-width query matches (MUI's down()); jsdom has no matchMedia of its own. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

function serveDashboard() {
  mockFetch(serveCurrentUser(makeUser({ firstName: 'Amina' })), serveSidebarStats(), ({ url }) =>
    url === '/api/groups' ? jsonResponse([makeGroup({ name: 'Islam', department: 'religion' })]) : undefined,
  );
}

describe('dashboard order', () => {
  it('on a phone, Quick Actions come before the group lists, and the profile after them', async () => {
    onPhone();
    serveDashboard();
    renderApp('/');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    const groups = screen.getByRole('region', { name: 'Groups' });
    expect(follows(actions, groups)).toBe(true);
    expect(follows(groups, screen.getByRole('complementary', { name: 'Your profile' }))).toBe(true);
    // One card, not two kept in step.
    expect(screen.getAllByRole('region', { name: 'Quick Actions' })).toHaveLength(1);
  });

  it('on a wide screen, Quick Actions stay in the sidebar after the groups', async () => {
    serveDashboard();
    renderApp('/');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(follows(screen.getByRole('region', { name: 'Groups' }), actions)).toBe(true);
  });
});
