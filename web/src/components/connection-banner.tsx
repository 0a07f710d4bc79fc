import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/use-connection-state';

/** Says when the member is cut off, and that nothing they wrote is lost (drafts stay in this browser). */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  return (
    // The live region stays in the page, so its message is announced when it appears.
    <div role="status" aria-live="polite">
      {state !== 'online' && (
        <Alert severity="warning" variant="filled" sx={{ borderRadius: 0, justifyContent: 'center' }}>
          {t(`connection.${state}`)}
        </Alert>
      )}
    </div>
  );
}
