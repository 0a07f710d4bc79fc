import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { FRESH_SIGN_IN_MINUTES } from '@civitas/events/profiles/account.contract';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { ACCOUNT_EXPORT_URL } from '../api/account-export';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

/** 'Download my data': the browser downloads the JSON export itself, with the session cookie. */
export function SettingsDownloadSection() {
  const { t } = useTranslation('profile');
  return (
    <SettingsSection title={t('settings.download.title')}>
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{t('settings.download.lead')}</Typography>
        <Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={ACCOUNT_EXPORT_URL} download>
            {t('settings.download.button')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}

/** The confirm step: what erasure does, and the password (or, without one, the fresh sign-in it needs). */
function DeleteAccountConfirm({ open, onClose, hasPassword }: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const remove = useDeleteAccount();
  const close = () => {
    if (remove.isPending) return;
    setPassword('');
    setMissing(false);
    remove.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && password === '') {
      setMissing(true);
      return;
    }
    remove.mutate(hasPassword ? password : undefined, {
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    });
  };
  // Deleted: the page is on its way to the landing page.
  const busy = remove.isPending || remove.isSuccess;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('settings.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('settings.delete.confirmText')}</DialogContentText>
            {remove.isError && !isUnauthorizedError(remove.error) && (
              <Alert severity="error">{serverMessage(remove.error) ?? t('settings.delete.failed')}</Alert>
            )}
            {hasPassword ? (
              <TextField
                label={t('settings.delete.password')}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMissing(false);
                }}
                error={missing}
                helperText={missing ? t('settings.delete.passwordRequired') : t('settings.delete.passwordHint')}
                fullWidth
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('settings.delete.noPassword', { minutes: FRESH_SIGN_IN_MINUTES })}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? t('settings.delete.deleting') : t('settings.delete.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** 'Delete account', with its confirm step. */
export function SettingsDeleteSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsSection title={t('settings.delete.title')}>
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{t('settings.delete.lead')}</Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('settings.delete.button')}
          </Button>
        </Box>
      </Stack>
      <DeleteAccountConfirm open={confirming} onClose={() => setConfirming(false)} hasPassword={hasPassword} />
    </SettingsSection>
  );
}
