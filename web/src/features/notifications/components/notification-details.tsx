import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../../../lib/format-date';
import type { NotificationItem } from '../api/get-notifications';

/** Under an item's sentence: a mention's message (or that it was hidden), when it happened, and whether it is unread. */
export function NotificationDetails({ item, now }: { item: NotificationItem; now: Date }) {
  const { t } = useTranslation('notifications');
  return (
    <Stack component="span" spacing={0.5} sx={{ display: 'flex', mt: 0.5 }}>
      {item.type === 'mention' && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {item.excerpt === null ? t('items.mentionHidden') : <bdi dir="auto">“{item.excerpt}”</bdi>}
        </Typography>
      )}
      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="span" variant="body2" color="text.secondary">
          <Box component="time" dateTime={item.occurredAt}>
            {formatRelativeTime(item.occurredAt, 'topic', now)}
          </Box>
        </Typography>
        {!item.read && <Chip component="span" size="small" color="primary" label={t('unread')} />}
      </Stack>
    </Stack>
  );
}
