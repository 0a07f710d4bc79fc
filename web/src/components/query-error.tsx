import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
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
 * A failure in words a member can act on: the server's own explanation where it gives one, else
 * what happened (unreachable, failed or busy). `refused` is the caller's words for a refusal that
 * came without a message (a form's 'Invalid email or password'): never said of a server that is down.
 */
export function failureDescription(error: Error, refused?: string): string {
  const kind = failureKind(error);
  const own = kind !== 'unreachable' ? ownExplanation(error) : null;
  if (own) return own;
  if (kind === 'refused' && refused) return refused;
  return i18n.t(`common:components.failure.${kind}`);
}

/**
 * A read that failed, in words a member can act on, with Retry: never the raw "<status>: <body>"
 * of the error rule (issue #32). A refusal shows the server's own message, which says why.
 */
export function QueryErrorAlert({ error, onRetry, title }: { error: Error; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const message = failureDescription(error);
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
