import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationPreferencesReply } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export const NOTIFICATION_PREFERENCES_URL = '/api/user/notification-preferences';

/** Which e-mails the member gets (every one until they choose). */
export async function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesReply> {
  const response = await apiRequest('GET', NOTIFICATION_PREFERENCES_URL, undefined, { signal });
  return parseResponse(response, NotificationPreferencesReply, `GET ${NOTIFICATION_PREFERENCES_URL}`);
}

export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_URL],
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
  });
}

export function useNotificationPreferences(enabled = true) {
  return useQuery({ ...notificationPreferencesQueryOptions(), enabled });
}
