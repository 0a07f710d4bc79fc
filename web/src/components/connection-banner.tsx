import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/use-connection-state';

/** Says when the member is cut off, and that nothing they wrote is lost (drafts stay in this browser). */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnectionState();
  return (
    // The live region stays in the page, so its message is announced when it appears; no role of
    // its own (an empty status would be one more status on every page), and the alert inside none.
    <div aria-live="polite" aria-atomic="true">
      {state !== 'online' && (
        <Alert role="none" severity="warning" variant="filled" sx={{ borderRadius: 0, justifyContent: 'center' }}>
          {t(`connection.${state}`)}
        </Alert>
      )}
    </div>
  );
}
