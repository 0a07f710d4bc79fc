import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { SuggestionCategory } from '@civitas/events/moderation/feedback.contract';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { SubmitSuggestionBody, useSubmitSuggestion } from '../api/submit-suggestion';
import { ChoiceSelect, DetailsField } from './feedback-form-fields';
import { SUGGESTION_CATEGORY_LABELS } from './feedback-labels';
import { toastRefusedForm } from './feedback-toasts';
import { DialogForm } from './dialog-form';

interface SuggestionDialogProps {
  open: boolean;
  onClose: () => void;
}

function SuggestionForm({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const [type, setType] = useState<SuggestionCategory | ''>('');
  const [content, setContent] = useState('');
  const submission = useSubmitSuggestion();

  const submit = () => {
    const parsed = SubmitSuggestionBody.safeParse({ type: type || undefined, content });
    if (!parsed.success) {
      toastRefusedForm(parsed.error, t('suggestion.failed'));
      return;
    }
    submission.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('suggestion.doneTitle'), description: t('suggestion.done') });
        onClose();
      },
      onError: (error) => toastCommandError(error, t('suggestion.failed'), t('common.tryLater')),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      intro={t('suggestion.intro')}
      pending={submission.isPending}
      submitLabel={t('suggestion.submit')}
      pendingLabel={t('common.submitting')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ChoiceSelect
        label={t('suggestion.type')}
        placeholder={t('suggestion.selectType')}
        value={type}
        options={SUGGESTION_CATEGORY_LABELS}
        onChange={setType}
      />
      <DetailsField value={content} onChange={setContent} placeholder={t('suggestion.placeholder')} />
    </DialogForm>
  );
}

/** The suggestion dialog (docs/product.md, Screens 'Dialogs'): a category and details with a counter out of 2000. */
export function SuggestionDialog({ open, onClose }: SuggestionDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('suggestion.title')}</DialogTitle>
      {open && <SuggestionForm titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
