import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../lib/format-date';
import type { AccountSecurity } from '../api/get-account-security';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { SettingsSection } from './settings-section';

type Session = AccountSecurity['sessions'][number];

/** 'Chrome on Android', as the server noted it at sign-in; sessions from before it did are an unknown device. */
function deviceName(t: TFunction<'profile'>, device: Session['device']): string {
  if (device?.browser && device.os) return t('settings.sessions.device', { browser: device.browser, os: device.os });
  return device?.browser ?? device?.os ?? t('settings.sessions.unknownDevice');
}

function SessionLine({ session, title }: { session: Session; title: string }) {
  const { t } = useTranslation('profile');
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {t('settings.sessions.session', {
          signedIn: formatDisplayDateTime(session.createdAt),
          lastActive: formatDisplayDateTime(session.lastSeenAt),
        })}
      </Typography>
    </>
  );
}

/** Where the member is signed in, each named by device and browser, and 'Sign out other sessions'. */
export function SettingsSessionsSection({ sessions }: { sessions: AccountSecurity['sessions'] }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeOtherSessions();
  const current = sessions.find((session) => session.current);
  const others = sessions.filter((session) => !session.current);
  return (
    <SettingsSection title={t('settings.sessions.title')}>
      <Stack spacing={1.5}>
        {current && (
          <Box>
            <SessionLine session={current} title={`${t('settings.sessions.thisDevice')}: ${deviceName(t, current.device)}`} />
          </Box>
        )}
        <Typography>{others.length === 0 ? t('settings.sessions.onlyHere') : t('settings.sessions.others', { count: others.length })}</Typography>
        {others.length > 0 && (
          <Box component="ul" aria-label={t('settings.sessions.label')} sx={{ m: 0, pl: 2.5 }}>
            {others.map((session) => (
              <Box component="li" key={`${session.createdAt} ${session.expiresAt}`} sx={{ mb: 0.5 }}>
                <SessionLine session={session} title={deviceName(t, session.device)} />
              </Box>
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
