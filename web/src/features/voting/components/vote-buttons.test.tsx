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

function reply(opinionId: string, voteType: VoteReply['voteType']): VoteReply {
  return { position: '9', opinionId, voteType, receipt: null };
}

/** The opinion's tally after a vote, as the server's next read gives it (weighted equal to direct here). */
function counted(opinion: OpinionView, counts: { support: number; oppose: number }, myVote: OpinionView['myVote']): OpinionView {
  return {
    ...opinion,
    supportCount: counts.support,
    opposeCount: counts.oppose,
    weightedSupport: counts.support,
    weightedOppose: counts.oppose,
    voteCount: counts.support - counts.oppose,
    myVote,
  };
}

/** Header names are case-insensitive, as on the wire. */
function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return new Headers(init?.headers).get(name) ?? undefined;
}

interface Server {
  /** What the next read of the opinions answers: a vote route changes it as the server would. */
  opinion: OpinionView;
}

/** The topic page on one opinion; `voteRoute` answers the vote calls and may change the server's opinion. */
async function openOpinion(topic: TopicView, opinion: OpinionView, voteRoute?: (server: Server) => Route) {
  let statsReads = 0;
  let opinionReads = 0;
  const server: Server = { opinion };
  const fetchMock = mockFetch(
    member,
    ...(voteRoute ? [voteRoute(server)] : []),
    serveTopic(topic, {
      opinions: () => {
        opinionReads += 1;
        return [server.opinion];
      },
      stats: () => {
        statsReads += 1;
        return makeStats({ totalVotes: statsReads });
      },
    }),
  );
  renderApp(`/topic/${topic.id}`);
  const card = await screen.findByRole('article', { name: 'Opinion by Layla Nasser' });
  return { fetchMock, card, server, statsReads: () => statsReads, opinionReads: () => opinionReads };
}

describe('voting on an opinion', () => {
  it('sends the vote with a fresh Idempotency-Key per click, then shows the counts the server reads back', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 2, opposeCount: 1, weightedSupport: 2, weightedOppose: 1, voteCount: 1 });
    const votes: Array<[VoteReply, { support: number; oppose: number }]> = [
      [reply(opinion.id, 'support'), { support: 3, oppose: 1 }],
      [reply(opinion.id, 'oppose'), { support: 2, oppose: 2 }],
    ];
    const opened = await openOpinion(topic, opinion, (server) => ({ url, init }) => {
      if (url !== '/api/votes' || init?.method !== 'POST') return undefined;
      const [answer, counts] = votes.shift()!;
      // The server counts the vote; the next read of the opinions says so.
      server.opinion = counted(server.opinion, counts, answer.voteType);
      return jsonResponse(answer);
    });
    const { fetchMock, card, statsReads } = opened;

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

  it('reads the opinions again after a vote with its position, never patching the counts itself', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 0, weightedSupport: 0 });
    const position = '0000000000000042-0000000000000007';
    const opened = await openOpinion(topic, opinion, (server) => ({ url, init }) => {
      if (url !== '/api/votes' || init?.method !== 'POST') return undefined;
      // With a delegator behind the member, one direct vote weighs two.
      server.opinion = { ...server.opinion, supportCount: 1, weightedSupport: 2, voteCount: 2, myVote: 'support' };
      return jsonResponse({ position, opinionId: opinion.id, voteType: 'support', receipt: null });
    });
    expect(within(opened.card).getByText('Weighted: 0 support · 0 oppose')).toBeTruthy();

    fireEvent.click(within(opened.card).getByRole('button', { name: 'Support 0' }));

    expect(await within(opened.card).findByText('Weighted: 2 support · 0 oppose')).toBeTruthy();
    expect(within(opened.card).getByRole('button', { name: 'Support 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(opened.card).getByText('Net +2')).toBeTruthy();
    const reads = opened.fetchMock.mock.calls.filter(([url]) => url === `/api/topics/${topic.id}/opinions`);
    expect(reads.length).toBe(opened.opinionReads());
    expect(headerOf(reads.at(-1)?.[1], 'X-Civitas-Position')).toBe(position);
  });

  it('still says Vote recorded when the new count moves the opinion to the top', async () => {
    const topic = makeTopic();
    const leader = makeOpinion({
      topicId: topic.id,
      content: 'First',
      supportCount: 1,
      weightedSupport: 1,
      voteCount: 1,
      user: { firstName: 'Karim', lastName: 'Saleh', profileImageUrl: null },
    });
    const riser = makeOpinion({ topicId: topic.id, content: 'Second' });
    let opinions = [leader, riser];
    mockFetch(
      member,
      ({ url, init }) => {
        if (url !== '/api/votes' || init?.method !== 'POST') return undefined;
        // Two members lend the voter their weight: the opinion overtakes the leader.
        opinions = [counted(riser, { support: 3, oppose: 0 }, 'support'), leader];
        return jsonResponse(reply(riser.id, 'support'));
      },
      serveTopic(topic, { opinions: () => opinions }),
    );
    renderApp(`/topic/${topic.id}`);
    const others = await screen.findByRole('region', { name: 'Other Opinions' });
    const card = await within(others).findByRole('article', { name: 'Opinion by Layla Nasser' });

    fireEvent.click(within(card).getByRole('button', { name: 'Support 0' }));

    const top = screen.getByRole('region', { name: 'Top Opinion' });
    expect(await within(top).findByText('Second')).toBeTruthy();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Vote recorded' }));
  });

  it('takes back the member’s own vote when pressed again', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 4, weightedSupport: 4, voteCount: 4, myVote: 'support' });
    const opened = await openOpinion(topic, opinion, (server) => ({ url, init }) => {
      if (url !== `/api/votes/${opinion.id}` || init?.method !== 'DELETE') return undefined;
      server.opinion = counted(server.opinion, { support: 3, oppose: 0 }, null);
      return jsonResponse(reply(opinion.id, null));
    });
    const support = within(opened.card).getByRole('button', { name: 'Support 4' });
    expect(support.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(support);

    expect((await within(opened.card).findByRole('button', { name: 'Support 3' })).getAttribute('aria-pressed')).toBe('false');
    expect(lastToast()).toMatchObject({ title: 'Vote removed' });
    expect(requestsOf(opened.fetchMock)).toContain(`DELETE /api/votes/${opinion.id}`);
    expect(requestsOf(opened.fetchMock)).not.toContain('POST /api/votes');
  });

  it('follows the server when its toggle removed a vote the page did not know about', async () => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 1 });
    const opened = await openOpinion(topic, opinion, (server) => ({ url }) => {
      if (url !== '/api/votes') return undefined;
      server.opinion = counted(server.opinion, { support: 0, oppose: 0 }, null);
      return jsonResponse(reply(opinion.id, null));
    });

    fireEvent.click(within(opened.card).getByRole('button', { name: 'Support 1' }));

    expect((await within(opened.card).findByRole('button', { name: 'Support 0' })).getAttribute('aria-pressed')).toBe('false');
    expect(lastToast()).toMatchObject({ title: 'Vote removed' });
  });

  it.each([
    ['recording', null, 'Failed to record vote. Please try again.'],
    ['removing', 'support', 'Failed to remove vote. Please try again.'],
  ] as const)('says so when %s a vote fails, and keeps the counts', async (_, myVote, message) => {
    const topic = makeTopic();
    const opinion = makeOpinion({ topicId: topic.id, supportCount: 5, myVote });
    const { card } = await openOpinion(
      topic,
      opinion,
      () =>
        ({ url }) =>
          url.startsWith('/api/votes') ? new Response('Internal Server Error', { status: 500 }) : undefined,
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Support 5' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: message, variant: 'destructive' }));
    const support = within(card).getByRole('button', { name: 'Support 5' });
    expect(support.getAttribute('aria-pressed')).toBe(String(myVote === 'support'));
  });

  it('disables voting for a member who may not take part', async () => {
    const topic = makeTopic({ canParticipate: false });
    const opinion = makeOpinion({ topicId: topic.id });
    const { card } = await openOpinion(topic, opinion);

    expect(
      within(card)
        .getByRole('button', { name: /^Support/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(card)
        .getByRole('button', { name: /^Oppose/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});
