import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { SuggestionCategory } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { SubmitSuggestionBody, useSubmitSuggestion } from '../api/submit-suggestion';
import { ChoiceSelect, DetailsField } from './feedback-form-fields';
import { SUGGESTION_CATEGORY_LABELS } from './feedback-labels';
import { toastRefusedForm } from './feedback-toasts';

export const SUGGESTION_FAILED = 'Failed to Submit Suggestion';

interface SuggestionDialogProps {
  open: boolean;
  onClose: () => void;
}

function SuggestionForm({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const [type, setType] = useState<SuggestionCategory | ''>('');
  const [content, setContent] = useState('');
  const submission = useSubmitSuggestion();

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Share an idea that would make the platform better. The administrators read every suggestion.</DialogContentText>
        <Stack spacing={2}>
          <ChoiceSelect label="Suggestion Type" placeholder="Select a suggestion type" value={type} options={SUGGESTION_CATEGORY_LABELS} onChange={setType} />
          <DetailsField value={content} onChange={setContent} placeholder="Describe your idea..." />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submission.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submission.isPending}>
          {submission.isPending ? 'Submitting...' : 'Submit Suggestion'}
        </Button>
      </DialogActions>
    </Box>
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
