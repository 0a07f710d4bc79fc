import { useState } from 'react';
import Button from '@mui/material/Button';
import ForumIcon from '@mui/icons-material/Forum';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiveFrames } from '../../../lib/live-updates';
import { addChatMessage } from '../api/get-chat-messages';
import { ChatDialog, type ChatDialogProps } from './chat-dialog';

type JoinDiscussionProps = Omit<ChatDialogProps, 'open' | 'onClose'>;

/**
 * The topic page's Join Discussion button and its chat dialog. Pushed messages of this topic go
 * into the cached list even while the dialog is closed, so reopening shows them at once.
 */
export function JoinDiscussion(props: JoinDiscussionProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  useLiveFrames((frame) => {
    if (frame.type === 'chat' && frame.data.topicId === props.topicId) addChatMessage(queryClient, frame.data);
  });
  return (
    <>
      <Button variant="contained" startIcon={<ForumIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('join')}
      </Button>
      <ChatDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
