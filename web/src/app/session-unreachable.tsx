import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { failureKind } from '../lib/server-message';

/**
 * The session could not be read because Civitas did not answer (or failed): the member is not
 * shown the visitors' pages nor sent to sign in (docs/decisions.md, "Failures are not
 * sign-outs"). Retry asks again; so does the browser coming back online.
 */
export function SessionUnreachable({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  const kind = failureKind(error) === 'unreachable' ? 'unreachable' : 'server';
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, md: 4 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CloudOffIcon color="action" fontSize="large" aria-hidden />
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t(`sessionUnreachable.${kind}Title`)}
        </Typography>
        <Typography color="text.secondary">{t('sessionUnreachable.kept')}</Typography>
        <Button variant="contained" onClick={onRetry} disabled={retrying}>
          {retrying ? t('sessionUnreachable.retrying') : t('components.failure.retry')}
        </Button>
      </Stack>
    </Paper>
  );
}
