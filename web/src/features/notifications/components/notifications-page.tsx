import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { PageSkeleton } from '../../../components/page-skeleton';
import { QueryErrorAlert } from '../../../components/query-error';
import { SectionCard } from '../../../components/section-card';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { unreadCountOf, useNotifications, type NotificationItem } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { groupByDay } from './notification-days';
import { NotificationDetails } from './notification-details';
import { NotificationSentence } from './notification-sentence';

function NotificationRow({ item, now, onRead }: { item: NotificationItem; now: Date; onRead: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ py: 1.5, minWidth: 0, alignItems: { sm: 'flex-start' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' }}>
          {/* Opening it is reading it. */}
          <Link component={RouterLink} href={item.path} onClick={() => !item.read && onRead()}>
            <NotificationSentence item={item} now={now} />
          </Link>
        </Typography>
        <NotificationDetails item={item} now={now} />
      </Box>
      {!item.read && (
        <Button size="small" onClick={onRead} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
          {t('markRead')}
        </Button>
      )}
    </Stack>
  );
}

/** /notifications: every notification, newest first, in days, paged; each opens its topic or page. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const now = useMinuteClock();
  if (!notifications.data) {
    return notifications.isError ? (
      <QueryErrorAlert error={notifications.error} onRetry={() => void notifications.refetch()} />
    ) : (
      <PageSkeleton label={t('page.loading')} />
    );
  }
  const unread = unreadCountOf(notifications.data) ?? 0;
  // An item that moved to a later time while paging is listed once, where it is newest.
  const seen = new Set<string>();
  const items = notifications.data.pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));

  return (
    <Stack spacing={3} sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h1">{t('page.title')}</Typography>
          <Typography color="text.secondary">{unread > 0 ? t('page.unreadCount', { count: unread }) : t('page.allRead')}</Typography>
        </Box>
        <Button variant="outlined" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
          {t('markAllRead')}
        </Button>
      </Stack>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography component="h2" variant="h3">
            {t('page.empty.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('page.empty.description')}
          </Typography>
        </Paper>
      ) : (
        groupByDay(items, now).map((day) => (
          <SectionCard key={day.key} title={day.label} titleGap={0}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
              {day.items.map((item) => (
                <NotificationRow key={item.id} item={item} now={now} onRead={() => markRead.mutate({ ids: [item.id] })} />
              ))}
            </Box>
          </SectionCard>
        ))
      )}
      {notifications.hasNextPage && (
        <Box>
          <Button onClick={() => void notifications.fetchNextPage()} disabled={notifications.isFetchingNextPage}>
            {notifications.isFetchingNextPage ? t('page.loadingMore') : t('page.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
