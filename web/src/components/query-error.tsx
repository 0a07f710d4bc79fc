import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorStatus, failureKind, serverMessage } from '../lib/server-message';

/** HTTP's own names for a status say nothing a member can use: only a message of the server's own explains. */
const STATUS_NAMES = new Set(['Internal Server Error', 'Service Unavailable', 'Too Many Requests', 'Bad Gateway', 'Gateway Timeout']);

/**
 * What the server said, where it explains: a refusal's reason, or a deliberate 503/429 that says
 * why and when to ask again (an export waiting for its checkpoint). A 500 never does.
 */
function ownExplanation(error: Error): string | null {
  const message = serverMessage(error);
  if (message === null || STATUS_NAMES.has(message) || errorStatus(error) === 500) return null;
  return message;
}

/**
 * A read that failed, in words a member can act on, with Retry: never the raw "<status>: <body>"
 * of the error rule (issue #32). A refusal shows the server's own message, which says why.
 */
export function QueryErrorAlert({ error, onRetry, title }: { error: Error; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const kind = failureKind(error);
  const message = (kind !== 'unreachable' && ownExplanation(error)) || t(`components.failure.${kind}`);
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
