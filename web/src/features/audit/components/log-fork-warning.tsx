import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { LogWatch } from '../api/log-watch';

type Warning = Extract<LogWatch, { shown: unknown }>;

/** What the log watch found, in words: the server showed this browser a log that does not extend the one it saw. */
export function LogForkWarning({ watch }: { watch: Warning }) {
  const { t } = useTranslation('audit');
  const values = { seenSize: watch.seen?.treeSize ?? 0, seenAt: watch.seen?.timestamp ?? '', shownSize: watch.shown.treeSize };
  return (
    <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
      <AlertTitle>{t('logWatch.title')}</AlertTitle>
      {t(`logWatch.${watch.status}`, values)} {t('logWatch.advice')}
    </Alert>
  );
}

export default LogForkWarning;
