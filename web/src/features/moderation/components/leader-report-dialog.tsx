import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CONTENT_MAX_LENGTH } from '@civitas/events/moderation/moderation.constants';
import { LEADER_REPORT_REASON_MAX_LENGTH } from '@civitas/events/moderation/feedback.contract';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { FileLeaderReportBody, useFileLeaderReport } from '../api/file-leader-report';
import { DialogForm } from './dialog-form';

type Field = 'reason' | 'description' | 'evidence';

/** Whom the member reports, and in which group. */
export interface LeaderReportSubject {
  groupId: number;
  userId: string;
  /** As pages show them. */
  name: string;
}

interface LeaderReportDialogProps {
  open: boolean;
  onClose: () => void;
  subject: LeaderReportSubject;
}

function LeaderReportForm({ subject, onClose, titleId }: { subject: LeaderReportSubject; onClose: () => void; titleId: string }) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [evidence, setEvidence] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const filing = useFileLeaderReport();

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => withoutError(current, field));
  };

  const submit = () => {
    const parsed = FileLeaderReportBody.safeParse({
      reportedUserId: subject.userId,
      groupId: subject.groupId,
      reason,
      description,
      evidence: evidence.trim() || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    filing.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('leaderReport.doneTitle'), description: t('leaderReport.done') });
        onClose();
      },
      onError: (error) => toastCommandError(error, t('report.failed'), t('common.tryLater')),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro={t('leaderReport.intro', { name: subject.name })}
      pending={filing.isPending}
      submitLabel={t('leaderReport.submit')}
      pendingLabel={t('leaderReport.sending')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('leaderReport.reason')}
        required
        value={reason}
        onChange={(event) => edit('reason', setReason)(event.target.value.slice(0, LEADER_REPORT_REASON_MAX_LENGTH))}
        error={errors.reason !== undefined}
        helperText={errors.reason}
        fullWidth
      />
      <TextField
        label={t('leaderReport.whatHappened')}
        required
        multiline
        rows={4}
        value={description}
        onChange={(event) => edit('description', setDescription)(event.target.value.slice(0, FEEDBACK_CONTENT_MAX_LENGTH))}
        error={errors.description !== undefined}
        helperText={errors.description ?? `${description.length}/${FEEDBACK_CONTENT_MAX_LENGTH}`}
        fullWidth
      />
      <TextField
        label={t('leaderReport.evidence')}
        multiline
        minRows={2}
        placeholder={t('leaderReport.evidencePlaceholder')}
        value={evidence}
        onChange={(event) => edit('evidence', setEvidence)(event.target.value.slice(0, FEEDBACK_CONTENT_MAX_LENGTH))}
        error={errors.evidence !== undefined}
        helperText={errors.evidence}
        fullWidth
      />
    </DialogForm>
  );
}

/** Report a member of a group to its leaders (docs/product.md, Roles 'Leader': leaders receive leader reports). */
export function LeaderReportDialog({ open, onClose, subject }: LeaderReportDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('leaderReport.title')}</DialogTitle>
      {open && <LeaderReportForm subject={subject} onClose={onClose} titleId={titleId} />}
    </Dialog>
  );
}
