import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { SuggestionCategory } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { SubmitSuggestionBody, useSubmitSuggestion } from '../api/submit-suggestion';
import { ChoiceSelect, DetailsField } from './feedback-form-fields';
import { SUGGESTION_CATEGORY_LABELS } from './feedback-labels';
import { toastRefusedForm } from './feedback-toasts';
import { DialogForm } from './dialog-form';

export const SUGGESTION_FAILED = 'Failed to Submit Suggestion';

interface SuggestionDialogProps {
  open: boolean;
  onClose: () => void;
}

function SuggestionForm({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const [type, setType] = useState<SuggestionCategory | ''>('');
  const [content, setContent] = useState('');
  const submission = useSubmitSuggestion();

  const submit = () => {
    const parsed = SubmitSuggestionBody.safeParse({ type: type || undefined, content });
    if (!parsed.success) {
      toastRefusedForm(parsed.error, SUGGESTION_FAILED);
      return;
    }
    submission.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Suggestion Submitted', description: 'Thank you for helping us improve the platform.' });
        onClose();
      },
      onError: (error) => toastCommandError(error, SUGGESTION_FAILED, 'Please try again later.'),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro="Share an idea that would make the platform better. The administrators read every suggestion."
      pending={submission.isPending}
      submitLabel="Submit Suggestion"
      pendingLabel="Submitting..."
      onSubmit={submit}
      onClose={onClose}
    >
      <ChoiceSelect label="Suggestion Type" placeholder="Select a suggestion type" value={type} options={SUGGESTION_CATEGORY_LABELS} onChange={setType} />
      <DetailsField value={content} onChange={setContent} placeholder="Describe your idea..." />
    </DialogForm>
  );
}

/** The suggestion dialog (spec section 2 'Dialogs'): a category and details with a counter out of 2000. */
export function SuggestionDialog({ open, onClose }: SuggestionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share Suggestion</DialogTitle>
      {open && <SuggestionForm titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
