import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useSignOut } from '../api/sign-out';
import { IdentityPageCard } from './identity-page-card';

/**
 * /logout: where GET /api/logout leads. Any site can send a browser there, so signing out
 * takes a click here (a POST); our own menus sign out directly.
 */
export function LogoutPage() {
  const { t } = useTranslation(['accountPages', 'common']);
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  // Success keeps the button locked: the page reloads at / next.
  const busy = signOut.isPending || signOut.isSuccess;

  if (!user) {
    return (
      <IdentityPageCard icon={<LogoutIcon color="primary" fontSize="large" aria-hidden />} title={t('logout.signedOutTitle')}>
        <Stack spacing={2}>
          <Typography>{t('logout.signedOut')}</Typography>
          <Button component={RouterLink} href="/" variant="contained" size="large">
            {t('logout.toHome')}
          </Button>
        </Stack>
      </IdentityPageCard>
    );
  }
  return (
    <IdentityPageCard icon={<LogoutIcon color="primary" fontSize="large" aria-hidden />} title={t('logout.confirmTitle')}>
      <Stack spacing={2}>
        <Typography>{t('logout.signedInAs', { email: user.email })}</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" size="large" onClick={() => signOut.mutate()} disabled={busy}>
            {busy ? t('logout.signingOut') : t('logout.signOut')}
          </Button>
          <Button component={RouterLink} href="/" size="large">
            {t('common:actions.cancel')}
          </Button>
        </Stack>
      </Stack>
    </IdentityPageCard>
  );
}
