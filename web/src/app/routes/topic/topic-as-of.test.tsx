import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, parseISO } from 'date-fns';
import type { TopicTimeline } from '@civitas/events/audit/timeline.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { makeOpinion, makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';

const topic = makeTopic({ status: 'closed' });
const live = makeOpinion({ topicId: topic.id, content: 'Thirty in school zones.', supportCount: 4, weightedSupport: 6, voteCount: 6, myVote: 'support' });
const EARLY = '0000000000000001-0000000000000003';
const timeline: TopicTimeline = {
  from: '2025-03-01T10:00:00.000Z',
  to: '2025-03-08T10:00:00.000Z',
  series: [
    { position: '0000000000000001-0000000000000001', at: '2025-03-01T10:00:00.000Z', tallies: [] },
    { position: EARLY, at: '2025-03-04T10:00:00.000Z', tallies: [{ id: live.id, label: live.content, weightedSupport: 2, weightedOppose: 1 }] },
    {
      position: '0000000000000001-0000000000000009',
      at: '2025-03-08T10:00:00.000Z',
      tallies: [{ id: live.id, label: live.content, weightedSupport: 6, weightedOppose: 0 }],
    },
  ],
};
const when = (iso: string) => format(parseISO(iso), 'MMM d, yyyy, h:mm a');
const statValue = (label: string) => within(screen.getByRole('region', { name: 'Topic Statistics' })).getByText(label).nextElementSibling?.textContent;

function serve() {
  return mockFetch(serveCurrentUser(makeUser()), serveTopic(topic, { stats: makeStats({ support: 6, totalVotes: 4 }), opinions: () => [live] }), ({ url }) => {
    if (url === `/api/audit/topics/${topic.id}/timeline`) return jsonResponse(timeline);
    if (url === `/api/topics/${topic.id}/opinions?asOf=${EARLY}`)
      return jsonResponse([{ ...live, supportCount: 1, opposeCount: 1, weightedSupport: 2, weightedOppose: 1, voteCount: 1 }]);
    if (url === `/api/topics/${topic.id}/stats?asOf=${EARLY}`) return jsonResponse(makeStats({ support: 2, oppose: 1, totalVotes: 2 }));
    return undefined;
  });
}

/** The topic page folds the timeline for members: Show timeline opens it. */
async function openTimeline() {
  const card = await screen.findByRole('region', { name: 'Timeline' });
  fireEvent.click(await within(card).findByRole('button', { name: 'Show timeline' }));
  return card;
}

describe("the topic page's timeline", () => {
  it('starts folded to one line for members, and Show timeline opens the chart', async () => {
    serve();
    renderApp(`/topic/${topic.id}`);
    const card = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(card).findByText('Now: Thirty in school zones.: 6 support, 0 oppose')).toBeTruthy();
    const toggle = within(card).getByRole('button', { name: 'Show timeline' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByRole('slider')).toBeNull();
    expect(within(card).queryByLabelText('Chart summary')).toBeNull();

    fireEvent.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide timeline' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByRole('slider', { name: 'Show the tallies as of' })).toBeTruthy();
    // The legend tells support from oppose by the line's pattern as well as its colour.
    const legend = within(card).getByRole('list', { name: 'Chart legend' });
    const marks = within(legend)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.querySelector('line')?.getAttribute('stroke-dasharray') ?? null]);
    expect(marks).toEqual([
      ['Thirty in school zones. (support)', null],
      ['Thirty in school zones. (oppose)', '6 4'],
    ]);
    // The chart is hidden from screen readers, so nothing in it may take focus (axe: aria-hidden-focus).
    expect(card.querySelectorAll('[aria-hidden="true"] [tabindex]:not([tabindex="-1"]), [aria-hidden="true"] button')).toHaveLength(0);
  });

  it('charts the top tallies with a text summary and a slider that starts at now', async () => {
    serve();
    renderApp(`/topic/${topic.id}`);
    const card = await openTimeline();
    expect(await within(card).findByText(/At the end: Thirty in school zones\.: 6 support, 0 oppose\./)).toBeTruthy();
    const slider = within(card).getByRole('slider', { name: 'Show the tallies as of' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Now');
    expect(slider.getAttribute('aria-valuemax')).toBe('2');
  });

  it('moved back, shows the tallies of then, labelled, and Back to now restores the live ones', async () => {
    const fetchMock = serve();
    renderApp(`/topic/${topic.id}`);
    await openTimeline();
    const slider = await screen.findByRole('slider', { name: 'Show the tallies as of' });
    await screen.findByText('Weighted: 6 support · 0 oppose');

    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    const thumb = () => screen.getByRole('slider', { name: 'Show the tallies as of' });
    await waitFor(() => expect(thumb().getAttribute('aria-valuetext')).toBe(`As of ${when('2025-03-04T10:00:00.000Z')}`));
    expect(await screen.findByText(`As of ${when('2025-03-04T10:00:00.000Z')}`, { selector: '.MuiAlertTitle-root' })).toBeTruthy();
    expect(await screen.findByText('Weighted: 2 support · 1 oppose')).toBeTruthy();
    await waitFor(() => expect(statValue('Support')).toBe('2'));
    expect(statValue('Oppose')).toBe('1');
    // Nobody votes in the past: the buttons are off and show no one's vote.
    const support = screen.getByRole('button', { name: /^Support 1/ });
    expect(support.hasAttribute('disabled')).toBe(true);
    expect(support.getAttribute('aria-pressed')).toBe('false');
    expect(requestsOf(fetchMock)).toContain(`GET /api/topics/${topic.id}/opinions?asOf=${EARLY}`);

    fireEvent.click(screen.getByRole('button', { name: 'Back to now' }));
    expect(await screen.findByText('Weighted: 6 support · 0 oppose')).toBeTruthy();
    expect(screen.queryByText(`As of ${when('2025-03-04T10:00:00.000Z')}`, { selector: '.MuiAlertTitle-root' })).toBeNull();
    await waitFor(() => expect(statValue('Support')).toBe('6'));
    expect(thumb().getAttribute('aria-valuetext')).toBe('Now');
  });
});
