import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useSignOut } from '../api/sign-out';
import { IdentityPageCard } from './identity-page-card';

/**
 * /logout: where GET /api/logout leads. Any site can send a browser there, so signing out
 * takes a click here (a POST); our own menus sign out directly.
 */
export function LogoutPage() {
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  // Success keeps the button locked: the page reloads at / next.
  const busy = signOut.isPending || signOut.isSuccess;

  if (!user) {
    return (
      <IdentityPageCard icon={<LogoutIcon color="primary" fontSize="large" aria-hidden />} title="Signed Out">
        <Stack spacing={2}>
          <Typography>You are signed out.</Typography>
          <Button component={RouterLink} href="/" variant="contained" size="large">
            Go to Home
          </Button>
        </Stack>
      </IdentityPageCard>
    );
  }
  return (
    <IdentityPageCard icon={<LogoutIcon color="primary" fontSize="large" aria-hidden />} title="Sign out?">
      <Stack spacing={2}>
        <Typography>You are signed in as {user.email}.</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" size="large" onClick={() => signOut.mutate()} disabled={busy}>
            {busy ? 'Signing out...' : 'Sign out'}
          </Button>
          <Button component={RouterLink} href="/" size="large">
            Cancel
          </Button>
        </Stack>
      </Stack>
    </IdentityPageCard>
  );
}
