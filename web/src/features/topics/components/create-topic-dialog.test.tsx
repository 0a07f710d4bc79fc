import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../../lib/api/get-current-user';
import type { Group } from '../../../lib/api/group';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeGroupStats, serveSidebarStats } from '../../../test/stats-fixtures';
import { makeSubscriber, sentBody } from '../../../test/subscription-fixtures';
import { makeTopic } from '../../../test/topic-page-fixtures';
import { TOPIC_SUBSCRIPTION_REQUIRED } from '@civitas/events/topics/topic-rules';
import { notifications } from '../../../test/toasts';

const citizen = makeUser({
  isVerified: true,
  country: 'Saudi Arabia',
  verifications: [{ id: 'v-1', country: 'Saudi Arabia', status: 'approved', isVerified: true }],
});
const family = makeGroup({ name: "Amina's Family", department: 'family', canParticipate: true, isMember: true });

const isTopicPost = (url: string, init: RequestInit | undefined) => url === '/api/topics' && init?.method === 'POST';

/** The group page of `group`, and POST /api/topics answered by `answer`. */
function serveGroupPage(group: Group, user: AuthUser, answer: (body: unknown) => Response = () => new Response('', { status: 500 })) {
  return mockFetch(serveCurrentUser(user), ({ url, init }) => {
    if (isTopicPost(url, init)) return answer(sentBody(init));
    if (url === '/api/groups') return jsonResponse([group]);
    if (url === `/api/groups/${group.id}`) return jsonResponse(group);
    if (url === `/api/groups/${group.id}/topics`) return jsonResponse([]);
    if (url === `/api/groups/${group.id}/stats`) return jsonResponse(makeGroupStats());
    return undefined;
  });
}

async function openDialog(group: Group) {
  const rendered = renderApp(`/group/${group.id}`);
  const section = await screen.findByRole('region', { name: 'Discussion Topics' });
  fireEvent.click(within(section).getByRole('button', { name: 'Create Topic' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Topic' });
  return { ...rendered, dialog };
}

const typeSelect = (dialog: HTMLElement) => within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Type' });
const offeredTypes = (dialog: HTMLElement) =>
  within(typeSelect(dialog))
    .getAllByRole('option')
    .map((o) => o.textContent);
const daysField = (dialog: HTMLElement) => within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: 'Duration (days)' });

function fill(dialog: HTMLElement, title: string, description: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: title } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: description } });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Topic' }));
const posts = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url, init]) => isTopicPost(String(url), init));

describe('create topic dialog', () => {
  it.each([
    ['family', makeGroup({ name: 'Family', department: 'family', canParticipate: true }), ['Family Discussion', 'Law Amendment', 'Dispute Resolution']],
    ['friends', makeGroup({ name: 'Friends', department: 'friends', canParticipate: true }), ['Friends Discussion', 'Law Amendment', 'Dispute Resolution']],
    [
      'business',
      makeGroup({ name: 'Business', department: 'business', canParticipate: true }),
      ['Business Discussion', 'Election', 'Law Amendment', 'Dispute Resolution'],
    ],
    ['alliance', makeGroup({ name: 'Alliance', department: 'alliance', canParticipate: true }), ['Alliance Discussion', 'Law Amendment', 'Dispute Resolution']],
    ['national', makeNationalGroup('Saudi Arabia', { canParticipate: true }), ['Law Amendment', 'Dispute Resolution']],
    ['religion', makeGroup({ name: 'Islam', department: 'religion', canParticipate: true }), ['Law Amendment', 'Dispute Resolution']],
  ])('offers the %s department its types, its own first and preselected', async (_, group, types) => {
    serveGroupPage(group, makeSubscriber());
    const { dialog } = await openDialog(group);

    expect(offeredTypes(dialog)).toEqual(types);
    expect(typeSelect(dialog).selectedOptions[0]?.textContent).toBe(types[0]);
    expect(daysField(dialog).value).toBe('7');
  });

  it('runs an election 14 days by default, unless the member chose the duration', async () => {
    const business = makeGroup({ name: 'Business', department: 'business', canParticipate: true });
    serveGroupPage(business, makeSubscriber());
    const { dialog } = await openDialog(business);

    fireEvent.change(typeSelect(dialog), { target: { value: 'election' } });
    expect(daysField(dialog).value).toBe('14');
    fireEvent.change(daysField(dialog), { target: { value: '3' } });
    fireEvent.change(typeSelect(dialog), { target: { value: 'business_discussion' } });
    expect(daysField(dialog).value).toBe('3');
  });

  it("asks an election's counting method, one candidate by default, and sends it only with an election", async () => {
    const business = makeGroup({ name: 'Business', department: 'business', canParticipate: true });
    const created = makeTopic({ groupId: business.id, type: 'election', method: 'schulze' });
    const fetchMock = serveGroupPage(business, makeSubscriber(), () => jsonResponse({ position: null, topic: created }, { status: 201 }));
    const { dialog } = await openDialog(business);
    expect(within(dialog).queryByRole('group', { name: 'Counting method' })).toBeNull();

    fireEvent.change(typeSelect(dialog), { target: { value: 'election' } });
    const methods = within(dialog).getByRole('group', { name: 'Counting method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['plurality', 'schulze', 'approval']);
    const plurality = within(methods).getByRole<HTMLInputElement>('radio', { name: 'One candidate (plurality)' });
    expect(plurality.checked).toBe(true);
    // Each option's line of explanation is its description.
    expect(within(methods).getByRole('radio', { name: 'Ranked (Schulze)', description: /^Members rank the candidates, ties allowed/ })).toBeTruthy();
    expect(
      within(methods).getByRole('radio', { name: 'Approval', description: 'Members approve any number of candidates; the most approved wins.' }),
    ).toBeTruthy();

    fireEvent.click(within(methods).getByRole('radio', { name: 'Ranked (Schulze)' }));
    fill(dialog, 'Choose our treasurer', 'Rank the members who stand for treasurer this year.');
    submit(dialog);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(posts(fetchMock)[0]?.[1])).toMatchObject({ type: 'election', method: 'schulze' });
  });

  it('sends no method with a topic that is not an election, even after one was picked', async () => {
    const business = makeGroup({ name: 'Business', department: 'business', canParticipate: true });
    const created = makeTopic({ groupId: business.id, type: 'business_discussion' });
    const fetchMock = serveGroupPage(business, makeSubscriber(), () => jsonResponse({ position: null, topic: created }, { status: 201 }));
    const { dialog } = await openDialog(business);

    fireEvent.change(typeSelect(dialog), { target: { value: 'election' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Approval' }));
    fireEvent.change(typeSelect(dialog), { target: { value: 'business_discussion' } });
    expect(within(dialog).queryByRole('group', { name: 'Counting method' })).toBeNull();
    fill(dialog, 'Opening hours', 'Should the shop open on Fridays after prayers?');
    submit(dialog);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(posts(fetchMock)[0]?.[1])).not.toHaveProperty('method');
  });

  it('asks how a law amendment is decided: support and oppose each opinion by default, sent as no method', async () => {
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
    const created = makeTopic({ groupId: saudiArabia.id, type: 'law_amendment' });
    const fetchMock = serveGroupPage(saudiArabia, makeSubscriber(), () => jsonResponse({ position: null, topic: created }, { status: 201 }));
    const { dialog } = await openDialog(saudiArabia);

    const methods = within(dialog).getByRole('group', { name: 'How the opinions are decided' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['supportOppose', 'schulze']);
    const perOpinion = within(methods).getByRole<HTMLInputElement>('radio', {
      name: 'Support and oppose each opinion',
      description: 'Members support or oppose each opinion; the top-voted opinion becomes the law.',
    });
    expect(perOpinion.checked).toBe(true);
    expect(
      within(methods).getByRole('radio', {
        name: 'Rank the opinions against no change (Schulze)',
        description: /^Members rank the opinions and No change; the opinion no other beats head to head becomes the law/,
      }),
    ).toBeTruthy();
    fill(dialog, 'Lower the speed limit', 'Children walk to school along busy roads.');
    submit(dialog);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(posts(fetchMock)[0]?.[1])).not.toHaveProperty('method');
  });

  it("sends 'schulze' with a dispute resolution ranked against no change", async () => {
    const business = makeGroup({ name: 'Business', department: 'business', canParticipate: true });
    const created = makeTopic({ groupId: business.id, type: 'dispute_resolution', method: 'schulze' });
    const fetchMock = serveGroupPage(business, makeSubscriber(), () => jsonResponse({ position: null, topic: created }, { status: 201 }));
    const { dialog } = await openDialog(business);
    // A discussion is decided by no method: nothing to ask.
    expect(within(dialog).queryByRole('group', { name: 'How the opinions are decided' })).toBeNull();

    fireEvent.change(typeSelect(dialog), { target: { value: 'dispute_resolution' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Rank the opinions against no change (Schulze)' }));
    fill(dialog, 'Shared parking', 'Two shops claim the same parking spaces every morning.');
    submit(dialog);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(posts(fetchMock)[0]?.[1])).toMatchObject({ type: 'dispute_resolution', method: 'schulze' });
  });

  it('sends no method with a discussion, even after a law type was ranked', async () => {
    const business = makeGroup({ name: 'Business', department: 'business', canParticipate: true });
    const created = makeTopic({ groupId: business.id, type: 'business_discussion' });
    const fetchMock = serveGroupPage(business, makeSubscriber(), () => jsonResponse({ position: null, topic: created }, { status: 201 }));
    const { dialog } = await openDialog(business);

    fireEvent.change(typeSelect(dialog), { target: { value: 'law_amendment' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Rank the opinions against no change (Schulze)' }));
    fireEvent.change(typeSelect(dialog), { target: { value: 'business_discussion' } });
    expect(within(dialog).queryByRole('group', { name: 'How the opinions are decided' })).toBeNull();
    fill(dialog, 'Opening hours', 'Should the shop open on Fridays after prayers?');
    submit(dialog);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(sentBody(posts(fetchMock)[0]?.[1])).not.toHaveProperty('method');
  });

  it('checks title, description and duration before sending', async () => {
    const fetchMock = serveGroupPage(family, citizen);
    const { dialog } = await openDialog(family);

    fill(dialog, ' Tax ', 'Too short');
    fireEvent.change(daysField(dialog), { target: { value: '31' } });
    submit(dialog);

    expect(await within(dialog).findByText('Title must be at least 5 characters')).toBeTruthy();
    expect(within(dialog).getByText('Description must be at least 20 characters')).toBeTruthy();
    expect(within(dialog).getByText('A topic runs 1 to 30 days')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('offers a free member only the types they can create, naming the others with the way to them', async () => {
    serveGroupPage(family, citizen);
    const { dialog, location } = await openDialog(family);

    expect(offeredTypes(dialog)).toEqual(['Family Discussion']);
    expect(within(dialog).getByText(/^Law amendments and dispute resolutions need a Civic Participation subscription\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Subscribe' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscribe'));
  });

  it("answers the server's refusal for want of a subscription with the Subscription Required toast", async () => {
    // The subscription lapsed after the page was read: the server has the last word.
    const saudiArabia = makeNationalGroup('Saudi Arabia', { canParticipate: true });
    const fetchMock = serveGroupPage(saudiArabia, makeSubscriber(), () => jsonResponse({ message: TOPIC_SUBSCRIPTION_REQUIRED }, { status: 403 }));
    const { dialog } = await openDialog(saudiArabia);

    fill(dialog, 'Lower the speed limit', 'Children walk to school along busy roads.');
    submit(dialog);

    const toast = notifications();
    expect(await within(toast).findByText('Subscription Required')).toBeTruthy();
    expect(within(toast).getByText('You need a Civic Participation subscription to create law amendments and dispute resolutions.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Create New Topic' })).toBeTruthy();
  });

  it('sends the topic, confirms and opens it', async () => {
    const created = makeTopic({ groupId: family.id, type: 'family_discussion' });
    const fetchMock = serveGroupPage(family, citizen, () => jsonResponse({ position: '0000000000000001-0000000000000001', topic: created }, { status: 201 }));
    const { dialog, location } = await openDialog(family);
    const topicReads = () => fetchMock.mock.calls.filter(([url]) => url === `/api/groups/${family.id}/topics`).length;
    const readsBefore = topicReads();

    fill(dialog, '  Summer holiday plans ', 'Where should we all go this summer, and when?');
    fireEvent.change(daysField(dialog), { target: { value: '10' } });
    submit(dialog);

    expect(await within(notifications()).findByText('Topic created successfully!')).toBeTruthy();
    expect(sentBody(posts(fetchMock)[0]?.[1])).toEqual({
      title: 'Summer holiday plans',
      description: 'Where should we all go this summer, and when?',
      type: 'family_discussion',
      groupId: family.id,
      expiresInDays: 10,
    });
    await waitFor(() => expect(location.history).toEqual([`/group/${family.id}`, `/topic/${created.id}`]));
    // The group's list was marked stale: it is read again.
    await waitFor(() => expect(topicReads()).toBeGreaterThan(readsBefore));
  });

  it("shows the server's reason when the topic is refused", async () => {
    const fetchMock = serveGroupPage(family, citizen, () => jsonResponse({ message: 'Only members of this group can participate.' }, { status: 403 }));
    const { dialog, location } = await openDialog(family);

    fill(dialog, 'Summer holiday plans', 'Where should we all go this summer, and when?');
    submit(dialog);

    const toast = notifications();
    expect(await within(toast).findByText('Failed to create topic. Please try again.')).toBeTruthy();
    expect(within(toast).getByText('Only members of this group can participate.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(location.history).toEqual([`/group/${family.id}`]);
  });

  it('lets the dashboard pick the group, with the types of the group picked', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    const created = makeTopic({ groupId: family.id, type: 'family_discussion' });
    const fetchMock = mockFetch(serveCurrentUser(makeSubscriber()), serveSidebarStats(), ({ url, init }) => {
      if (isTopicPost(url, init)) return jsonResponse({ position: null, topic: created }, { status: 201 });
      return url === '/api/groups' ? jsonResponse([islam, family]) : undefined;
    });
    const { location } = renderApp('/');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Create New Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Topic' });

    expect(offeredTypes(dialog)).toEqual(['Law Amendment', 'Dispute Resolution']);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Group' }), { target: { value: String(family.id) } });
    expect(offeredTypes(dialog)).toEqual(['Family Discussion', 'Law Amendment', 'Dispute Resolution']);
    expect(typeSelect(dialog).value).toBe('family_discussion');

    fill(dialog, 'Summer holiday plans', 'Where should we all go this summer, and when?');
    submit(dialog);

    await waitFor(() => expect(location.history).toEqual(['/', `/topic/${created.id}`]));
    expect(sentBody(posts(fetchMock)[0]?.[1])).toMatchObject({ groupId: family.id, type: 'family_discussion', expiresInDays: 7 });
  });

  it("offers the dashboard's free member only the groups where they can create a topic", async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    mockFetch(serveCurrentUser(citizen), serveSidebarStats(), ({ url }) => (url === '/api/groups' ? jsonResponse([islam, family]) : undefined));
    renderApp('/');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Create New Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Topic' });

    // Islam takes only law amendments and dispute resolutions: not offered, so no group to pick.
    expect(within(dialog).queryByRole('combobox', { name: 'Group' })).toBeNull();
    expect(offeredTypes(dialog)).toEqual(['Family Discussion']);
  });

  it('tells a member with no group to create a topic in why, with the way to subscribe', async () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion', canParticipate: true });
    mockFetch(serveCurrentUser(citizen), serveSidebarStats(), ({ url }) => (url === '/api/groups' ? jsonResponse([islam]) : undefined));
    const { location } = renderApp('/');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Create New Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Topic' });

    expect(within(dialog).getByText('Creating topics needs a subscription')).toBeTruthy();
    expect(within(dialog).getByText(/There is no group where you can create a topic yet\./)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Title' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Subscribe Now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/subscribe'));
  });
});
