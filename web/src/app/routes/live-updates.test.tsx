import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../test/auth-fixtures';
import { fakeLiveSocket } from '../../test/live-socket-fakes';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { makeOpinion, makeStats, makeTopic, serveTopic } from '../../test/topic-page-fixtures';
import { makeGroup } from '../../test/group-fixtures';
import { makeGroupStats, makePlatformStats, serveSidebarStats } from '../../test/stats-fixtures';
import { POSITION_HEADER } from '../../lib/read-position';
import type { OpinionView } from '../../lib/api/get-topic-opinions';
import type { TopicStats } from '../../lib/api/get-topic-stats';
import type { GroupStats } from '../../lib/api/get-group-stats';
import type { TopicView } from '../../lib/api/get-topic';

const member = serveCurrentUser(makeUser({ id: 'member-1' }));

function positionOf(call: [unknown, RequestInit?] | undefined): string | undefined {
  return (call?.[1]?.headers as Record<string, string> | undefined)?.[POSITION_HEADER];
}

async function openLive(path: string, ...routes: Route[]) {
  const fetchMock = mockFetch(member, ...routes);
  const socket = fakeLiveSocket();
  renderApp(path, socket.live);
  await waitFor(() => expect(socket.sockets.length).toBe(1));
  act(() => socket.latest().serverOpens());
  const push = (frame: unknown) => act(() => socket.latest().serverSends(frame));
  return { fetchMock, socket, push };
}

describe('live updates on the topic page', () => {
  it("shows another member's opinion and vote when the server says so, reading at the frame's position", async () => {
    const topic = makeTopic();
    let opinions: OpinionView[] = [];
    const { fetchMock, push } = await openLive(`/topic/${topic.id}`, serveTopic(topic, { opinions: () => opinions }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', `/api/topics/${topic.id}/opinions`).length).toBeGreaterThan(0));
    const empty = await screen.findByRole('region', { name: 'Top Opinion' });
    expect(within(empty).getByText('No opinions yet. The most supported opinion will appear here.')).toBeTruthy();

    opinions = [makeOpinion({ topicId: topic.id, content: 'Posted in another browser', supportCount: 1, voteCount: 1 })];
    push({ type: 'opinions', data: { topicId: topic.id }, position: '0000000321' });
    const top = await screen.findByRole('region', { name: 'Top Opinion' });
    expect(await within(top).findByText('Posted in another browser')).toBeTruthy();
    expect(positionOf(requestsTo(fetchMock, 'GET', `/api/topics/${topic.id}/opinions`).at(-1))).toBe('0000000321');
  });

  it('refreshes the numbers on topicStats, and ignores frames of other topics', async () => {
    const topic = makeTopic();
    let stats: TopicStats = makeStats({ participants: 2, totalVotes: 1 });
    const { fetchMock, push } = await openLive(`/topic/${topic.id}`, serveTopic(topic, { stats: () => stats }));
    const header = await screen.findByRole('region', { name: topic.title });
    expect(await within(header).findByText('2 participants')).toBeTruthy();

    stats = makeStats({ participants: 3, totalVotes: 4 });
    const before = requestsTo(fetchMock, 'GET', `/api/topics/${topic.id}/stats`).length;
    push({ type: 'topicStats', data: { topicId: 'some-other-topic' }, position: '0000000400' });
    push({ type: 'opinions', data: { topicId: 'some-other-topic' }, position: '0000000401' });
    expect(requestsTo(fetchMock, 'GET', `/api/topics/${topic.id}/stats`)).toHaveLength(before);

    push({ type: 'topicStats', data: { topicId: topic.id }, position: '0000000402' });
    expect(await within(header).findByText('3 participants')).toBeTruthy();
    expect(within(header).getByText('4 votes cast')).toBeTruthy();
  });

  it('reads the candidates again on a candidates frame', async () => {
    const topic = makeTopic({ type: 'election' });
    const candidatesUrl = `/api/topics/${topic.id}/candidates`;
    const { fetchMock, push } = await openLive(`/topic/${topic.id}`, serveTopic(topic), ({ url }) => (url === candidatesUrl ? jsonResponse([]) : undefined));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', candidatesUrl).length).toBeGreaterThan(0));
    const before = requestsTo(fetchMock, 'GET', candidatesUrl).length;
    push({ type: 'candidates', data: { topicId: topic.id }, position: '0000000500' });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', candidatesUrl).length).toBe(before + 1));
    expect(positionOf(requestsTo(fetchMock, 'GET', candidatesUrl).at(-1))).toBe('0000000500');
  });
});

describe('live updates on the group page and the dashboard', () => {
  it('refreshes the topic list and the statistics when a topic of the group changes', async () => {
    const group = makeGroup({ name: 'Islam', department: 'religion' });
    let topics: TopicView[] = [];
    let stats: GroupStats = makeGroupStats({ activeTopics: 0 });
    const { push } = await openLive(`/group/${group.id}`, ({ url }) => {
      if (url === '/api/groups') return jsonResponse([group]);
      if (url === `/api/groups/${group.id}`) return jsonResponse(group);
      if (url === `/api/groups/${group.id}/topics`) return jsonResponse(topics);
      if (url === `/api/groups/${group.id}/stats`) return jsonResponse(stats);
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Islam' });

    const created = makeTopic({ groupId: group.id, title: 'Ramadan timetable for the community hall' });
    topics = [created];
    stats = makeGroupStats({ activeTopics: 1 });
    push({ type: 'topicStats', data: { topicId: created.id }, position: '0000000600' });
    expect(await screen.findByText('Ramadan timetable for the community hall')).toBeTruthy();
  });

  it('reads the platform statistics again on statsUpdate (docs/product.md, Calls)', async () => {
    let platform = makePlatformStats({ lawsAmended: 2 });
    const { fetchMock, push } = await openLive(
      '/',
      ({ url }) => (url === '/api/groups' ? jsonResponse([]) : undefined),
      // Before the sidebar's fixed answers, so this one wins.
      ({ url }) => (url === '/api/platform/stats' ? jsonResponse(platform) : undefined),
      serveSidebarStats(),
    );
    const card = await screen.findByRole('region', { name: 'Group Statistics' });
    await waitFor(() => expect(within(card).getByText('Laws Amended').nextElementSibling?.textContent).toBe('2'));

    platform = makePlatformStats({ lawsAmended: 3 });
    push({ type: 'statsUpdate', position: '0000000700' });
    await waitFor(() => expect(within(card).getByText('Laws Amended').nextElementSibling?.textContent).toBe('3'));
    expect(positionOf(requestsTo(fetchMock, 'GET', '/api/platform/stats').at(-1))).toBe('0000000700');
  });
});
