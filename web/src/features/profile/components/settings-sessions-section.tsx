import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDisplayDateTime } from '../../../lib/format-date';
import type { AccountSecurity } from '../api/get-account-security';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { SettingsSection } from './settings-section';

const othersText = (count: number) =>
  count === 0 ? 'You are signed in only here.' : `You are also signed in on ${count} other ${count === 1 ? 'browser or device' : 'browsers or devices'}.`;

/** Where the member is signed in, and 'Sign out other sessions'. */
export function SettingsSessionsSection({ sessions }: { sessions: AccountSecurity['sessions'] }) {
  const revoke = useRevokeOtherSessions();
  const others = sessions.filter((session) => !session.current);
  return (
    <SettingsSection title="Sessions">
      <Stack spacing={1.5}>
        <Typography>{othersText(others.length)}</Typography>
        {others.length > 0 && (
          <Box component="ul" aria-label="Other sessions" sx={{ m: 0, pl: 2.5 }}>
            {others.map((session) => (
              <Typography component="li" variant="body2" color="text.secondary" key={`${session.createdAt} ${session.expiresAt}`}>
                Signed in {formatDisplayDateTime(session.createdAt)}, last active {formatDisplayDateTime(session.lastSeenAt)}
              </Typography>
            ))}
          </Box>
        )}
        <Box>
          <Button variant="outlined" onClick={() => revoke.mutate()} disabled={revoke.isPending || others.length === 0}>
            {revoke.isPending ? 'Signing out...' : 'Sign out other sessions'}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
