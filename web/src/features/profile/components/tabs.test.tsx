import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { achievementsOf } from '@civitas/events/profiles/achievements';
import { makeGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { makeActivity, noStats } from '../../../test/profile-fixtures';
import { renderWithQueries } from '../../../test/render-app';
import { AchievementsTab } from './achievements-tab';
import { ActivityTab } from './activity-tab';
import { DelegationsTab } from './delegations-tab';
import { GroupsTab } from './groups-tab';

const grace = { id: 'u-grace', firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null };
const linus = { id: 'u-linus', firstName: 'Linus', lastName: 'Torvalds', profileImageUrl: null };

describe('Groups tab', () => {
  it('lists each membership with its department, role, Leader and joined date, linking to the group', () => {
    const membership = (groupId: number, name: string, department: 'family' | 'national', role: 'owner' | 'member', isLeader: boolean) => ({
      id: `${groupId}:u-1`,
      userId: 'u-1',
      groupId,
      isSubscribed: false,
      isLeader,
      role,
      joinedAt: '2025-03-01T12:00:00.000Z',
      group: makeGroup({ id: groupId, name, department }),
    });
    renderWithQueries(
      <GroupsTab memberships={[membership(10001, "Amina's Family", 'family', 'owner', false), membership(1682, 'Saudi Arabia', 'national', 'member', true)]} />,
    );
    const rows = within(screen.getByRole('list', { name: 'Your groups' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: "Amina's Family" }).getAttribute('href')).toBe('/group/10001');
    expect(rows[0]!.textContent).toContain('Family · Joined Mar 01, 2025');
    expect(within(rows[0]!).getByText('Owner')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Leader')).toBeNull();
    expect(within(rows[1]!).getByText('Member')).toBeTruthy();
    expect(within(rows[1]!).getByText('Leader')).toBeTruthy();
  });

  it('says so when the member belongs to no group', () => {
    renderWithQueries(<GroupsTab memberships={[]} />);
    expect(screen.getByText('You are not a member of any group yet.')).toBeTruthy();
  });
});

describe('Activity tab', () => {
  const topic = { id: 't-1', title: 'Longer library hours', isDeleted: false };
  it('shows each action as a sentence with a link and a relative time, newest first, and loads more', async () => {
    const first = [
      makeActivity({
        kind: 'delegation_given',
        person: grace,
        group: { id: 1682, name: 'Saudi Arabia' },
        link: '/group/1682',
        occurredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      }),
      makeActivity({ kind: 'vote_cast', voteType: 'oppose', topic, opinion: { id: 'o-1', excerpt: 'Open until ten.' }, link: '/topic/t-1' }),
      makeActivity({ kind: 'topic_created', topic: { id: 't-2', title: 'A topic taken back', isDeleted: true } }),
    ];
    const older = [
      makeActivity({
        kind: 'opinion_posted',
        topic,
        opinion: { id: 'o-2', excerpt: 'Yes please.' },
        link: '/topic/t-1',
        occurredAt: '2025-01-01T10:00:00.000Z',
      }),
    ];
    const fetchMock = mockFetch(({ url }) => {
      if (url === '/api/user/activity') return jsonResponse({ items: first, nextCursor: first[2]!.id });
      if (url === `/api/user/activity?before=${encodeURIComponent(first[2]!.id)}`) return jsonResponse({ items: older, nextCursor: null });
      return undefined;
    });
    renderWithQueries(<ActivityTab />);

    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Delegated your vote to Grace Hopper in Saudi ArabiaLess than an hour ago$/),
      expect.stringMatching(/^Opposed an opinion on Longer library hours“Open until ten\.”2 hours ago$/),
      expect.stringMatching(/^Created the topic A topic taken back \(deleted\)2 hours ago$/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'in Saudi Arabia' }).getAttribute('href')).toBe('/group/1682');
    expect(within(rows[1]!).getByRole('link', { name: 'Longer library hours' }).getAttribute('href')).toBe('/topic/t-1');
    // A deleted topic links nowhere.
    expect(within(rows[2]!).queryByRole('link')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[3]!.textContent).toContain('Posted an opinion on Longer library hours');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requestsOf(fetchMock)).toEqual(['GET /api/user/activity', `GET /api/user/activity?before=${encodeURIComponent(first[2]!.id)}`]);
  });

  it('says why an opinion an admin hid is not quoted', async () => {
    const hidden = { reason: 'Insults another member.', hiddenAt: '2025-01-02T10:00:00.000Z' };
    const items = [makeActivity({ kind: 'opinion_posted', topic, opinion: { id: 'o-3', excerpt: '', hidden }, link: '/topic/t-1' })];
    mockFetch(({ url }) => (url === '/api/user/activity' ? jsonResponse({ items, nextCursor: null }) : undefined));
    renderWithQueries(<ActivityTab />);
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(list).getByRole('listitem').textContent).toContain('Hidden by a moderator: Insults another member.');
    expect(within(list).getByRole('listitem').textContent).not.toContain('“”');
  });

  it('says when there is no activity yet', async () => {
    mockFetch(({ url }) => (url === '/api/user/activity' ? jsonResponse({ items: [], nextCursor: null }) : undefined));
    renderWithQueries(<ActivityTab />);
    expect(await screen.findByText(/No activity yet/)).toBeTruthy();
  });
});

describe('Delegations tab', () => {
  it('shows per group the member\u2019s delegate, who delegates to them, and the weight they carry', async () => {
    mockFetch(({ url }) =>
      url === '/api/user/delegations/overview'
        ? jsonResponse([
            {
              groupId: 2,
              groupName: 'Islam',
              given: { delegationId: 'd-1', delegate: grace, since: '2025-03-02T10:00:00.000Z' },
              received: [{ delegator: linus, since: '2025-03-03T10:00:00.000Z' }],
              carried: { directDelegators: 1, weight: 3 },
            },
            { groupId: 1682, groupName: 'Saudi Arabia', given: null, received: [], carried: { directDelegators: 0, weight: 1 } },
          ])
        : undefined,
    );
    renderWithQueries(<DelegationsTab />);

    const islam = await screen.findByRole('region', { name: 'Islam' });
    expect(within(islam).getByRole('link', { name: 'Islam' }).getAttribute('href')).toBe('/group/2');
    expect(islam.textContent).toContain('Grace Hopper · since Mar 02, 2025');
    expect(islam.textContent).toContain('Members who delegate to you (1)');
    expect(islam.textContent).toContain('Linus Torvalds · since Mar 03, 2025');
    expect(islam.textContent).toContain('Weight you carry when you vote: 3 votes (yours and 2 votes lent to you)');
    const saudi = screen.getByRole('region', { name: 'Saudi Arabia' });
    expect(saudi.textContent).toContain('You vote yourself in this group.');
    expect(saudi.textContent).toContain('Nobody delegates to you here.');
    expect(saudi.textContent).toContain('Weight you carry when you vote: 1 vote');
  });

  it('says when the member has no delegations', async () => {
    mockFetch(({ url }) => (url === '/api/user/delegations/overview' ? jsonResponse([]) : undefined));
    renderWithQueries(<DelegationsTab />);
    expect(await screen.findByText(/You have no delegations/)).toBeTruthy();
  });
});

describe('Achievements tab', () => {
  it('shows each achievement locked or unlocked with its progress from the real counts', () => {
    renderWithQueries(<AchievementsTab achievements={achievementsOf({ ...noStats, votesCast: 37, topicsCreated: 12, delegatesCount: 3, electionsWon: 0 })} />);
    const card = (name: string) => screen.getByRole('listitem', { name });
    expect(within(card('Active Participant')).getByText('Locked')).toBeTruthy();
    expect(card('Active Participant').textContent).toContain('37 / 100');
    expect(within(card('Active Participant')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('37');
    expect(within(card('Topic Creator')).getByText('Unlocked')).toBeTruthy();
    expect(card('Topic Creator').textContent).toContain('10 / 10');
    expect(card('Trusted Delegate').textContent).toContain('3 / 50');
    expect(within(card('Election Winner')).getByText('Locked')).toBeTruthy();
    expect(card('Election Winner').textContent).toContain('0 / 1');
  });
});
