import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FEEDBACK_CONTENT_MAX_LENGTH } from '@civitas/events/moderation/moderation.constants';
import { LEADER_REPORT_REASON_MAX_LENGTH } from '@civitas/events/moderation/feedback.contract';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { FileLeaderReportBody, useFileLeaderReport } from '../api/file-leader-report';
import { REPORT_FAILED } from './report-dialog';
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
    const parsed = FileLeaderReportBody.safeParse({ reportedUserId: subject.userId, groupId: subject.groupId, reason, description, evidence: evidence.trim() || null });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    filing.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Report Sent to Leaders', description: 'The group\u2019s leaders and the administrators will review it.' });
        onClose();
      },
      onError: (error) => toastCommandError(error, REPORT_FAILED, 'Please try again later.'),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro={`Report ${subject.name} to this group\u2019s leaders. They and the administrators see your name with the report.`}
      pending={filing.isPending}
      submitLabel="Send to Leaders"
      pendingLabel="Sending..."
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Reason"
        required
        value={reason}
        onChange={(event) => edit('reason', setReason)(event.target.value.slice(0, LEADER_REPORT_REASON_MAX_LENGTH))}
        error={errors.reason !== undefined}
        helperText={errors.reason}
        fullWidth
      />
      <TextField
        label="What happened"
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
        label="Evidence (optional)"
        multiline
        minRows={2}
        placeholder="Where and when it happened, links to the messages..."
        value={evidence}
        onChange={(event) => edit('evidence', setEvidence)(event.target.value.slice(0, FEEDBACK_CONTENT_MAX_LENGTH))}
        error={errors.evidence !== undefined}
        helperText={errors.evidence}
        fullWidth
      />
    </DialogForm>
  );
}

/** Report a member of a group to its leaders (spec section 6 'Leader': leaders receive leader reports). */
export function LeaderReportDialog({ open, onClose, subject }: LeaderReportDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Report to Group Leaders</DialogTitle>
      {open && <LeaderReportForm subject={subject} onClose={onClose} titleId={titleId} />}
    </Dialog>
  );
}
