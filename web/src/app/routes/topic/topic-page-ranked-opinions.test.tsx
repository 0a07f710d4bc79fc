import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeOpinion, makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import type { OpinionsResultView } from '../../../features/elections/api/get-topic-result';

const member = serveCurrentUser(makeUser({ id: 'member-1' }));
const person = (firstName: string, lastName: string) => ({ firstName, lastName, profileImageUrl: null });

describe('the topic page of a law decided among its opinions', () => {
  it('ranks the opinions against no change: no votes, no Top Opinion, no vote numbers; the opinions listed in posting order', async () => {
    const topic = makeTopic({ type: 'law_amendment', method: 'schulze', opinionCount: 2 });
    // The read orders by count (against no change): the page lists them as posted.
    const first = makeOpinion({ topicId: topic.id, content: 'Make it 30 km/h', user: person('Layla', 'Nasser'), createdAt: '2025-03-02T10:00:00.000Z' });
    const second = makeOpinion({
      topicId: topic.id,
      content: 'Speed bumps instead',
      user: person('Omar', 'Farouk'),
      createdAt: '2025-03-02T11:00:00.000Z',
      supportCount: 2,
      voteCount: 2,
    });
    const result: OpinionsResultView = {
      kind: 'opinions',
      topicId: topic.id,
      method: 'schulze',
      status: 'active',
      options: [
        { optionId: topic.id, isNoChange: true, opinion: null, directAbove: 0, directBelow: 0, weightedAbove: 0, weightedBelow: 0 },
        {
          optionId: first.id,
          isNoChange: false,
          opinion: { id: first.id, content: first.content, author: first.user },
          directAbove: 0,
          directBelow: 2,
          weightedAbove: 0,
          weightedBelow: 2,
        },
        {
          optionId: second.id,
          isNoChange: false,
          opinion: { id: second.id, content: second.content, author: second.user },
          directAbove: 2,
          directBelow: 0,
          weightedAbove: 2,
          weightedBelow: 0,
        },
      ],
      ballotWeight: 2,
      ballotCount: 2,
      leaderOpinionId: second.id,
      enactedOpinionId: null,
      pairwise: [
        [0, 2, 0],
        [0, 0, 0],
        [2, 2, 0],
      ],
      strongestPaths: [
        [0, 2, 0],
        [0, 0, 0],
        [2, 2, 0],
      ],
      schulzeWinners: [second.id],
      asOf: null,
      // Opened before quorums (issue #34 item 3).
      quorum: null,
      decidedBy: null,
    };
    const fetchMock = mockFetch(
      member,
      serveTopic(topic, { stats: makeStats({ participants: 3, totalOpinions: 2, support: 2, oppose: 2, totalVotes: 4 }), opinions: () => [second, first] }),
      ({ url }) => (url === `/api/topics/${topic.id}/result` ? jsonResponse(result) : undefined),
    );
    renderApp(`/topic/${topic.id}`);

    const ranking = await screen.findByRole('region', { name: 'Your ranking' });
    const ballot = await within(ranking).findByRole('form', { name: 'Your ranked ballot' });
    expect(
      within(within(ballot).getByRole('list', { name: 'Not ranked' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Add to ranking: No change', 'Add to ranking: “Make it 30 km/h” by Layla Nasser', 'Add to ranking: “Speed bumps instead” by Omar Farouk']);
    const results = screen.getByRole('region', { name: 'Results' });
    expect((await within(results).findByText(/^Leading now:/)).textContent).toBe('Leading now: “Speed bumps instead” by Omar Farouk.');

    const list = screen.getByRole('region', { name: 'Opinions' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Opinion by Layla Nasser', 'Opinion by Omar Farouk']);
    expect(within(list).queryByRole('button', { name: /Support|Oppose/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Share Your Opinion' })).toBeTruthy();
    for (const name of ['Top Opinion', 'Other Opinions', 'Timeline']) expect(screen.queryByRole('region', { name })).toBeNull();

    const header = screen.getByRole('region', { name: topic.title });
    expect(await within(header).findByText('3 participants')).toBeTruthy();
    expect(within(header).queryByText(/votes? cast/)).toBeNull();
    const stats = screen.getByRole('region', { name: 'Topic Statistics' });
    expect(await within(stats).findByText('Total Opinions')).toBeTruthy();
    expect(within(stats).getByText('Participants')).toBeTruthy();
    for (const label of ['Support', 'Oppose', 'Total Votes']) expect(within(stats).queryByText(label)).toBeNull();
    expect(requestsOf(fetchMock).filter((request) => request.includes('timeline'))).toEqual([]);
  });
});
