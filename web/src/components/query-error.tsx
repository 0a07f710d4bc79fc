import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { failureKind, serverMessage } from '../lib/server-message';

/**
 * A read that failed, in words a member can act on, with Retry: never the raw "<status>: <body>"
 * of the error rule (issue #32). A refusal shows the server's own message, which says why.
 */
export function QueryErrorAlert({ error, onRetry, title }: { error: Error; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const kind = failureKind(error);
  const message = kind === 'refused' ? (serverMessage(error) ?? t('components.failure.refused')) : t(`components.failure.${kind}`);
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
            {t('components.failure.retry')}
          </Button>
        )
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      <span dir="auto">{message}</span>
    </Alert>
  );
}
