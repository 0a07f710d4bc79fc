import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { POSITION_HEADER } from '../../../lib/read-position';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { fakeLiveSocket } from '../../../test/live-socket-fakes';
import { jsonResponse, mockFetch, mockFetchHolding, requestsTo } from '../../../test/mock-fetch';
import { chooseLanguage, i18n } from '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { NOTIFICATIONS_REFRESH_MS, type NotificationsReply } from '../api/get-notifications';
import { makeNotification, notificationServer, reply, serveNotifications } from '../test-fixtures';

const member = serveCurrentUser(makeUser());
const positionOf = (call: [unknown, RequestInit?] | undefined) => (call?.[1]?.headers as Record<string, string> | undefined)?.[POSITION_HEADER];
// Hidden too: while the popup is open, the rest of the page is out of the accessibility tree.
const bell = (name: string | RegExp) => screen.findByRole('button', { name, hidden: true });
async function openWithLiveSocket(current: () => NotificationsReply) {
  const fetchMock = mockFetch(
    member,
    serveNotifications(() => ({ '': current() })),
  );
  const socket = fakeLiveSocket();
  const view = renderApp('/sitemap', socket.live);
  await waitFor(() => expect(socket.sockets.length).toBe(1));
  act(() => socket.latest().serverOpens());
  return { fetchMock, socket, ...view };
}

describe('the notifications bell', () => {
  it('shows the unread count, and counts a new one when the live frame comes, reading at its position', async () => {
    let current = reply([makeNotification(), makeNotification({ read: true })]);
    const { fetchMock, socket } = await openWithLiveSocket(() => current);
    const button = await bell('Notifications, 1 unread');
    expect(within(button).getByText('1')).toBeTruthy();

    current = reply([makeNotification({ topic: { id: '33333333-3333-4333-8333-333333333333', title: 'Night buses' } }), ...current.items]);
    act(() => socket.latest().serverSends({ type: 'notifications', position: '0000000000000777-0000000000000001' }));
    expect(await bell('Notifications, 2 unread')).toBeTruthy();
    expect(positionOf(requestsTo(fetchMock, 'GET', '/api/notifications').at(-1))).toBe('0000000000000777-0000000000000001');

    // Other frames are not the bell's business.
    const reads = requestsTo(fetchMock, 'GET', '/api/notifications').length;
    act(() => socket.latest().serverSends({ type: 'statsUpdate', position: '0000000000000778-0000000000000001' }));
    expect(requestsTo(fetchMock, 'GET', '/api/notifications')).toHaveLength(reads);
  });

  it('names the count as the badge shows it in every language and plural form (a name without the visible number fails WCAG 2.5.3)', async () => {
    try {
      for (const lng of ['en', 'ar'] as const) {
        await chooseLanguage(lng);
        await i18n.loadNamespaces('notifications');
        for (const count of [1, 2, 3, 11, 99]) {
          const name = i18n.t('notifications:bell.labelUnread', { count });
          expect(name, `${lng} ${count}`).not.toBe('bell.labelUnread');
          expect(name, `${lng} ${count}`).toContain(String(count));
        }
      }
    } finally {
      await chooseLanguage('en');
    }
  });

  it('names past 99 unread as the badge shows them, 99+', async () => {
    mockFetch(
      member,
      serveNotifications(() => ({ '': reply([makeNotification()], { unreadCount: 150, nextCursor: 'more' }) })),
    );
    renderApp('/sitemap');
    const button = await bell('Notifications, 99+ unread');
    expect(within(button).getByText('99+')).toBeTruthy();
  });

  it('reads them again after a reconnect, which may have missed a frame', async () => {
    let current = reply([]);
    const { socket } = await openWithLiveSocket(() => current);
    await bell('Notifications');
    current = reply([makeNotification()]);
    act(() => socket.latest().serverCloses());
    await waitFor(() => expect(socket.sockets.length).toBe(2), { timeout: 3000 });
    act(() => socket.latest().serverOpens());
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
  });

  it('reads them again every 5 minutes: a vote closing soon is told by no event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = reply([]);
    mockFetch(
      member,
      serveNotifications(() => ({ '': current })),
    );
    renderApp('/sitemap');
    await bell('Notifications');
    current = reply([makeNotification({ type: 'closing_soon', closesAt: new Date(Date.now() + 5 * 3_600_000).toISOString() })]);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS));
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
  });

  it('opens the newest items; one opened is read at once and goes to its page', async () => {
    const items = Array.from({ length: 7 }, (_, index) =>
      makeNotification({ topic: { id: `33333333-3333-4333-8333-33333333333${index}`, title: `Topic ${index}` } }),
    );
    items[0] = makeNotification({ type: 'mention', excerpt: 'What do you think, @Amina?' });
    const server = notificationServer(items);
    const fetchMock = mockFetch(member, ...server.routes);
    const { location } = renderApp('/sitemap');
    fireEvent.click(await bell('Notifications, 7 unread'));

    const popup = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(popup).getAllByRole('link');
    // The five newest, then the way to all of them.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([...items.slice(0, 5).map((item) => item.path), '/notifications']);
    expect(links[0]!.textContent).toContain('Omar Haddad mentioned you in Longer library hours');
    expect(links[0]!.textContent).toContain('“What do you think, @Amina?”');
    expect(links[1]!.textContent).toContain('New topic in Saudi Arabia: Topic 1');

    fireEvent.click(links[0]!);
    expect(location.history?.at(-1)).toBe(items[0]!.path);
    expect(await bell('Notifications, 6 unread')).toBeTruthy();
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/notifications/read')[0]![1])).toEqual({ ids: [items[0]!.id] });
  });

  it('marks all as read at once, and puts the count back when the server refuses', async () => {
    const server = notificationServer([makeNotification(), makeNotification()]);
    const held = mockFetchHolding('/api/notifications/read', member, ...server.routes);
    renderApp('/sitemap');
    fireEvent.click(await bell('Notifications, 2 unread'));
    const popup = await screen.findByRole('dialog', { name: 'Notifications' });
    const markAll = within(popup).getByRole('button', { name: 'Mark all as read' });
    fireEvent.click(markAll);
    expect(await bell('Notifications')).toBeTruthy();
    await waitFor(() => expect(held.held).toHaveLength(1));
    expect(JSON.parse(String(held.held[0]!.body))).toEqual({ all: true });

    // Refused: the count comes back, and the member is told why.
    held.release(jsonResponse({ message: 'The data is still being updated; please retry shortly.' }, { status: 503 }));
    expect(await bell('Notifications, 2 unread')).toBeTruthy();
    await waitFor(() => expect(lastToast()?.title).toBe('Could not mark as read'));
    expect(lastToast()?.description).toBe('The data is still being updated; please retry shortly.');

    fireEvent.click(markAll);
    await waitFor(() => expect(held.held).toHaveLength(2));
    server.state.items = server.state.items.map((item) => ({ ...item, read: true }));
    held.release(jsonResponse({ position: null }));
    expect(await bell('Notifications')).toBeTruthy();
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(true));
  });

  it('goes to the notifications page from See all notifications', async () => {
    mockFetch(
      member,
      serveNotifications(() => ({ '': reply([]) })),
    );
    const { location } = renderApp('/sitemap');
    fireEvent.click(await bell('Notifications'));
    const popup = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popup).getByText('You have no notifications yet.')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('link', { name: 'See all notifications' }));
    expect(location.history?.at(-1)).toBe('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
  });

  it('shows a bell without a count when the feed cannot be read, and none to visitors', async () => {
    mockFetch(member);
    const { unmount } = renderApp('/sitemap');
    fireEvent.click(await bell('Notifications'));
    expect(await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByText('Your notifications could not be loaded.')).toBeTruthy();
    unmount();

    mockFetch(serveCurrentUser(null));
    renderApp('/terms');
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
