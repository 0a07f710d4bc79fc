import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { subDays } from 'date-fns';
import { chooseLanguage } from '../../../i18n';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { mockFetch, requestsOf, requestsTo } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import type { NotificationItem } from '../api/get-notifications';
import { makeNotification, notificationServer, reply, serveNotifications } from '../test-fixtures';

const member = serveCurrentUser(makeUser());
const HOUR = 3_600_000;
const TOPIC = '44444444-4444-4444-8444-444444444444';
const at = (date: Date) => date.toISOString();

/** Today's, yesterday's and an older one, newest first. */
function threeDays(): NotificationItem[] {
  const now = new Date();
  return [
    makeNotification({ occurredAt: at(new Date(now.getTime() - 1000)) }),
    makeNotification({
      type: 'delegate_voted',
      occurredAt: at(subDays(now, 1)),
      path: `/topic/${TOPIC}`,
      topic: { id: TOPIC, title: 'Night buses' },
      closesAt: at(new Date(now.getTime() + 5 * HOUR + 30_000)),
    }),
    makeNotification({
      type: 'subscription',
      outcome: 'renewed',
      read: true,
      occurredAt: '2025-04-01T12:00:00.000Z',
      path: '/profile?tab=subscription',
      group: null,
      topic: null,
      actor: null,
    }),
  ];
}

const day = (name: string) => screen.findByRole('region', { name });

describe('the notifications page', () => {
  it('lists them newest first in days, each a sentence linking to its page, the unread marked', async () => {
    const server = notificationServer(threeDays());
    mockFetch(member, ...server.routes);
    renderApp('/notifications');

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
    const days = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(days.map((heading) => heading.textContent)).toEqual(['Today', 'Yesterday', 'Apr 01, 2025']);

    const today = within(await day('Today'));
    expect(today.getByRole('link', { name: 'New topic in Saudi Arabia: Longer library hours' }).getAttribute('href')).toBe(server.state.items[0]!.path);
    expect(today.getByText('Unread')).toBeTruthy();
    const yesterday = within(await day('Yesterday'));
    expect(yesterday.getByRole('link').textContent).toBe('Your delegate Omar Haddad voted on Night buses. You can still vote yourself: it closes in 5 hours');
    const older = within(await day('Apr 01, 2025'));
    expect(older.getByRole('link', { name: 'Your subscription was renewed' }).getAttribute('href')).toBe('/profile?tab=subscription');
    // Read already: nothing to mark.
    expect(older.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(older.queryByText('Unread')).toBeNull();
  });

  it('marks one as read, or all of them, at once', async () => {
    const server = notificationServer(threeDays());
    const fetchMock = mockFetch(member, ...server.routes);
    renderApp('/notifications');

    const today = within(await day('Today'));
    fireEvent.click(today.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(today.queryByText('Unread')).toBeNull());
    expect(await screen.findByText('1 unread')).toBeTruthy();
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/notifications/read')[0]![1])).toEqual({ ids: [server.state.items[0]!.id] });

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toEqual([]);
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/notifications/read')[1]![1])).toEqual({ all: true });
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks one read when it is opened, and lands on its page', async () => {
    const server = notificationServer(threeDays());
    const fetchMock = mockFetch(member, ...server.routes);
    const { location } = renderApp('/notifications');
    fireEvent.click(within(await day('Yesterday')).getByRole('link'));
    expect(location.history?.at(-1)).toBe(`/topic/${TOPIC}`);
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/notifications/read')[0]![1])).toEqual({ ids: [server.state.items[1]!.id] });
  });

  it('loads older ones with Load more, by the cursor the last page gave', async () => {
    const first = makeNotification({ topic: { id: TOPIC, title: 'Newest' } });
    const older = makeNotification({ topic: { id: TOPIC, title: 'Older' }, occurredAt: at(new Date(Date.now() - 2000)) });
    const fetchMock = mockFetch(
      member,
      serveNotifications(() => ({ '': reply([first], { unreadCount: 2, nextCursor: 'cursor-1' }), 'cursor-1': reply([older], { unreadCount: 2 }) })),
    );
    renderApp('/notifications');
    const today = await day('Today');
    await within(today).findByRole('link', { name: /Newest/ });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(today).findByRole('link', { name: /Older/ })).toBeTruthy();
    expect(requestsOf(fetchMock)).toContain('GET /api/notifications?before=cursor-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are none', async () => {
    mockFetch(
      member,
      serveNotifications(() => ({ '': reply([]) })),
    );
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.getByText('All read')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is in Arabic, days and dates too', async () => {
    mockFetch(member, ...notificationServer(threeDays()).routes);
    renderApp('/notifications');
    await day('Today');
    await chooseLanguage('ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'الإشعارات' })).toBeTruthy();
    expect(await day('اليوم')).toBeTruthy();
    expect(await day('أمس')).toBeTruthy();
    expect(await day('1 أبريل 2025')).toBeTruthy();
    expect(within(await day('أمس')).getByRole('link').textContent).toContain('صوّت مفوَّضك');
    expect(within(await day('أمس')).getByRole('link').textContent).toContain('5 ساعات');
  });
});
