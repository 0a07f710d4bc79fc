import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CodeIcon from '@mui/icons-material/Code';
import EmailIcon from '@mui/icons-material/Email';
import GoogleIcon from '@mui/icons-material/Google';
import { useTranslation } from 'react-i18next';
import { GOOGLE_SIGN_IN_PATH, REPLIT_SIGN_IN_PATH } from '../../../lib/auth-paths';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { preloadEmailForms } from './lazy-email-forms';

/**
 * The ways in: e-mail, and each provider this server is registered with (a deployment without
 * Google or Replit credentials offers no button that could only say "not configured"). The
 * providers are plain links: their sign-in runs on the server, so the browser leaves the app and
 * comes back with a session (or an authError). Pointing at or focusing 'Sign In with Email' starts
 * fetching its forms, so the click rarely waits.
 */
export function SignInOptions({ onChooseEmail }: { onChooseEmail: () => void }) {
  const { t } = useTranslation('identity');
  const providers = useSignInProviders().data ?? [];
  // A failed prefetch is tried again by the click.
  const prefetch = () => void preloadEmailForms().catch(() => undefined);
  return (
    <Stack spacing={1.5}>
      <Button variant="contained" size="large" startIcon={<EmailIcon />} onClick={onChooseEmail} onPointerEnter={prefetch} onFocus={prefetch}>
        {t('panel.signInWithEmail')}
      </Button>
      {providers.includes('google') && (
        <Button variant="outlined" size="large" startIcon={<GoogleIcon />} href={GOOGLE_SIGN_IN_PATH}>
          {t('panel.continueWithGoogle')}
        </Button>
      )}
      {providers.includes('replit') && (
        <Button variant="outlined" size="large" startIcon={<CodeIcon />} href={REPLIT_SIGN_IN_PATH}>
          {t('panel.continueWithReplit')}
        </Button>
      )}
    </Stack>
  );
}
