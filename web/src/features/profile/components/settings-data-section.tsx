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
import { FRESH_SIGN_IN_MINUTES, PASSWORD_REQUIRED_TO_DELETE } from '@civitas/events/profiles/account.contract';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { ACCOUNT_EXPORT_URL } from '../api/account-export';
import { DELETE_ACCOUNT_FAILED, useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

/** 'Download my data': the browser downloads the JSON export itself, with the session cookie. */
export function SettingsDownloadSection() {
  return (
    <SettingsSection title="Download My Data">
      <Stack spacing={1.5}>
        <Typography color="text.secondary">
          A JSON file with everything Civitas holds about you: your profile, verifications, groups, topics, opinions, votes,
          delegations, candidacies, chat messages, payments and sessions.
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={ACCOUNT_EXPORT_URL} download>
            Download my data
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}

/** The confirm step: what erasure does, and the password (or, without one, the fresh sign-in it needs). */
function DeleteAccountConfirm({ open, onClose, hasPassword }: { open: boolean; onClose: () => void; hasPassword: boolean }) {
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
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Your name, e-mail address, national ids, documents and pictures are erased for good, and you are signed out
              everywhere. Your votes and opinions stay counted, shown as 'Deleted member'. This cannot be undone.
            </DialogContentText>
            {remove.isError && !isUnauthorizedError(remove.error) && (
              <Alert severity="error">{serverMessage(remove.error) ?? DELETE_ACCOUNT_FAILED}</Alert>
            )}
            {hasPassword ? (
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMissing(false);
                }}
                error={missing}
                helperText={missing ? PASSWORD_REQUIRED_TO_DELETE : 'Enter your password to confirm.'}
                fullWidth
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Your account has no password: you can delete it within {FRESH_SIGN_IN_MINUTES} minutes of signing in.
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** 'Delete account', with its confirm step. */
export function SettingsDeleteSection({ hasPassword }: { hasPassword: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsSection title="Delete Account">
      <Stack spacing={1.5}>
        <Typography color="text.secondary">
          Erases your personal data and signs you out. What you did stays counted under 'Deleted member', so no vote or tally changes.
        </Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Delete account
          </Button>
        </Box>
      </Stack>
      <DeleteAccountConfirm open={confirming} onClose={() => setConfirming(false)} hasPassword={hasPassword} />
    </SettingsSection>
  );
}
