import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearch } from 'wouter';
import { Auto } from '../../../components/bidi';
import { serverMessage } from '../../../lib/server-message';
import { typesOfToken, useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=: where a mail's "Stop e-mails about …" link opens, signed in or out. Opening it
 * changes nothing (mail scanners open links too): it says what the link turns off, and the button
 * does it. Then Settings is one link away.
 */
export function UnsubscribePage({ settingsPath }: { settingsPath: string }) {
  const { t } = useTranslation('notifications');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const types = typesOfToken(token);
  const unsubscribe = useUnsubscribe();
  const settings = (
    <Button component={RouterLink} href={settingsPath} variant={unsubscribe.isSuccess ? 'contained' : 'text'}>
      {t('unsubscribe.settings')}
    </Button>
  );
  const named = (
    <ul>
      {types.map((type) => (
        <li key={type}>
          <Typography>{t(`settings.types.${type}`)}</Typography>
        </li>
      ))}
    </ul>
  );

  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <UnsubscribeIcon color="primary" fontSize="large" aria-hidden />
          <Typography variant="h1">{t('unsubscribe.title')}</Typography>
        </Stack>
        {types.length === 0 ? (
          <Stack spacing={2}>
            <Alert severity="error">{t('unsubscribe.invalid')}</Alert>
            {settings}
          </Stack>
        ) : unsubscribe.isSuccess ? (
          <Stack spacing={2}>
            <Alert severity="success">{t('unsubscribe.done')}</Alert>
            {named}
            <Typography color="text.secondary">{t('unsubscribe.stillInApp')}</Typography>
            {settings}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography>{t('unsubscribe.lead')}</Typography>
            {named}
            {unsubscribe.isError && (
              <Alert severity="error">
                <Auto>{serverMessage(unsubscribe.error) ?? t('unsubscribe.failed')}</Auto>
              </Alert>
            )}
            <Button variant="contained" size="large" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? t('unsubscribe.working') : t('unsubscribe.button')}
            </Button>
            {settings}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
