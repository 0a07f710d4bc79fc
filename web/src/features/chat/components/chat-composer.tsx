import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@civitas/events/chat/chat.contract';
import { toast } from '../../../lib/toast-store';
import { useLiveFrames } from '../../../lib/live-updates';
import { chatSendFailed, useSendChatMessage } from './use-send-chat-message';
import { useMentionCompletion } from './use-mention-completion';
import { MentionList } from './mention-list';

/** Writes and sends a message; `@` and the start of a name offer the topic's participants to mention. */
export function ChatComposer({ topicId }: { topicId: string }) {
  const { t } = useTranslation('chat');
  const [draft, setDraft] = useState('');
  const lastSent = useRef<string | null>(null);
  const { send, isPosting } = useSendChatMessage(topicId);
  const mention = useMentionCompletion(topicId, draft, setDraft);
  const blank = draft.trim().length === 0;

  // A message the socket refused comes back as an error frame: say so with the server's words,
  // and give the member their text back to try again.
  useLiveFrames((frame) => {
    if (frame.type !== 'error') return;
    toast({ title: chatSendFailed(), description: frame.data.message, variant: 'destructive' });
    const refused = lastSent.current;
    lastSent.current = null;
    if (refused !== null) setDraft((current) => (current === '' ? refused : current));
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || isPosting) return;
    const message = draft.trim();
    lastSent.current = message;
    setDraft('');
    const sent = await send(message, mention.mentionsIn(message));
    if (!sent) setDraft((current) => (current === '' ? message : current));
  };

  // Enter sends; Shift+Enter starts a new line (while the mention list is open, its keys come first).
  const onKeyDown = (event: KeyboardEvent) => {
    if (mention.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Stack spacing={1}>
      <MentionList {...mention.list} />
      <Stack component="form" aria-label={t('form')} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} onSubmit={submit} noValidate>
        <TextField
          label={t('label')}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          value={draft}
          inputRef={mention.inputRef}
          onKeyDown={onKeyDown}
          // maxLength stops typing; the slice also stops pasted and scripted text.
          onChange={(event) => {
            setDraft(event.target.value.slice(0, CHAT_MESSAGE_MAX_LENGTH));
            mention.followCaret(event.target as HTMLTextAreaElement);
          }}
          onSelect={(event) => mention.followCaret(event.target as HTMLTextAreaElement)}
          helperText={`${draft.length}/${CHAT_MESSAGE_MAX_LENGTH}`}
          slotProps={{
            htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH, ...mention.inputProps },
            formHelperText: { sx: { textAlign: 'right', mx: 0 } },
          }}
        />
        <Button type="submit" variant="contained" disabled={blank || isPosting}>
          {isPosting ? t('sending') : t('send')}
        </Button>
      </Stack>
    </Stack>
  );
}
