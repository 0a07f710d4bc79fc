import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_FIELDS_REQUIRED, type SuggestionPriority, type SuggestionStatus } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { AdminSuggestionItem } from '../api/admin-feedback';
import { useReviewSuggestion } from '../api/review-suggestion';
import { ChoiceSelect, NotesField } from './feedback-form-fields';
import { PRIORITY_LABELS, SUGGESTION_CATEGORY_LABELS, SUGGESTION_STATUS_LABELS } from './feedback-labels';
import { toastSpecRefusal } from './feedback-toasts';
import { DialogForm } from './dialog-form';

interface ReviewSuggestionDialogProps {
  suggestion: AdminSuggestionItem | null;
  onClose: () => void;
}

function ReviewSuggestionForm({ suggestion, titleId, onClose }: { suggestion: AdminSuggestionItem; titleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  // Starts at the suggestion's current status and priority (saving them unchanged records nothing).
  const [status, setStatus] = useState<SuggestionStatus | ''>(suggestion.status);
  const [priority, setPriority] = useState<SuggestionPriority | ''>(suggestion.priority);
  const [notes, setNotes] = useState(suggestion.adminNotes ?? '');
  const review = useReviewSuggestion();

  const submit = () => {
    if (!status || !priority) {
      toastSpecRefusal(SUGGESTION_FIELDS_REQUIRED);
      return;
    }
    review.mutate(
      { suggestionId: suggestion.id, body: { status, priority, adminNotes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast({
            title: t('reviewSuggestion.doneTitle'),
            description: t('reviewSuggestion.done', {
              status: SUGGESTION_STATUS_LABELS[status].toLocaleLowerCase(i18n.language),
              priority: PRIORITY_LABELS[priority].toLocaleLowerCase(i18n.language),
            }),
          });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('common.errorTitle'), t('reviewSuggestion.failed')),
      },
    );
  };

  return (
    <DialogForm
      titleId={titleId}
      item={{ heading: SUGGESTION_CATEGORY_LABELS[suggestion.type], content: suggestion.content }}
      pending={review.isPending}
      submitLabel={t('reviewSuggestion.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ChoiceSelect label={t('common.status')} placeholder={t('common.selectStatus')} value={status} options={SUGGESTION_STATUS_LABELS} onChange={setStatus} />
      <ChoiceSelect
        label={t('reviewSuggestion.priority')}
        placeholder={t('reviewSuggestion.selectPriority')}
        value={priority}
        options={PRIORITY_LABELS}
        onChange={setPriority}
      />
      <NotesField label={t('common.adminNotes')} value={notes} onChange={setNotes} />
    </DialogForm>
  );
}

/** Review a suggestion (section 2 'Admin panel'): status and priority, optional notes in a 4-row text area. */
export function ReviewSuggestionDialog({ suggestion, onClose }: ReviewSuggestionDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={suggestion !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('reviewSuggestion.title')}</DialogTitle>
      {suggestion && <ReviewSuggestionForm key={suggestion.id} suggestion={suggestion} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
