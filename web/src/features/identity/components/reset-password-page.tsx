import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { serverMessage } from '../../../lib/server-message';
import { SIGN_IN_OPTIONS_PATH } from '../../../lib/auth-paths';
import { ResetPasswordInput, useResetPassword } from '../api/reset-password';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { IdentityPageCard } from './identity-page-card';
import { useTokenFromAddress } from './use-token-from-address';
import { Auto } from '../../../components/bidi';

type Field = 'password' | 'confirmPassword';

const RESET_PASSWORD_PAGE_PATH = '/reset-password';

/**
 * /reset-password/<token>: the link from the password-reset e-mail. The token leaves the address
 * bar as soon as it is read, so it lingers in no history, bookmark or screenshot.
 */
export function ResetPasswordPage({ token: tokenInPath }: { token?: string }) {
  const { t } = useTranslation('accountPages');
  const token = useTokenFromAddress(tokenInPath, RESET_PASSWORD_PAGE_PATH) ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field | 'token'>>({});
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetPasswordInput.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors<Field | 'token'>(parsed.error));
      return;
    }
    setErrors({});
    reset.mutate(parsed.data);
  };

  return (
    <IdentityPageCard icon={<LockResetIcon color="primary" fontSize="large" aria-hidden />} title={t('reset.title')}>
      {reset.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success">
            <Auto>{reset.data.message}</Auto>
          </Alert>
          <Button component={RouterLink} href={SIGN_IN_OPTIONS_PATH} variant="contained" size="large">
            {t('reset.signIn')}
          </Button>
        </Stack>
      ) : (
        <Box component="form" aria-label={t('reset.formLabel')} noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('reset.lead')}</Typography>
            {reset.isError && <Alert severity="error">{serverMessage(reset.error) ?? t('reset.failed')}</Alert>}
            {/* A link whose token went missing cannot be repaired by typing. */}
            {errors.token && <Alert severity="error">{errors.token}</Alert>}
            <TextField
              label={t('reset.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password !== undefined}
              helperText={errors.password}
              fullWidth
            />
            <TextField
              label={t('reset.confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              error={errors.confirmPassword !== undefined}
              helperText={errors.confirmPassword}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
              {reset.isPending ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </IdentityPageCard>
  );
}
