import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser, signedOut } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { UNSUBSCRIBE_URL } from '../api/unsubscribe';

const MEMBER = '3f2e8f7a-1c2b-4d5e-8f90-123456789abc';
const TOKEN = `u1.${MEMBER}.topic_opened,mention.Vq3r0x8Qm2pL7tK1sB9cN4dF6gH5jW0yZaXeUoIiPkM`;
const REQUEST = `${UNSUBSCRIBE_URL}?token=${encodeURIComponent(TOKEN)}`;

function unsubscribe(answer: () => Response): Route {
  return ({ url, init }) => (url === REQUEST && init?.method === 'POST' ? answer() : undefined);
}

describe('the unsubscribe page a mail links to', () => {
  it('says what the link turns off, changes nothing until asked, then unsubscribes with one click, signed out', async () => {
    const fetchMock = mockFetch(
      signedOut,
      unsubscribe(() => jsonResponse({ types: ['topic_opened', 'mention'], position: '00000000000000a1-0000000000000001' })),
    );
    renderApp(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);

    expect(await screen.findByRole('heading', { name: 'Unsubscribe' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText('This link stops the e-mails about:')).toBeTruthy();
    expect(
      within(main)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['New topics in my groups', 'Mentions in discussions']);
    // Opening the page (as a mail scanner would) posts nothing.
    expect(requestsTo(fetchMock, 'POST', REQUEST)).toEqual([]);

    fireEvent.click(within(main).getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(main).findByText('Done: you will get no more e-mails about:')).toBeTruthy();
    const posted = requestsTo(fetchMock, 'POST', REQUEST);
    expect(posted).toHaveLength(1);
    expect(posted[0]![1]?.body).toBe('{}');
    expect(within(main).getByRole('link', { name: 'Choose which e-mails you get in Settings' }).getAttribute('href')).toBe('/profile?settings=1');
    expect(within(main).queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it("shows the server's refusal of a forged link, and keeps the way to Settings", async () => {
    mockFetch(
      serveCurrentUser(makeUser()),
      unsubscribe(() => jsonResponse({ message: 'This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.' }, { status: 403 })),
    );
    renderApp(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    const main = await screen.findByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Unsubscribe' }));
    expect(await within(main).findByText('This unsubscribe link is not valid. Choose which e-mails you get in Settings instead.')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Choose which e-mails you get in Settings' })).toBeTruthy();
  });

  it('says a link without a readable token is not complete, and offers nothing to click but Settings', async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/unsubscribe?token=u1.broken');
    expect(await screen.findByText('This unsubscribe link is not complete. Choose which e-mails you get in Settings instead.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(requestsOf(fetchMock).filter((request) => request.includes(UNSUBSCRIBE_URL))).toEqual([]);
  });
});
