import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkNotificationsReadReply, type MarkNotificationsReadBody } from '@civitas/events/notifications/notification.contract';
import { i18n } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { notificationsQueryOptions, type NotificationPages } from './get-notifications';

export const MARK_READ_URL = '/api/notifications/read';

/** POST /api/notifications/read: `{ ids }` marks those, `{ all: true }` everything up to now. */
export async function markNotificationsRead(body: MarkNotificationsReadBody) {
  const response = await apiRequest('POST', MARK_READ_URL, body);
  return parseResponse(response, MarkNotificationsReadReply, `POST ${MARK_READ_URL}`);
}

/** The pages as they are once `body` is marked read: the items' flags, and the count by as many as were unread. */
export function withRead(pages: NotificationPages, body: MarkNotificationsReadBody): NotificationPages {
  const named = new Set(body.ids ?? []);
  const marks = (item: { id: string; read: boolean }) => !item.read && (body.all === true || named.has(item.id));
  // An item listed on two pages (it moved while paging) counts once.
  const newlyRead = new Set(pages.pages.flatMap((page) => page.items.filter(marks).map((item) => item.id)));
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      unreadCount: body.all ? 0 : Math.max(0, page.unreadCount - newlyRead.size),
      items: page.items.map((item) => (marks(item) ? { ...item, read: true } : item)),
    })),
  };
}

/**
 * Marks at once on screen (the bell's count and the list), then tells the server; a refusal puts
 * back what was shown before. Either way the pages are read again at the answer's position.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      // A read under way would bring back the unread flags.
      await queryClient.cancelQueries({ queryKey, exact: true });
      const before = queryClient.getQueryData<NotificationPages>(queryKey);
      if (before) queryClient.setQueryData<NotificationPages>(queryKey, withRead(before, body));
      return { before };
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toastCommandError(error, i18n.t('notifications:toasts.markFailed'), i18n.t('notifications:toasts.tryAgain'));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false }),
  });
}
