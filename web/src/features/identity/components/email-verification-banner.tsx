import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../lib/server-message';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { useResendVerification } from '../api/resend-verification';
import { Auto } from '../../../components/bidi';

/** Until the member follows the mailed link: a reminder, and a new link on request. */
export function EmailVerificationBanner({ user }: { user: AuthUser }) {
  const { t } = useTranslation('accountPages');
  const resend = useResendVerification();
  return (
    <Alert
      severity="warning"
      // A standing reminder, not an interruption: read in turn, never announced over the page.
      role="region"
      aria-label={t('verificationBanner.label')}
      // A long address breaks where it must on a phone, rather than running out of the banner.
      sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
      action={
        <Button color="inherit" size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? t('verificationBanner.sending') : t('verificationBanner.resend')}
        </Button>
      }
    >
      <AlertTitle>{t('verificationBanner.title')}</AlertTitle>
      {t('verificationBanner.body', { email: user.email })}
      {resend.isSuccess && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Auto>{resend.data.message}</Auto>
        </Typography>
      )}
      {resend.isError && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {serverMessage(resend.error) ?? t('verificationBanner.failed')}
        </Typography>
      )}
    </Alert>
  );
}
