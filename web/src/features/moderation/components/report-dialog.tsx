import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReportCategory, ReportTargetType } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { SubmitReportBody, useSubmitReport } from '../api/submit-report';
import { ChoiceSelect, DetailsField } from './feedback-form-fields';
import { REPORT_CATEGORY_LABELS } from './feedback-labels';
import { toastRefusedForm } from './feedback-toasts';
import { DialogForm } from './dialog-form';

export const REPORT_FAILED = 'Failed to Submit Report';

/** What a report from a topic page is about. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

const TARGET_NOTES: Record<ReportTargetType, string> = {
  topic: 'You are reporting this topic.',
  opinion: 'You are reporting this opinion.',
  chat_message: 'You are reporting this chat message.',
};

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Set when reporting a topic, opinion or chat message from where it is shown. */
  target?: ReportTarget;
}

function ReportForm({ titleId, onClose, target }: Omit<ReportDialogProps, 'open'> & { titleId: string }) {
  const [type, setType] = useState<ReportCategory | ''>('');
  const [content, setContent] = useState('');
  const submission = useSubmitReport();

  const submit = () => {
    // The contract's own rules, so the texts match what the server would answer.
    const parsed = SubmitReportBody.safeParse({ type: type || undefined, content, targetType: target?.type, targetId: target?.id });
    if (!parsed.success) {
      toastRefusedForm(parsed.error, REPORT_FAILED);
      return;
    }
    submission.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Report Submitted', description: 'Thank you. An administrator will review your report.' });
        onClose();
      },
      onError: (error) => toastCommandError(error, REPORT_FAILED, 'Please try again later.'),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro="Tell the administrators about content or behaviour that breaks the rules, or about a problem with the platform."
      pending={submission.isPending}
      submitLabel="Submit Report"
      pendingLabel="Submitting..."
      onSubmit={submit}
      onClose={onClose}
    >
      {target && <Alert severity="info">{TARGET_NOTES[target.type]}</Alert>}
      <ChoiceSelect label="Report Type" placeholder="Select a report type" value={type} options={REPORT_CATEGORY_LABELS} onChange={setType} />
      <DetailsField value={content} onChange={setContent} placeholder="Describe what happened..." />
    </DialogForm>
  );
}

/** The report dialog (spec section 2 'Dialogs'): a category and details with a counter out of 2000. */
export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Submit Report</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <ReportForm titleId={titleId} onClose={onClose} target={target} />}
    </Dialog>
  );
}
