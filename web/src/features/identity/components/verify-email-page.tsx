import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { serverMessage } from '../../../lib/server-message';
import { SIGN_IN_OPTIONS_PATH } from '../../../lib/auth-paths';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useVerifyEmail } from '../api/verify-email';
import { IdentityPageCard } from './identity-page-card';
import { useTokenFromAddress } from './use-token-from-address';
import { Auto } from '../../../components/bidi';

const VERIFY_EMAIL_PAGE_PATH = '/verify-email';

/**
 * /verify-email/<token>: the link from the verification e-mail. It works signed in or out;
 * the token leaves the address bar as soon as it is read, so it lingers in no history,
 * bookmark or screenshot.
 */
export function VerifyEmailPage({ token: tokenInPath }: { token?: string }) {
  const { t } = useTranslation('accountPages');
  const token = useTokenFromAddress(tokenInPath, VERIFY_EMAIL_PAGE_PATH);
  const { user } = useCurrentUser();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once, though StrictMode runs effects twice.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user ? (
    <Button component={RouterLink} href="/" variant="contained" size="large">
      {t('verifyEmail.toDashboard')}
    </Button>
  ) : (
    <Button component={RouterLink} href={SIGN_IN_OPTIONS_PATH} variant="contained" size="large">
      {t('verifyEmail.signIn')}
    </Button>
  );

  return (
    <IdentityPageCard icon={<MarkEmailReadIcon color="primary" fontSize="large" aria-hidden />} title={t('verifyEmail.title')}>
      {verify.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success">
            <Auto>{verify.data.message}</Auto>
          </Alert>
          {next}
        </Stack>
      ) : verify.isError || !token ? (
        <Stack spacing={2}>
          <Alert severity="error">{(verify.isError && serverMessage(verify.error)) || t('verifyEmail.invalidLink')}</Alert>
          {user && <Typography color="text.secondary">{t('verifyEmail.askNewLink')}</Typography>}
          {next}
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('verifyEmail.verifying')}</Typography>
        </Stack>
      )}
    </IdentityPageCard>
  );
}
