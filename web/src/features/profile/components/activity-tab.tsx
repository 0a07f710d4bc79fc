import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { ActivityItem } from '@civitas/events/profiles/profile.contract';
import { personName } from '@civitas/events/person-name';
import { i18n } from '../../../i18n';
import type { Resources } from '../../../i18n/resource-types';
import { formatRelativeTime } from '../../../lib/format-date';
import { Auto } from '../../../components/bidi';
import { useActivity } from '../api/get-activity';

// Read when a row renders (the profile namespace is loaded by then), so a language switch re-words them.
const t = (key: keyof Resources['profile']['activity'], values: { name?: string; title?: string; group?: string } = {}) =>
  i18n.t(`profile:activity.${key}`, values);
const topicTitle = (item: ActivityItem) =>
  item.topic ? (item.topic.isDeleted ? t('deletedTopic', { title: item.topic.title }) : item.topic.title) : t('aTopic');
const delegate = (item: ActivityItem) => ({ name: item.person ? personName(item.person) : t('aMember') });
const inGroup = (item: ActivityItem) => (item.group ? t('inGroup', { group: item.group.name }) : '');

/** What the member did, as a sentence: the verb, and the place it links to. */
export function describeActivity(item: ActivityItem): { text: string; target: string } {
  switch (item.kind) {
    case 'topic_created':
      return { text: t('topicCreated'), target: topicTitle(item) };
    case 'opinion_posted':
      return { text: t('opinionPosted'), target: topicTitle(item) };
    case 'vote_cast':
      return { text: item.voteType === 'oppose' ? t('opposed') : t('supported'), target: topicTitle(item) };
    case 'vote_changed':
      return { text: item.voteType === 'oppose' ? t('changedToOppose') : t('changedToSupport'), target: topicTitle(item) };
    case 'vote_retracted':
      return { text: t('retracted'), target: topicTitle(item) };
    case 'delegation_given':
      return { text: t('delegationGiven', delegate(item)), target: inGroup(item) };
    case 'delegation_changed':
      return { text: t('delegationChanged', delegate(item)), target: inGroup(item) };
    case 'delegation_cancelled':
      return { text: t('delegationCancelled', delegate(item)), target: inGroup(item) };
    case 'candidacy_registered':
      return { text: t('candidacy'), target: topicTitle(item) };
    case 'election_won':
      return { text: t('electionWon'), target: topicTitle(item) };
  }
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const { text, target } = describeActivity(item);
  const place = item.link ? (
    <Link component={RouterLink} href={item.link}>
      {target}
    </Link>
  ) : (
    target
  );
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={
          <>
            {text} {place}
          </>
        }
        secondary={
          <>
            {item.opinion && (
              <Typography component="span" variant="body2" sx={{ display: 'block', fontStyle: 'italic' }}>
                {item.opinion.hidden && !item.opinion.excerpt ? (
                  i18n.t('profile:activity.hidden', { reason: item.opinion.hidden.reason })
                ) : (
                  <Auto>“{item.opinion.excerpt}”</Auto>
                )}
              </Typography>
            )}
            <Box component="time" dateTime={item.occurredAt}>
              {formatRelativeTime(item.occurredAt, 'topic')}
            </Box>
          </>
        }
      />
    </ListItem>
  );
}

/** Profile tab Activity: the member's real recent actions from their events, newest first, paged. */
export function ActivityTab() {
  const { t } = useTranslation('profile');
  const activity = useActivity();
  if (activity.isPending) return <CircularProgress aria-label={t('activity.loading')} />;
  if (activity.isError) return <Alert severity="error">{t('activity.failed', { message: activity.error.message })}</Alert>;
  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('activity.none')}</Typography>;
  }
  return (
    <>
      <List disablePadding aria-label={t('activity.label')}>
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} />
        ))}
      </List>
      {activity.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
          {activity.isFetchingNextPage ? t('activity.loadingMore') : t('activity.loadMore')}
        </Button>
      )}
    </>
  );
}
