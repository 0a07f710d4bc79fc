import { DEFAULT_MAIL_DELIVERY, type NotificationSettingsReply } from '@civitas/events/notifications/notification.contract';
import { jsonResponse, type Route } from '../../test/mock-fetch';
import type { NotificationItem, NotificationsReply } from './api/get-notifications';

const TOPIC = '11111111-1111-4111-8111-111111111111';
let nextId = 0;

/** A notification as GET /api/notifications lists it: a new topic in a group, unread, a minute ago. */
export function makeNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  nextId += 1;
  return {
    id: `topic:${nextId}`,
    type: 'topic_opened',
    occurredAt: new Date(Date.now() - 60_000).toISOString(),
    read: false,
    path: `/topic/${TOPIC}`,
    group: { id: 1682, name: 'Saudi Arabia' },
    topic: { id: TOPIC, title: 'Longer library hours' },
    actor: { id: '22222222-2222-4222-8222-222222222222', firstName: 'Omar', lastName: 'Haddad' },
    closesAt: null,
    outcome: null,
    excerpt: null,
    ...overrides,
  };
}

export const reply = (items: NotificationItem[], overrides: Partial<NotificationsReply> = {}): NotificationsReply => ({
  items,
  unreadCount: items.filter((item) => !item.read).length,
  nextCursor: null,
  ...overrides,
});

/** GET /api/notifications (and its pages by `before`) as the server answers it now. */
export function serveNotifications(pages: () => Record<string, NotificationsReply>): Route {
  return ({ url, init }) => {
    if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith('/api/notifications') || url.startsWith('/api/notifications/')) return undefined;
    const before = new URL(url, 'http://civitas.test').searchParams.get('before') ?? '';
    const page = pages()[before];
    return page ? jsonResponse(page) : undefined;
  };
}

export const defaultSettings = (): NotificationSettingsReply => ({ deliveries: { ...DEFAULT_MAIL_DELIVERY }, language: 'en' });

/** The member's notifications as the server keeps them: marking read changes what the next read answers. */
export function notificationServer(initial: NotificationItem[]) {
  const state = { items: initial };
  const markRead: Route = ({ url, init }) => {
    if (url !== '/api/notifications/read' || init?.method !== 'POST') return undefined;
    const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
    state.items = state.items.map((item) => (body.all || body.ids?.includes(item.id) ? { ...item, read: true } : item));
    return jsonResponse({ position: null });
  };
  return { state, routes: [serveNotifications(() => ({ '': reply(state.items) })), markRead] };
}
