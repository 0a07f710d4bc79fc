import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { i18n } from '../../../i18n';
import { UserAvatar } from '../../../components/user-avatar';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useChatMessages, type ChatMessageView } from '../api/get-chat-messages';
import { formatRelativeTime } from '../../../lib/format-date';
import { ChatComposer } from './chat-composer';
import { QueryErrorAlert } from '../../../components/query-error';
import { Auto } from '../../../components/bidi';

/** How often the relative times ('2 min ago') are worked out again while the dialog is open. */
const TIME_REFRESH_MS = 30_000;

export interface ChatDialogProps {
  open: boolean;
  onClose: () => void;
  topicId: string;
  topicTitle: string;
  /** The topic's participants from its stats; undefined until they are in. */
  participants: number | undefined;
  /** Why the member cannot write here (a closed topic, or not eligible), or null when they can. */
  blockedReason: string | null;
  /** What the page puts beside each message (the moderation feature's Report action). */
  renderMessageActions?: (message: ChatMessageView) => ReactNode;
}

function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function ChatMessageRow({ message, now, own, actions }: { message: ChatMessageView; now: Date; own: boolean; actions?: ReactNode }) {
  const { t } = useTranslation('chat');
  const author = personName(message.user);
  const time = formatRelativeTime(message.createdAt, 'chat', now);
  return (
    // The member's own messages stand apart (tinted, and 'You' beside the name), as in any chat (issue #32).
    <Stack
      component="li"
      aria-label={t('messageFrom', { name: author })}
      direction="row"
      spacing={1.5}
      sx={{ py: 1, px: own ? 1 : 0, borderRadius: 1, bgcolor: own ? 'action.selected' : undefined }}
    >
      <UserAvatar user={message.user} size={32} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2">
            <Auto>{author}</Auto>
          </Typography>
          {own && (
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              {t('you')}
            </Typography>
          )}
          {time && (
            <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
              {time}
            </Typography>
          )}
        </Stack>
        {message.hidden && (
          // Hidden by an admin: members get the reason and no text (the server sends none); admins read both.
          <Typography variant="body2" role="note" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            {t(message.message ? 'hiddenForAdmins' : 'hidden', { reason: message.hidden.reason })}
          </Typography>
        )}
        {/* As written, in its own direction. */}
        {(!message.hidden || message.message) && (
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', opacity: message.hidden ? 0.6 : 1 }}>
            {message.message}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
    </Stack>
  );
}

function MessageList({ topicId, now, renderMessageActions }: { topicId: string; now: Date; renderMessageActions?: ChatDialogProps['renderMessageActions'] }) {
  const { t } = useTranslation('chat');
  const messages = useChatMessages(topicId);
  const userId = useCurrentUser().user?.id;
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  // The newest message is at the bottom: keep it in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  if (messages.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t('loading')}
      </Typography>
    );
  if (messages.isError) {
    return <QueryErrorAlert title={t('loadError')} error={messages.error} onRetry={() => void messages.refetch()} />;
  }
  if (count === 0) return <Typography color="text.secondary">{t('empty')}</Typography>;
  return (
    // The log scrolls; the messages inside it stay a list (a ul with the log role would hold list items outside any list).
    <Box ref={listRef} role="log" aria-label={t('log')} sx={{ maxHeight: '50vh', overflowY: 'auto' }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.data.map((message) => (
          <ChatMessageRow key={message.id} message={message} now={now} own={message.userId === userId} actions={renderMessageActions?.(message)} />
        ))}
      </Box>
    </Box>
  );
}

/** The topic's chat (docs/product.md, Screens): its participants, the messages as they arrive, and a composer. */
export function ChatDialog({ open, onClose, topicId, topicTitle, participants, blockedReason, renderMessageActions }: ChatDialogProps) {
  const { t } = useTranslation(['chat', 'common']);
  const titleId = useId();
  const now = useNow(open);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    // A phone gives the conversation the whole screen (issue #32).
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('title')}
      </DialogTitle>
      <IconButton aria-label={t('common:actions.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
              {topicTitle}
            </Typography>
            {participants !== undefined && (
              <Typography variant="body2" color="text.secondary">
                {t('participants', { count: participants })}
              </Typography>
            )}
          </Box>
          {/* Mounted only while open: the history is read when the member looks. */}
          {open && <MessageList topicId={topicId} now={now} renderMessageActions={renderMessageActions} />}
          {open && (blockedReason ? <Alert severity="info">{blockedReason}</Alert> : <ChatComposer topicId={topicId} />)}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** Why the member cannot write in a topic's chat, or null when they can (section 5: those who may take part). */
export function chatBlockedReason({ isOpen, canParticipate }: { isOpen: boolean; canParticipate: boolean }): string | null {
  if (!isOpen) return i18n.t('chat:closed');
  if (!canParticipate) return i18n.t('chat:notEligible');
  return null;
}
