import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { NotificationsReply, type NotificationItem } from '@civitas/events/notifications/notification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { NotificationsReply, type NotificationItem };
export type NotificationPages = InfiniteData<NotificationsReply>;

export const NOTIFICATIONS_URL = '/api/notifications';
/** `closing_soon` items are derived from the time left, which no event announces: read again this often. */
export const NOTIFICATIONS_REFRESH_MS = 5 * 60_000;

/** One page, newest first; `before` is the previous page's `nextCursor`. */
export async function fetchNotifications(before: string | null, signal?: AbortSignal): Promise<NotificationsReply> {
  const url = before ? `${NOTIFICATIONS_URL}?before=${encodeURIComponent(before)}` : NOTIFICATIONS_URL;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, NotificationsReply, `GET ${NOTIFICATIONS_URL}`);
}

/** The bell and the notifications page share these pages: the bell's count is the first page's. */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [NOTIFICATIONS_URL],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/** The member's unread count as the newest page tells it; null until read. */
export const unreadCountOf = (pages: NotificationPages | undefined): number | null => pages?.pages[0]?.unreadCount ?? null;
