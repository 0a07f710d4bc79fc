import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUS_REQUIRED, type ReportStatus } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { LeaderReportView } from '../api/leader-reports';
import { useReviewLeaderReport } from '../api/review-leader-report';
import { ChoiceSelect, NotesField } from './feedback-form-fields';
import { REPORT_STATUS_LABELS } from './feedback-labels';
import { toastSpecRefusal } from './feedback-toasts';
import { DialogForm } from './dialog-form';

function ReviewLeaderReportForm({ report, titleId, onClose }: { report: LeaderReportView; titleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  // Starts at the report's current status (saving it unchanged records nothing).
  const [status, setStatus] = useState<ReportStatus | ''>(report.status);
  const [notes, setNotes] = useState(report.notes ?? '');
  const review = useReviewLeaderReport(report.groupId);

  const submit = () => {
    if (!status) {
      toastSpecRefusal(REPORT_STATUS_REQUIRED);
      return;
    }
    review.mutate(
      { leaderReportId: report.id, body: { status, notes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast({
            title: t('reviewReport.doneTitle'),
            description: t('reviewReport.done', { status: REPORT_STATUS_LABELS[status].toLocaleLowerCase(i18n.language) }),
          });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('common.errorTitle'), t('reviewReport.failed')),
      },
    );
  };

  return (
    <DialogForm titleId={titleId} pending={review.isPending} submitLabel={t('reviewReport.submit')} onSubmit={submit} onClose={onClose}>
      <ChoiceSelect label={t('common.status')} placeholder={t('common.selectStatus')} value={status} options={REPORT_STATUS_LABELS} onChange={setStatus} />
      <NotesField value={notes} onChange={setNotes} />
    </DialogForm>
  );
}

/** A leader (or an admin) sets a leader report's status, with optional notes (4 rows). */
export function ReviewLeaderReportDialog({ report, onClose }: { report: LeaderReportView | null; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={report !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('leaderReports.reviewTitle')}</DialogTitle>
      {report && <ReviewLeaderReportForm key={report.id} report={report} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
