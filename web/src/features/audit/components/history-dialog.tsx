import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditSubjectType } from '@civitas/events/audit/audit.contract';
import { useAuditHistory } from '../api/get-audit-history';
import { AuditEntry } from './audit-entry';
import { subjectLabel } from './audit-labels';
import { QueryErrorAlert } from '../../../components/query-error';

export interface HistorySubject {
  subjectType: AuditSubjectType;
  subjectId: string;
}

function HistoryList({ subjectType, subjectId }: HistorySubject) {
  const { t } = useTranslation('audit');
  const history = useAuditHistory(subjectType, subjectId);
  if (history.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t('history.loading')}
      </Typography>
    );
  if (history.isError) return <QueryErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.entries.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Stack component="ol" aria-label={t('history.label')} spacing={1.5} sx={{ m: 0, p: 0 }}>
      {history.data.entries.map((entry) => (
        <AuditEntry key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}

/** Everything the trail holds about one item, oldest first: who did what, when, and why. */
export function HistoryDialog({ subject, onClose }: { subject: HistorySubject | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const titleId = useId();
  return (
    <Dialog open={subject !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{subject ? t('history.title', { subject: subjectLabel(subject.subjectType) }) : t('history.fallbackTitle')}</DialogTitle>
      <DialogContent>{subject && <HistoryList {...subject} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The History button the admin panel puts on each item of its tabs. */
export function HistoryButton(subject: HistorySubject) {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {t('history.button')}
      </Button>
      <HistoryDialog subject={open ? subject : null} onClose={() => setOpen(false)} />
    </>
  );
}
