import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUS_REQUIRED, type ReportStatus } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { AdminReportItem } from '../api/admin-feedback';
import { useReviewReport } from '../api/review-report';
import { ChoiceSelect, NotesField } from './feedback-form-fields';
import { REPORT_CATEGORY_LABELS, REPORT_STATUS_LABELS } from './feedback-labels';
import { toastSpecRefusal } from './feedback-toasts';
import { DialogForm } from './dialog-form';

interface ReviewReportDialogProps {
  report: AdminReportItem | null;
  onClose: () => void;
}

function ReviewReportForm({ report, titleId, onClose }: { report: AdminReportItem; titleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  // Starts at the report's current status (saving it unchanged records nothing).
  const [status, setStatus] = useState<ReportStatus | ''>(report.status);
  const [notes, setNotes] = useState(report.adminNotes ?? '');
  const review = useReviewReport();

  const submit = () => {
    if (!status) {
      toastSpecRefusal(REPORT_STATUS_REQUIRED);
      return;
    }
    review.mutate(
      { reportId: report.id, body: { status, adminNotes: notes.trim() || null } },
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
    <DialogForm
      titleId={titleId}
      item={{ heading: REPORT_CATEGORY_LABELS[report.type], content: report.content }}
      pending={review.isPending}
      submitLabel={t('reviewReport.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ChoiceSelect label={t('common.status')} placeholder={t('common.selectStatus')} value={status} options={REPORT_STATUS_LABELS} onChange={setStatus} />
      <NotesField label={t('common.adminNotes')} value={notes} onChange={setNotes} />
    </DialogForm>
  );
}

/** Review a report (section 2 'Admin panel'): any status, optional notes in a 4-row text area. */
export function ReviewReportDialog({ report, onClose }: ReviewReportDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={report !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('reviewReport.title')}</DialogTitle>
      {/* Keyed by the report: another report starts afresh. */}
      {report && <ReviewReportForm key={report.id} report={report} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
