import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationSettingsReply } from '@civitas/events/notifications/notification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { NotificationSettingsReply };

export const NOTIFICATION_SETTINGS_URL = '/api/notifications/settings';

/** How each type reaches the member by e-mail (the server's defaults until they choose), and the mails' language. */
export async function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsReply> {
  const response = await apiRequest('GET', NOTIFICATION_SETTINGS_URL, undefined, { signal });
  return parseResponse(response, NotificationSettingsReply, `GET ${NOTIFICATION_SETTINGS_URL}`);
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: [NOTIFICATION_SETTINGS_URL],
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
