import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationPreferencesChangedReply, type NotificationPreferences } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { NOTIFICATION_PREFERENCES_URL, notificationPreferencesQueryOptions } from './get-notification-preferences';

export type { NotificationPreferences };

/** PUT /api/user/notification-preferences with every kind; the answer is what is kept now. */
export async function updateNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferencesChangedReply> {
  const response = await apiRequest('PUT', NOTIFICATION_PREFERENCES_URL, preferences);
  return parseResponse(response, NotificationPreferencesChangedReply, `PUT ${NOTIFICATION_PREFERENCES_URL}`);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (reply) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, { preferences: reply.preferences });
      toast({ title: i18n.t('profile:toasts.preferencesSaved') });
    },
    onError: (error) => toastCommandError(error, i18n.t('profile:toasts.preferencesFailed'), i18n.t('profile:toasts.tryAgain')),
  });
}
