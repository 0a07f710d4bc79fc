import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TopicTimeline } from '@civitas/events/audit/timeline.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { fakeLiveSocket } from '../../../test/live-socket-fakes';
import { jsonResponse, mockFetch, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeOpinion, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { makeGroup } from '../../../test/group-fixtures';
import { makeDelegation, makeGroupDelegation } from '../../../test/delegation-fixtures';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';

// Issue #32 item 5: the topic page as a member meets it.
const member = serveCurrentUser(makeUser({ id: 'member-1' }));
const topic = makeTopic({ groupId: 7 });
const opinion = makeOpinion({ topicId: topic.id, content: 'Thirty in school zones.', myVote: null });
const timelineUrl = `/api/audit/topics/${topic.id}/timeline`;

const timelineAt = (support: number): TopicTimeline => ({
  from: '2025-03-01T10:00:00.000Z',
  to: '2025-03-08T10:00:00.000Z',
  series: [
    { position: '0000000000000001-0000000000000001', at: '2025-03-01T10:00:00.000Z', tallies: [] },
    {
      position: '0000000000000001-0000000000000009',
      at: '2025-03-08T10:00:00.000Z',
      tallies: support === 0 ? [] : [{ id: opinion.id, label: opinion.content, weightedSupport: support, weightedOppose: 0 }],
    },
  ],
});

function serve({ opinions, timeline, delegated = false }: { opinions: () => OpinionView[]; timeline?: () => TopicTimeline; delegated?: boolean }): Route[] {
  return [
    member,
    serveTopic(topic, { opinions }),
    ({ url }) => {
      if (url === '/api/groups/7') return jsonResponse(makeGroup({ id: 7, name: 'Amina’s Family', department: 'family', canParticipate: true }));
      if (url === '/api/delegations/7') return jsonResponse(makeGroupDelegation(7, { delegation: delegated ? makeDelegation({ groupId: 7 }) : null }));
      if (url === timelineUrl) return jsonResponse((timeline ?? (() => timelineAt(0)))());
      return undefined;
    },
  ];
}

const opinionCard = () => screen.findByRole('article', { name: 'Opinion by Layla Nasser' });

beforeEach(() => localStorage.clear());

describe('the topic page for members', () => {
  it('reads the timeline again when a vote or opinion of the topic is pushed, and after a reconnect', async () => {
    let support = 0;
    const fetchMock = mockFetch(...serve({ opinions: () => [opinion], timeline: () => timelineAt(support) }));
    const socket = fakeLiveSocket();
    renderApp(`/topic/${topic.id}`, socket.live);
    await waitFor(() => expect(socket.sockets.length).toBe(1));
    act(() => socket.latest().serverOpens());
    const card = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(card).findByText('No opinions or candidates were counted in this topic.')).toBeTruthy();

    // Another member votes: the folded line says so without a reload.
    support = 3;
    act(() => socket.latest().serverSends({ type: 'opinions', data: { topicId: topic.id }, position: '0000000000000001-0000000000000010' }));
    expect(await within(card).findByText('Now: Thirty in school zones.: 3 support, 0 oppose')).toBeTruthy();

    // Open, the chart's own summary follows a ballot's frame too.
    fireEvent.click(within(card).getByRole('button', { name: 'Show timeline' }));
    support = 4;
    act(() => socket.latest().serverSends({ type: 'candidates', data: { topicId: topic.id }, position: '0000000000000001-0000000000000011' }));
    expect(await within(card).findByText(/At the end: Thirty in school zones\.: 4 support, 0 oppose\./)).toBeTruthy();

    // Frames of other topics leave it alone; a reconnect reads it again (what the socket missed).
    const before = requestsTo(fetchMock, 'GET', timelineUrl).length;
    act(() => socket.latest().serverSends({ type: 'opinions', data: { topicId: 'another-topic' }, position: '0000000000000001-0000000000000012' }));
    expect(requestsTo(fetchMock, 'GET', timelineUrl)).toHaveLength(before);
    act(() => socket.latest().serverCloses());
    await waitFor(() => expect(socket.sockets.length).toBe(2), { timeout: 4000 });
    act(() => socket.latest().serverOpens());
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', timelineUrl).length).toBe(before + 1));
  });

  it("shows 'My vote receipt' only once the member voted on the opinion", async () => {
    let opinions = [opinion];
    const socket = fakeLiveSocket();
    mockFetch(...serve({ opinions: () => opinions }));
    renderApp(`/topic/${topic.id}`, socket.live);
    await waitFor(() => expect(socket.sockets.length).toBe(1));
    act(() => socket.latest().serverOpens());
    const card = await opinionCard();
    expect(within(card).getByRole('button', { name: /^Support/ })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'My vote receipt' })).toBeNull();

    opinions = [{ ...opinion, myVote: 'support' }];
    act(() => socket.latest().serverSends({ type: 'opinions', data: { topicId: topic.id }, position: '0000000000000001-0000000000000020' }));
    expect(await within(await opinionCard()).findByRole('button', { name: 'My vote receipt' })).toBeTruthy();
  });

  it("shows 'My vote receipt' to a member who lends their weight to a delegate here, voted or not", async () => {
    mockFetch(...serve({ opinions: () => [opinion], delegated: true }));
    renderApp(`/topic/${topic.id}`);
    expect(await within(await opinionCard()).findByRole('button', { name: 'My vote receipt' })).toBeTruthy();
  });
});
