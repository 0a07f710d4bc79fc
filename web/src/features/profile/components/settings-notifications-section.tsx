import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { NOTIFICATION_KINDS_MAILED, NOTIFICATION_LABELS } from '@civitas/events/profiles/account.contract';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { SettingsSection } from './settings-section';

/** E-mail notification preferences: each switch saves at once; account security mails always go. */
export function SettingsNotificationsSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <SettingsSection title="Email Notifications">
      {preferences.isPending && <CircularProgress size={24} aria-label="Loading notification preferences" />}
      {preferences.isError && <Alert severity="error">{preferences.error.message}</Alert>}
      {preferences.data && (
        <FormGroup>
          {/* Only kinds some mail is sent for; the others keep their stored value when one of these is saved. */}
          {NOTIFICATION_KINDS_MAILED.map((kind) => {
            const locked = kind === 'accountSecurity';
            return (
              <FormControlLabel
                key={kind}
                label={NOTIFICATION_LABELS[kind]}
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
          <FormHelperText>Account security e-mails always go: you need them to reset your password and prove your address.</FormHelperText>
        </FormGroup>
      )}
    </SettingsSection>
  );
}
