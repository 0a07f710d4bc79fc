import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { ActivityItem } from '@civitas/events/profiles/profile.contract';
import { displayName } from '../../../lib/user-display';
import { formatRelativeTime } from '../../../lib/format-date';
import { useActivity } from '../api/get-activity';


const topicTitle = (item: ActivityItem) => (item.topic ? `${item.topic.title}${item.topic.isDeleted ? ' (deleted)' : ''}` : 'a topic');
const delegate = (item: ActivityItem) => (item.person ? displayName(item.person) : 'a member');
const inGroup = (item: ActivityItem) => (item.group ? ` in ${item.group.name}` : '');

/** What the member did, as a sentence: the verb, and the place it links to. */
export function describeActivity(item: ActivityItem): { text: string; target: string } {
  switch (item.kind) {
    case 'topic_created':
      return { text: 'Created the topic', target: topicTitle(item) };
    case 'opinion_posted':
      return { text: 'Posted an opinion on', target: topicTitle(item) };
    case 'vote_cast':
      return { text: item.voteType === 'oppose' ? 'Opposed an opinion on' : 'Supported an opinion on', target: topicTitle(item) };
    case 'vote_changed':
      return { text: `Changed your vote to ${item.voteType ?? 'support'} on`, target: topicTitle(item) };
    case 'vote_retracted':
      return { text: 'Removed your vote on', target: topicTitle(item) };
    case 'delegation_given':
      return { text: `Delegated your vote to ${delegate(item)}`, target: inGroup(item).trim() };
    case 'delegation_changed':
      return { text: `Changed your delegate to ${delegate(item)}`, target: inGroup(item).trim() };
    case 'delegation_cancelled':
      return { text: `Cancelled your delegation to ${delegate(item)}`, target: inGroup(item).trim() };
    case 'candidacy_registered':
      return { text: 'Ran as a candidate in', target: topicTitle(item) };
    case 'election_won':
      return { text: 'Won the election', target: topicTitle(item) };
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
        primary={<>{text} {place}</>}
        secondary={
          <>
            {item.opinion && (
              <Typography component="span" variant="body2" sx={{ display: 'block', fontStyle: 'italic' }}>
                “{item.opinion.excerpt}”
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
  const activity = useActivity();
  if (activity.isPending) return <CircularProgress aria-label="Loading activity" />;
  if (activity.isError) return <Alert severity="error">Could not load your activity: {activity.error.message}</Alert>;
  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <Typography color="text.secondary">No activity yet. Topics you create, opinions you post, your votes and delegations will show here.</Typography>;
  }
  return (
    <>
      <List disablePadding aria-label="Recent activity">
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} />
        ))}
      </List>
      {activity.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
          {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </>
  );
}
