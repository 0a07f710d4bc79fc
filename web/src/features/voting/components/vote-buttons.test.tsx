import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoteReply } from '@civitas/events/voting/vote.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { makeOpinion, makeStats, makeTopic, serveTopic } from '../../../test/topic-page-fixtures';
import { lastToast } from '../../../test/toasts';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import type { TopicView } from '../../../lib/api/get-topic';

const member = serveCurrentUser(makeUser());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function reply(
  opinionId: string,
  voteType: VoteReply['voteType'],
  counts: { support: number; oppose: number },
): VoteReply {
  return {
    position: '9',
    opinionId,
    voteType,
    tally: {
      supportCount: counts.support,
      opposeCount: counts.oppose,
      weightedSupport: counts.support,
      weightedOppose: counts.oppose,
      voteCount: counts.support - counts.oppose,
    },
  };
}

/** Header names are case-insensitive, as on the wire. */
function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return new Headers(init?.headers).get(name) ?? undefined;
}

async function openOpinion(topic: TopicView, opinion: OpinionView, ...routes: Route[]) {
  let statsReads = 0;
  const fetchMock = mockFetch(
    member,
    ...routes,
    serveTopic(topic, {
      opinions: () => [opinion],
      stats: () => {
        statsReads += 1;
        return makeStats({ totalVotes: statsReads });
      },
    }),
  );
  renderApp(`/topic/${topic.id}`);
  const card = await screen.findByRole('article', { name: 'Opinion by Layla Nasser' });
  return { fetchMock, card, statsReads: () => statsReads };
}

describe('voting on an opinion', () => {
  it('sends the vote with a fresh Idempotency-Key per click, and shows the reply at once', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 2, opposeCount: 1, voteCount: 1 });
    const votes: VoteReply[] = [
      reply(opinion.id, 'support', { support: 3, oppose: 1 }),
      reply(opinion.id, 'oppose', { support: 2, oppose: 2 }),
    ];
    const { fetchMock, card, statsReads } = await openOpinion(topic, opinion, ({ url, init }) =>
      url === '/api/votes' && init?.method === 'POST' ? jsonResponse(votes.shift()) : undefined,
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Support 2' }));

    const support = await within(card).findByRole('button', { name: 'Support 3' });
    expect(support.getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Oppose 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(card).getByText('Net +2')).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: 'Vote recorded' });
    // The topic's numbers are read again.
    await waitFor(() => expect(statsReads()).toBe(2));

    await waitFor(() => expect(support.hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(card).getByRole('button', { name: 'Oppose 1' }));
    expect((await within(card).findByRole('button', { name: 'Oppose 2' })).getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByRole('button', { name: 'Support 2' }).getAttribute('aria-pressed')).toBe('false');

    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/votes').map(([, init]) => init);
    expect(posts.map((init) => sentBody(init))).toEqual([
      { opinionId: opinion.id, voteType: 'support' },
      { opinionId: opinion.id, voteType: 'oppose' },
    ]);
    const keys = posts.map((init) => headerOf(init, 'Idempotency-Key'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('takes back the member’s own vote when pressed again', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 4, voteCount: 4, myVote: 'support' });
    const { fetchMock, card } = await openOpinion(topic, opinion, ({ url, init }) =>
      url === `/api/votes/${opinion.id}` && init?.method === 'DELETE'
        ? jsonResponse(reply(opinion.id, null, { support: 3, oppose: 0 }))
        : undefined,
    );
    const support = within(card).getByRole('button', { name: 'Support 4' });
    expect(support.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(support);

    expect((await within(card).findByRole('button', { name: 'Support 3' })).getAttribute('aria-pressed')).toBe('false');
    expect(lastToast()).toMatchObject({ title: 'Vote removed' });
    expect(requestsOf(fetchMock)).toContain(`DELETE /api/votes/${opinion.id}`);
    expect(requestsOf(fetchMock)).not.toContain('POST /api/votes');
  });

  it('follows the server when its toggle removed a vote the page did not know about', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 1 });
    const { card } = await openOpinion(topic, opinion, ({ url }) =>
      url === '/api/votes' ? jsonResponse(reply(opinion.id, null, { support: 0, oppose: 0 })) : undefined,
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Support 1' }));

    expect((await within(card).findByRole('button', { name: 'Support 0' })).getAttribute('aria-pressed')).toBe('false');
    expect(lastToast()).toMatchObject({ title: 'Vote removed' });
  });

  it.each([
    ['recording', null, 'Failed to record vote. Please try again.'],
    ['removing', 'support', 'Failed to remove vote. Please try again.'],
  ] as const)('says so when %s a vote fails, and keeps the counts', async (_, myVote, message) => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 5, myVote });
    const { card } = await openOpinion(topic, opinion, ({ url }) =>
      url.startsWith('/api/votes') ? new Response('Internal Server Error', { status: 500 }) : undefined,
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Support 5' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: message, variant: 'destructive' }),
    );
    const support = within(card).getByRole('button', { name: 'Support 5' });
    expect(support.getAttribute('aria-pressed')).toBe(String(myVote === 'support'));
  });

  it('disables voting for a member who may not take part', async () => {
    const topic = makeTopic({ canParticipate: false });
    const opinion = makeOpinion({ topicId: topic.id });
    const { card } = await openOpinion(topic, opinion);

    expect(within(card).getByRole('button', { name: /^Support/ }).hasAttribute('disabled')).toBe(true);
    expect(within(card).getByRole('button', { name: /^Oppose/ }).hasAttribute('disabled')).toBe(true);
  });
});
