import { useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAIL_DELIVERIES, NOTIFICATION_TYPES, type MailDelivery } from '@civitas/events/notifications/notification.contract';
import { QueryErrorAlert } from '../../../components/query-error';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

/**
 * Settings (issue #33 item 3): per type of notification, whether it is e-mailed at once, in the
 * daily or weekly digest, or never; each choice is saved as it is made. What shows before the
 * member chose is the server's default, which sends little.
 */
export function NotificationSettingsSection() {
  const { t } = useTranslation('notifications');
  const headingId = useId();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.lead')}
      </Typography>
      {settings.isPending && <CircularProgress size={24} aria-label={t('settings.loading')} />}
      {settings.isError && <QueryErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {NOTIFICATION_TYPES.map((type) => (
            <TextField
              key={type}
              select
              size="small"
              label={t(`settings.types.${type}`)}
              value={settings.data.deliveries[type]}
              onChange={(event) => update.mutate({ deliveries: { [type]: event.target.value as MailDelivery } })}
              slotProps={{ select: { native: true } }}
              fullWidth
            >
              {MAIL_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {t(`settings.deliveries.${delivery}`)}
                </option>
              ))}
            </TextField>
          ))}
        </Box>
      )}
    </Box>
  );
}
