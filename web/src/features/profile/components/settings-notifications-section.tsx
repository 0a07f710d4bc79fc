import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS_MAILED } from '@civitas/events/profiles/account.contract';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { SettingsSection } from './settings-section';
import { QueryErrorAlert } from '../../../components/query-error';

/** E-mail notification preferences: each switch saves at once; account security mails always go. */
export function SettingsNotificationsSection() {
  const { t } = useTranslation('profile');
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <SettingsSection title={t('settings.notifications.title')}>
      {preferences.isPending && <CircularProgress size={24} aria-label={t('settings.notifications.loading')} />}
      {preferences.isError && <QueryErrorAlert error={preferences.error} onRetry={() => void preferences.refetch()} />}
      {preferences.data && (
        <FormGroup>
          {/* Only kinds some mail is sent for; the others keep their stored value when one of these is saved. */}
          {NOTIFICATION_KINDS_MAILED.map((kind) => {
            const locked = kind === 'accountSecurity';
            return (
              <FormControlLabel
                key={kind}
                label={t(`settings.notifications.kinds.${kind}`)}
                control={
                  <Switch
                    checked={preferences.data.preferences[kind]}
                    disabled={locked || update.isPending}
                    onChange={(event) => update.mutate({ ...preferences.data.preferences, [kind]: event.target.checked })}
                  />
                }
              />
            );
          })}
          <FormHelperText>{t('settings.notifications.securityAlwaysSent')}</FormHelperText>
        </FormGroup>
      )}
    </SettingsSection>
  );
}
