import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OPINION_MAX_LENGTH } from '@civitas/events/topics/topic-rules';
import { toast } from '../../../lib/toast-store';
import { usePostOpinion } from '../api/post-opinion';
import { toastOpinionError } from './opinion-error-toast';
import { SectionCard } from '../../../components/section-card';

interface OpinionComposerProps {
  topicId: string;
  /** Why the member cannot post here, or null when they can. */
  blockedReason: string | null;
}

export function OpinionComposer({ topicId, blockedReason }: OpinionComposerProps) {
  const { t } = useTranslation('opinions');
  return (
    <SectionCard title={t('composer.title')}>{blockedReason ? <Alert severity="info">{blockedReason}</Alert> : <OpinionForm topicId={topicId} />}</SectionCard>
  );
}

function OpinionForm({ topicId }: { topicId: string }) {
  const { t } = useTranslation('opinions');
  const [content, setContent] = useState('');
  const post = usePostOpinion();
  const blank = content.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || post.isPending) return;
    post.mutate(
      { topicId, content: content.trim() },
      {
        onSuccess: () => {
          setContent('');
          toast({ title: t('composer.posted'), description: t('composer.postedDescription') });
        },
        onError: toastOpinionError,
      },
    );
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={t('composer.label')}
        multiline
        minRows={4}
        fullWidth
        value={content}
        // maxLength stops typing in the browser; the slice also stops pasted and scripted text.
        onChange={(event) => setContent(event.target.value.slice(0, OPINION_MAX_LENGTH))}
        helperText={`${content.length}/${OPINION_MAX_LENGTH}`}
        slotProps={{
          htmlInput: { maxLength: OPINION_MAX_LENGTH },
          formHelperText: { sx: { textAlign: 'right', mx: 0 } },
        }}
      />
      <Button type="submit" variant="contained" disabled={blank || post.isPending} sx={{ alignSelf: 'flex-end' }}>
        {post.isPending ? t('composer.posting') : t('composer.post')}
      </Button>
    </Stack>
  );
}
