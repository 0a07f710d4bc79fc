import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationSettingsReply, type MailLanguage, type NotificationSettingsBody } from '@civitas/events/notifications/notification.contract';
import { i18n, onLanguageChosen } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { toast } from '../../../lib/toast-store';
import { NOTIFICATION_SETTINGS_URL, notificationSettingsQueryOptions } from './get-notification-settings';

/** PUT /api/notifications/settings with what changed; the answer is every type's delivery as kept now. */
export async function updateNotificationSettings(body: NotificationSettingsBody): Promise<NotificationSettingsReply> {
  const response = await apiRequest('PUT', NOTIFICATION_SETTINGS_URL, body);
  return parseResponse(response, NotificationSettingsReply, `PUT ${NOTIFICATION_SETTINGS_URL}`);
}

/** The choice shows at once (the select stays usable); a refusal puts back what was kept. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQueryOptions();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, { ...before, ...body, deliveries: { ...before.deliveries, ...body.deliveries } });
      return { before };
    },
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKey, reply);
      toast({ title: i18n.t('notifications:toasts.settingsSaved') });
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      toastCommandError(error, i18n.t('notifications:toasts.settingsFailed'), i18n.t('notifications:toasts.tryAgain'));
    },
  });
}

/**
 * While mounted (a member is signed in), each switch of the app's language is told to the server
 * too, so the member's mails come in it. Fire and forget: the switch never waits for it, and a
 * failure changes nothing on screen (the next switch tells again).
 */
export function useMailLanguageFollowsApp(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLanguageChosen((language: MailLanguage) => {
        updateNotificationSettings({ language }).then(
          (reply) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, reply),
          () => undefined,
        );
      }),
    [queryClient],
  );
}
