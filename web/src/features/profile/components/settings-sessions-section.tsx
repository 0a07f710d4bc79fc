import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../lib/format-date';
import type { AccountSecurity } from '../api/get-account-security';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { SettingsSection } from './settings-section';

/** Where the member is signed in, and 'Sign out other sessions'. */
export function SettingsSessionsSection({ sessions }: { sessions: AccountSecurity['sessions'] }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeOtherSessions();
  const others = sessions.filter((session) => !session.current);
  return (
    <SettingsSection title={t('settings.sessions.title')}>
      <Stack spacing={1.5}>
        <Typography>{others.length === 0 ? t('settings.sessions.onlyHere') : t('settings.sessions.others', { count: others.length })}</Typography>
        {others.length > 0 && (
          <Box component="ul" aria-label={t('settings.sessions.label')} sx={{ m: 0, pl: 2.5 }}>
            {others.map((session) => (
              <Typography component="li" variant="body2" color="text.secondary" key={`${session.createdAt} ${session.expiresAt}`}>
                {t('settings.sessions.session', {
                  signedIn: formatDisplayDateTime(session.createdAt),
                  lastActive: formatDisplayDateTime(session.lastSeenAt),
                })}
              </Typography>
            ))}
          </Box>
        )}
        <Box>
          <Button variant="outlined" onClick={() => revoke.mutate()} disabled={revoke.isPending || others.length === 0}>
            {revoke.isPending ? t('settings.sessions.signingOut') : t('settings.sessions.signOutOthers')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
