import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GroupMemberView } from '@civitas/events/groups/group.contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { GroupMembersCard } from './group-members-card';

const GROUP = 41;
const member = (overrides: Partial<GroupMemberView>): GroupMemberView => ({
  userId: 'u-1',
  firstName: 'Amina',
  lastName: 'Haddad',
  profileImageUrl: null,
  role: 'member',
  isLeader: false,
  joinedAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

describe('GroupMembersCard', () => {
  it('lists the members with their roles, and marks the viewer', async () => {
    mockFetch(({ url }) =>
      url === `/api/groups/${GROUP}/members`
        ? jsonResponse([member({ userId: 'owner', role: 'owner' }), member({ userId: 'me', firstName: 'Omar', isLeader: true })])
        : undefined,
    );
    renderWithQueries(<GroupMembersCard groupId={GROUP} userId="me" />);

    const list = await screen.findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['AHAmina HaddadOwner', 'OHOmar Haddad (you)Leader']);
    expect(screen.getByRole('region', { name: 'Members' }).textContent).toContain('2 members');
  });

  it('says so when the server refuses, with Try again', async () => {
    mockFetch(({ url }) => (url === `/api/groups/${GROUP}/members` ? jsonResponse({ message: 'Group not found' }, { status: 404 }) : undefined));
    renderWithQueries(<GroupMembersCard groupId={GROUP} userId="me" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Group not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
