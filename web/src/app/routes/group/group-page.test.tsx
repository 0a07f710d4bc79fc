import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import type { TopicView } from '../../../lib/api/get-group-topics';
import type { GroupStats } from '../../../lib/api/get-group-stats';
import type { Group } from '../../../lib/api/group';
import { jsonResponse, mockFetch, type Route } from '../../../test/mock-fetch';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { makeGroupStats } from '../../../test/stats-fixtures';
import { makeSubscriber } from '../../../test/subscription-fixtures';
import { makeTopic } from '../../../test/topic-page-fixtures';

// The group page is a members' page.
const member = makeUser();
const citizenOfSaudiArabia = makeUser({
  isVerified: true,
  country: 'Saudi Arabia',
  verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
});

interface Served {
  user?: AuthUser;
  groups?: Group[];
  topics?: TopicView[];
  stats?: GroupStats;
  /** Further reads the test answers (memberships, a leader's queue). */
  extra?: Route;
}

/** Answers every read of the group page for `group`. */
function serveGroup(group: Group, { user = member, groups = [group], topics = [], stats = makeGroupStats(), extra = () => undefined }: Served = {}) {
  const route: Route = ({ url }) => {
    if (url === '/api/groups') return jsonResponse(groups);
    if (url === `/api/groups/${group.id}`) return jsonResponse(group);
    if (url === `/api/groups/${group.id}/topics`) return jsonResponse(topics);
    if (url === `/api/groups/${group.id}/stats`) return jsonResponse(stats);
    return undefined;
  };
  return mockFetch(extra, serveCurrentUser(user), route);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

function statValue(container: HTMLElement, label: string) {
  return within(container).getByText(label).nextElementSibling?.textContent;
}

describe('group page header', () => {
  it('shows the name, description, department and one access badge', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', description: 'Faith and community', canParticipate: true });
    serveGroup(islam, { user: makeSubscriber() });
    renderApp(`/group/${islam.id}`);

    const header = (await heading('Islam')).closest('header')!;
    expect(within(header).getByText('Faith and community')).toBeTruthy();
    expect(within(header).getByText('Religion')).toBeTruthy();
    expect(within(header).getByText('Free Access')).toBeTruthy();
    // One badge for one fact: free to take part says 'Full access' already.
    expect(within(header).queryByText('Full access')).toBeNull();
  });

  it("tells a free member of a religion group 'Needs subscription', not 'Free Access'", async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    serveGroup(islam);
    renderApp(`/group/${islam.id}`);

    const header = (await heading('Islam')).closest('header')!;
    expect(within(header).getByText('Needs subscription')).toBeTruthy();
    expect(within(header).queryByText('Free Access')).toBeNull();
  });

  it("gives a subscriber who takes part 'Full access', not 'Premium Required'", async () => {
    const international = makeGroup({ name: 'International', department: 'international', subscriptionType: 'premium', canParticipate: true });
    serveGroup(international, { user: makeSubscriber() });
    renderApp(`/group/${international.id}`);

    const header = (await heading('International')).closest('header')!;
    expect(within(header).getByText('Full access')).toBeTruthy();
    expect(within(header).getByText('Premium Member')).toBeTruthy();
    expect(within(header).queryByText('Premium Required')).toBeNull();
  });

  it("shows an observer of another country 'View only' beside the price tier", async () => {
    const france = makeNationalGroup('France');
    serveGroup(france, { user: citizenOfSaudiArabia });
    renderApp(`/group/${france.id}`);

    const header = (await heading('France')).closest('header')!;
    expect(within(header).getByText('View only')).toBeTruthy();
    expect(within(header).getByText('Premium Required')).toBeTruthy();
  });

  it('counts the members as the statistics do, even when the group read is older', async () => {
    // The group was read before the member took part; the statistics after.
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true, memberCount: 0 });
    serveGroup(islam, { stats: makeGroupStats({ activeMembers: 1 }) });
    renderApp(`/group/${islam.id}`);

    const header = (await heading('Islam')).closest('header')!;
    expect(await within(header).findByText('1 member')).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Group Statistics' });
    expect(statValue(stats, 'Active Members')).toBe('1');
  });

  it.each([
    ['premium', 'Premium Required'],
    ['elite', 'Exclusive Access'],
  ] as const)('labels a %s group "%s"', async (subscriptionType, label) => {
    const group = makeGroup({ name: 'Some Group', department: 'international', subscriptionType });
    serveGroup(group);
    renderApp(`/group/${group.id}`);

    const header = (await heading('Some Group')).closest('header')!;
    expect(within(header).getByText(label)).toBeTruthy();
  });

  it('adds the Premium Member badge for a subscriber, and only then', async () => {
    const group = makeGroup({ name: 'Global Forum', department: 'international', subscriptionType: 'premium' });
    serveGroup(group, { user: makeSubscriber() });
    const { unmount } = renderApp(`/group/${group.id}`);

    await heading('Global Forum');
    expect(screen.getByText('Premium Member')).toBeTruthy();
    unmount();

    serveGroup(group);
    renderApp(`/group/${group.id}`);
    await heading('Global Forum');
    expect(screen.queryByText('Premium Member')).toBeNull();
  });

  it('says so when the group does not exist', async () => {
    mockFetch(serveCurrentUser(member), () => new Response('{"message":"Group not found"}', { status: 404 }));
    renderApp('/group/424242');

    expect(await screen.findByText('Group not found')).toBeTruthy();
  });

  it('does not ask the server about ids that cannot exist', async () => {
    const fetchMock = mockFetch(serveCurrentUser(member));
    renderApp('/group/abc');

    expect(await screen.findByText('Group not found')).toBeTruthy();
    // The header's bell reads the member's notifications on every page; the page itself asks nothing.
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url !== '/api/notifications')).toEqual(['/api/auth/user']);
  });
});

describe('/group/1', () => {
  it("goes to the member's own family group, replacing the alias in the history", async () => {
    const family = makeGroup({ name: "Amina's Family", department: 'family', ownerId: member.id, canParticipate: true, isMember: true });
    const othersFamily = makeGroup({ name: "Omar's Family", department: 'family', ownerId: 'user-omar', isMember: true });
    // GET /api/groups lists the member's personal groups, each with its owner.
    serveGroup(family, { groups: [othersFamily, family] });
    const { location } = renderApp('/group/1');

    expect(await heading("Amina's Family")).toBeTruthy();
    expect(location.history).toEqual([`/group/${family.id}`]);
    expect(screen.getByText('Private family group')).toBeTruthy();
  });
});

describe('national group banners', () => {
  it('shows an unverified member the observer banner with Verify Identity', async () => {
    const france = makeNationalGroup('France');
    serveGroup(france);
    renderApp(`/group/${france.id}`);

    await heading('France');
    const banner = screen.getByText('You are viewing as an observer').closest<HTMLElement>('[role="alert"]')!;
    expect(within(banner).getByText(/You have not verified a nationality yet\./)).toBeTruthy();
    expect(screen.queryByText('Full citizen access')).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Verify Identity' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Your Identity' })).toBeTruthy();
  });

  it("lists a citizen of another country's verified countries, with Add Nationality opening the nationality manager", async () => {
    const france = makeNationalGroup('France');
    serveGroup(france, { user: citizenOfSaudiArabia });
    renderApp(`/group/${france.id}`);

    await heading('France');
    const banner = screen.getByText('You are viewing as an observer').closest<HTMLElement>('[role="alert"]')!;
    expect(within(banner).getByText(/Your verified countries: Saudi Arabia\./)).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Verify Identity' })).toBeNull();
    // An additional nationality needs a document: the manager, not the simple dialog.
    fireEvent.click(within(banner).getByRole('button', { name: 'Add Nationality' }));
    expect(await screen.findByRole('dialog', { name: 'Nationality Verification' })).toBeTruthy();
  });

  it('gives the group\u2019s leader its pending verifications to confirm, and nobody else', async () => {
    const egypt = makeNationalGroup('Egypt', { canParticipate: true });
    const leader = makeUser({ isVerified: true, country: 'Egypt', verifications: [{ id: 'v-1', country: 'Egypt', status: 'approved', isVerified: true }] });
    const membership = {
      id: 'm-1',
      userId: leader.id,
      groupId: egypt.id,
      isSubscribed: false,
      isLeader: true,
      role: 'member' as const,
      joinedAt: '2025-03-01T12:00:00.000Z',
      group: egypt,
    };
    const claim = {
      id: 'v-7',
      userName: 'Fadi Haddad',
      country: 'Egypt',
      countryKey: 'egypt',
      verificationType: 'document',
      documentImageUrl: '/api/user/verifications/v-7/document',
      confirmedByLeader: false,
      createdAt: '2025-03-02T10:00:00.000Z',
    };
    serveGroup(egypt, {
      user: leader,
      extra: ({ url }) => {
        if (url === '/api/user/groups') return jsonResponse([membership]);
        if (url === '/api/leader/verifications') return jsonResponse([claim]);
        return undefined;
      },
    });
    renderApp(`/group/${egypt.id}`);

    const panel = await screen.findByRole('region', { name: 'Pending verifications' });
    expect(await within(panel).findByText('Fadi Haddad')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('shows no pending verifications to a citizen who does not lead the group', async () => {
    const egypt = makeNationalGroup('Egypt', { canParticipate: true });
    serveGroup(egypt, { user: citizenOfSaudiArabia });
    renderApp(`/group/${egypt.id}`);
    await heading('Egypt');
    expect(screen.queryByRole('region', { name: 'Pending verifications' })).toBeNull();
  });

  it('shows a verified citizen the full-citizen banner', async () => {
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
    serveGroup(saudiArabia, { user: citizenOfSaudiArabia });
    renderApp(`/group/${saudiArabia.id}`);

    await heading('Saudi Arabia');
    expect(screen.getByText('Full citizen access')).toBeTruthy();
    expect(screen.queryByText('You are viewing as an observer')).toBeNull();
  });

  it('lists the participation requirements and which are met', async () => {
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
    serveGroup(saudiArabia, { user: citizenOfSaudiArabia });
    renderApp(`/group/${saudiArabia.id}`);

    const card = await screen.findByRole('region', { name: 'Participation Requirements' });
    const requirement = (name: string) => within(card).getByText(name).closest('li')!;
    expect(within(requirement('Verified citizenship of Saudi Arabia')).getByText('Met')).toBeTruthy();
    expect(within(requirement('Civic Participation subscription')).getByText('Not met')).toBeTruthy();
  });

  it('offers an unsubscribed member of a business group the way to subscribe', async () => {
    const business = makeGroup({ name: "Omar's Business", department: 'business', subscriptionType: 'premium', isMember: true });
    serveGroup(business);
    const { location } = renderApp(`/group/${business.id}`);

    await heading("Omar's Business");
    const banner = screen.getByText('Private business group').closest<HTMLElement>('[role="alert"]')!;
    fireEvent.click(within(banner).getByRole('link', { name: 'Subscribe Now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscribe'));
  });

  it('explains an open religious community, without national cards', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    serveGroup(islam);
    renderApp(`/group/${islam.id}`);

    await heading('Islam');
    const banner = screen.getByText('Open community').closest<HTMLElement>('[role="alert"]')!;
    // Free to post and vote; creating a topic is not (every type there needs a subscription).
    expect(banner.textContent).toContain('Every member can post opinions and vote here, free of charge.');
    expect(banner.textContent).toContain('Creating topics (law amendments and dispute resolutions) needs a Civic Participation subscription.');
    expect(screen.queryByRole('region', { name: 'Participation Requirements' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Group Overview' })).toBeNull();
  });
});

describe('discussion topics', () => {
  const topics = [
    makeTopic({ title: 'Lower the speed limit near schools', type: 'law_amendment' }),
    makeTopic({ title: 'Settle the market stall dispute', type: 'dispute_resolution', status: 'closed' }),
  ];

  it('lists the topics, links the laws and offers Create Topic to a participant who can create one', async () => {
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true, memberCount: 12 });
    serveGroup(saudiArabia, { user: { ...citizenOfSaudiArabia, isSubscribed: true }, topics });
    renderApp(`/group/${saudiArabia.id}`);

    const section = await screen.findByRole('region', { name: 'Discussion Topics' });
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Lower the speed limit near schools',
      'Settle the market stall dispute',
    ]);
    expect(within(section).getByRole('link', { name: 'View Laws' }).getAttribute('href')).toBe(`/laws/${saudiArabia.id}`);
    expect(within(section).getByRole('button', { name: 'Create Topic' })).toBeTruthy();
    expect(within(section).queryByText('Creating topics needs a subscription')).toBeNull();

    const overview = screen.getByRole('region', { name: 'Group Overview' });
    expect(statValue(overview, 'Members')).toBe('12');
    expect(statValue(overview, 'Law Amendments')).toBe('1');
    expect(statValue(overview, 'Dispute Resolutions')).toBe('1');
    expect(statValue(overview, 'Closed Topics')).toBe('1');
  });

  it('hides Create Topic from an observer', async () => {
    const france = makeNationalGroup('France');
    serveGroup(france, { topics });
    renderApp(`/group/${france.id}`);

    const section = await screen.findByRole('region', { name: 'Discussion Topics' });
    await within(section).findAllByRole('article');
    expect(within(section).queryByRole('button', { name: 'Create Topic' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'View Laws' })).toBeTruthy();
  });

  it.each([
    ['a free member of a religion group', makeGroup({ name: 'Islam', department: 'religion', canParticipate: true }), member],
    ['a verified but unsubscribed citizen in their country', makeNationalGroup('Saudi Arabia', { canParticipate: true }), citizenOfSaudiArabia],
  ])('tells %s why they cannot create a topic, with the way to subscribe', async (_, group, user) => {
    serveGroup(group, { user });
    const { location } = renderApp(`/group/${group.id}`);

    const section = await screen.findByRole('region', { name: 'Discussion Topics' });
    const notice = within(section).getByText('Creating topics needs a subscription').closest<HTMLElement>('[role="alert"]')!;
    expect(notice.textContent).toContain(`The topics of ${group.name} are law amendments and dispute resolutions.`);
    expect(notice.textContent).toContain('Law amendments and dispute resolutions need a Civic Participation subscription.');
    expect(within(section).queryByRole('button', { name: 'Create Topic' })).toBeNull();
    expect(await within(section).findByText('No topics yet.')).toBeTruthy();

    fireEvent.click(within(notice).getByRole('link', { name: 'Subscribe Now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscribe'));
  });

  it('tells a suspended member why they cannot create a topic', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    serveGroup(islam, { user: makeSubscriber({ isBanned: true, banReason: 'Repeated spam' }) });
    renderApp(`/group/${islam.id}`);

    const section = await screen.findByRole('region', { name: 'Discussion Topics' });
    expect(within(section).getByText('Your account is suspended: Repeated spam')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Create Topic' })).toBeNull();
  });

  it('says when there are no topics yet, inviting a member who can create the first', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    serveGroup(islam, { user: makeSubscriber() });
    renderApp(`/group/${islam.id}`);

    expect(await screen.findByText('No topics yet. Create the first one to start the discussion.')).toBeTruthy();
  });
});

describe('group statistics and tabs', () => {
  it('shows the statistics the server counted', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion' });
    serveGroup(islam, { stats: makeGroupStats({ activeMembers: 48, activeTopics: 3, pendingElections: 1, resolvedIssues: 7 }) });
    renderApp(`/group/${islam.id}`);

    const stats = await screen.findByRole('region', { name: 'Group Statistics' });
    await waitFor(() => expect(statValue(stats, 'Active Members')).toBe('48'));
    expect(statValue(stats, 'Active Topics')).toBe('3');
    expect(statValue(stats, 'Pending Elections')).toBe('1');
    expect(statValue(stats, 'Resolved Issues')).toBe('7');
  });

  it('has a tab per group with its badge, and opens the chosen one', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion' });
    const international = makeGroup({ name: 'International', department: 'international', requiresSubscription: true });
    const alliance = makeGroup({ name: 'Alliance', department: 'alliance', subscriptionType: 'elite' });
    const groups = [islam, international, alliance];
    mockFetch(serveCurrentUser(member), ({ url }) => {
      if (url === '/api/groups') return jsonResponse(groups);
      const group = groups.find((candidate) => url === `/api/groups/${candidate.id}`);
      if (group) return jsonResponse(group);
      if (url.endsWith('/topics')) return jsonResponse([]);
      if (url.endsWith('/stats')) return jsonResponse(makeGroupStats());
      return undefined;
    });
    const { location } = renderApp(`/group/${islam.id}`);

    await heading('Islam');
    const tabs = await screen.findByRole('tablist', { name: 'Groups' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['IslamFree', 'InternationalSubscription', 'AllianceLeaders Only']);
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('IslamFree');

    fireEvent.click(within(tabs).getByRole('tab', { name: /Alliance/ }));
    expect(await heading('Alliance')).toBeTruthy();
    expect(location.history).toEqual([`/group/${islam.id}`, `/group/${alliance.id}`]);
  });
});

describe('leadership election', () => {
  it('shows the leadership election card in a group that elects a leader', async () => {
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
    const fetchMock = serveGroup(saudiArabia, { user: citizenOfSaudiArabia });
    renderApp(`/group/${saudiArabia.id}`);

    const card = await screen.findByRole('region', { name: 'Leadership Election' });
    // The server answers 404 while there is none.
    expect(await within(card).findByText('Initializing')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start Leadership Election' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`/api/groups/${saudiArabia.id}/main-election`);
  });

  it('has no leadership card in a personal group', async () => {
    const family = makeGroup({ name: "Amina's Family", department: 'family', canParticipate: true, isMember: true });
    const fetchMock = serveGroup(family);
    renderApp(`/group/${family.id}`);

    await heading("Amina's Family");
    await screen.findByRole('region', { name: 'Group Statistics' });
    expect(screen.queryByRole('region', { name: 'Leadership Election' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(`/api/groups/${family.id}/main-election`);
  });
});
