import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LanguageChoice } from '../../../components/language-switch';
import { useAccountSecurity } from '../api/get-account-security';
import { SettingsDeleteSection, SettingsDownloadSection } from './settings-data-section';
import { SettingsNotificationsSection } from './settings-notifications-section';
import { SettingsPasswordSection } from './settings-password-section';
import { SettingsSessionsSection } from './settings-sessions-section';
import { QueryErrorAlert } from '../../../components/query-error';

/** Read while the dialog is open: whether there is a password, and the member's sessions. */
function SettingsContent({ notificationSettings }: { notificationSettings?: ReactNode }) {
  const { t } = useTranslation('profile');
  const security = useAccountSecurity();
  if (security.isPending) return <CircularProgress aria-label={t('settings.loading')} />;
  if (security.isError) return <QueryErrorAlert error={security.error} onRetry={() => void security.refetch()} />;
  const { hasPassword, sessions } = security.data;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <LanguageChoice />
      <SettingsPasswordSection hasPassword={hasPassword} />
      <SettingsSessionsSection sessions={sessions} />
      <SettingsNotificationsSection />
      {notificationSettings}
      <SettingsDownloadSection />
      <SettingsDeleteSection hasPassword={hasPassword} />
    </Stack>
  );
}

/**
 * The profile's Settings dialog (docs/product.md, Screens): password, sessions, e-mail notifications, the member's data and account.
 * `notificationSettings` is the notifications feature's section (how each type is e-mailed), which the page composing both passes in.
 */
export function SettingsDialog({ open, onClose, notificationSettings }: { open: boolean; onClose: () => void; notificationSettings?: ReactNode }) {
  const { t } = useTranslation(['profile', 'common']);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{t('settings.title')}</DialogTitle>
      {/* Mounted only while open: sessions and preferences are read when the member looks. */}
      {open && (
        <DialogContent>
          <SettingsContent notificationSettings={notificationSettings} />
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
