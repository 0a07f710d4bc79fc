import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { unreadCountOf, useNotifications, type NotificationItem } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useMailLanguageFollowsApp } from '../api/update-notification-settings';
import { NotificationDetails } from './notification-details';
import { NotificationSentence } from './notification-sentence';
import { useNotificationsLive } from './use-notifications-live';

export const NOTIFICATIONS_PATH = '/notifications';
/** The bell shows the newest few; the page has them all. */
const BELL_ITEMS = 5;
/** Past it the badge reads '99+', and so does the button's name. */
const BADGE_MAX = 99;

/**
 * The header's bell (issue #33): the unread count, kept live over /ws, opening the newest items with
 * Mark all as read and the way to the notifications page. While it is mounted (a member is signed
 * in) a switch of the app's language goes to the member's mails too.
 */
export function NotificationBell() {
  // 'topics' too, which words the time left: loaded before the bell shows, the popover never waits for it.
  const { t } = useTranslation(['notifications', 'topics']);
  const notifications = useNotifications();
  useNotificationsLive();
  useMailLanguageFollowsApp();
  const markRead = useMarkNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const now = useMinuteClock();
  const close = () => setAnchor(null);
  // A feed that could not be read shows a bell without a count, never a wrong one.
  const unread = unreadCountOf(notifications.data) ?? 0;
  const items = notifications.data?.pages[0]?.items.slice(0, BELL_ITEMS) ?? [];
  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    close();
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > BADGE_MAX ? t('bell.labelUnreadMany') : unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* Axe reads the badge as visible text even while it fades out: it is there only while it shows a count, which the name holds too. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} max={BADGE_MAX} color="error">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('bell.title')}
          </Typography>
          <Button size="small" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
            {t('markAllRead')}
          </Button>
        </Stack>
        <Divider />
        {notifications.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={t('page.loading')} />
          </Box>
        ) : notifications.isError ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('bell.failed')}
          </Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('bell.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby={titleId}>
            {items.map((item) => (
              <li key={item.id}>
                <ListItemButton component={RouterLink} href={item.path} onClick={() => open(item)} divider>
                  <ListItemText
                    primary={<NotificationSentence item={item} now={now} />}
                    secondary={<NotificationDetails item={item} now={now} />}
                    slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' } }, secondary: { component: 'span' } }}
                  />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
        <Box sx={{ p: 1 }}>
          <Button component={RouterLink} href={NOTIFICATIONS_PATH} onClick={close} fullWidth>
            {t('bell.seeAll')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
