import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_REQUIRED, type ReportAction } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { useActOnReport } from '../api/act-on-report';
import type { AdminReportItem } from '../api/admin-feedback';
import { DialogForm } from './dialog-form';
import { REPORT_CATEGORY_LABELS } from './feedback-labels';
import { ModerationReasonField } from './moderation-reason-field';

type Target = NonNullable<AdminReportItem['target']>;

/** What may be done about the item: hiding is for opinions and chat messages; a hidden item may be shown again. */
function actionsFor(target: Target): ReportAction[] {
  const hideable = target.type !== 'topic' && target.content !== null;
  const author = target.author !== null;
  return [...(hideable ? [target.hidden ? ('restore' as const) : ('hide' as const)] : []), ...(author ? (['warn', 'ban'] as const) : [])];
}

const kindKey = (type: Target['type']) => (type === 'chat_message' ? 'chatMessage' : 'opinion');

function ReportActionForm({ report, target, titleId, onClose }: { report: AdminReportItem; target: Target; titleId: string; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const actions = actionsFor(target);
  const [action, setAction] = useState<ReportAction>(actions[0] ?? 'warn');
  const [reason, setReason] = useState('');
  const act = useActOnReport();
  const author = target.author?.name ?? '';
  const labelOf = (choice: ReportAction) =>
    choice === 'hide' || choice === 'restore' ? t(`reportAction.${choice}.${kindKey(target.type)}`) : t(`reportAction.${choice}`, { name: author });

  const submit = () => {
    // The server's rule, said before anything is sent: only a restore may go without a reason.
    if (action !== 'restore' && !reason.trim()) {
      toast({ title: t('ban.reasonRequired'), description: MODERATION_REASON_REQUIRED, variant: 'destructive' });
      return;
    }
    act.mutate(
      { reportId: report.id, body: { action, reason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast({ title: t('reportAction.doneTitle'), description: t(`reportAction.done.${action}`, { name: author }) });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('common.errorTitle'), t('reportAction.failed')),
      },
    );
  };

  return (
    <DialogForm
      titleId={titleId}
      intro={t('reportAction.intro')}
      item={{ heading: REPORT_CATEGORY_LABELS[report.type], content: target.content ?? t('reports.itemGone') }}
      pending={act.isPending}
      submitLabel={t('reportAction.apply')}
      pendingLabel={t('common.saving')}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormControl>
        <FormLabel id={`${titleId}-action`}>{t('reportAction.choose')}</FormLabel>
        <RadioGroup aria-labelledby={`${titleId}-action`} value={action} onChange={(event) => setAction(event.target.value as ReportAction)}>
          {actions.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={String(labelOf(choice))} />
          ))}
        </RadioGroup>
      </FormControl>
      <ModerationReasonField value={reason} onChange={setReason} required={action !== 'restore'} />
    </DialogForm>
  );
}

/**
 * An admin acts on what a report names (docs/decisions.md, Moderation actions): hide the opinion or
 * chat message (its readers see the reason instead), show it again, warn its author or ban them.
 */
export function ReportActionDialog({ report, onClose }: { report: AdminReportItem | null; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  const target = report?.target ?? null;
  return (
    <Dialog open={report !== null && target !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('reportAction.title')}</DialogTitle>
      {report && target && <ReportActionForm key={report.id} report={report} target={target} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
