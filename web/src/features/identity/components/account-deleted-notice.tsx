import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { takeAccountDeletedNote } from '../../../lib/return-after-sign-in';

/**
 * After erasure the browser reloads at the landing page, signed out: it says, once, that the
 * account is gone and what stays (docs/decisions.md, "Personal data: settings, export and erasure").
 */
export function AccountDeletedNotice() {
  const { t } = useTranslation('identity');
  const [shown, setShown] = useState(takeAccountDeletedNote);
  if (!shown) return null;
  return (
    <Alert severity="success" onClose={() => setShown(false)}>
      <AlertTitle>{t('accountDeleted.title')}</AlertTitle>
      {t('accountDeleted.text')}
    </Alert>
  );
}
