import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ReportCategory, ReportTargetType } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { SubmitReportBody, useSubmitReport } from '../api/submit-report';
import { ChoiceSelect, DetailsField } from './feedback-form-fields';
import { REPORT_CATEGORY_LABELS } from './feedback-labels';
import { toastRefusedForm } from './feedback-toasts';
import { DialogForm } from './dialog-form';

/** What a report from a topic page is about. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

const TARGET_NOTE_KEYS = {
  topic: 'report.targets.topic',
  opinion: 'report.targets.opinion',
  chat_message: 'report.targets.chatMessage',
} as const satisfies Record<ReportTargetType, string>;

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Set when reporting a topic, opinion or chat message from where it is shown. */
  target?: ReportTarget;
}

function ReportForm({ titleId, onClose, target }: Omit<ReportDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation('moderation');
  const [type, setType] = useState<ReportCategory | ''>('');
  const [content, setContent] = useState('');
  const submission = useSubmitReport();

  const submit = () => {
    // The contract's own rules, so the texts match what the server would answer.
    const parsed = SubmitReportBody.safeParse({ type: type || undefined, content, targetType: target?.type, targetId: target?.id });
    if (!parsed.success) {
      toastRefusedForm(parsed.error, t('report.failed'));
      return;
    }
    submission.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('report.doneTitle'), description: t('report.done') });
        onClose();
      },
      onError: (error) => toastCommandError(error, t('report.failed'), t('common.tryLater')),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro={t('report.intro')}
      pending={submission.isPending}
      submitLabel={t('report.submit')}
      pendingLabel={t('common.submitting')}
      onSubmit={submit}
      onClose={onClose}
    >
      {target && <Alert severity="info">{t(TARGET_NOTE_KEYS[target.type])}</Alert>}
      <ChoiceSelect label={t('report.type')} placeholder={t('report.selectType')} value={type} options={REPORT_CATEGORY_LABELS} onChange={setType} />
      <DetailsField value={content} onChange={setContent} placeholder={t('report.placeholder')} />
    </DialogForm>
  );
}

/** The report dialog (docs/product.md, Screens 'Dialogs'): a category and details with a counter out of 2000. */
export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('report.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <ReportForm titleId={titleId} onClose={onClose} target={target} />}
    </Dialog>
  );
}
