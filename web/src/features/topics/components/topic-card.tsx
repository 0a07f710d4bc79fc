import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HowToVoteOutlinedIcon from '@mui/icons-material/HowToVoteOutlined';
import { Link as RouterLink } from 'wouter';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { GroupTopicView } from '../../../lib/api/get-group-topics';
import { UserAvatar } from '../../../components/user-avatar';
import { TopicDescription } from './topic-description';
import { formatRelativeTime } from '../../../lib/format-date';
import { formatTopicExpiry, isTopicExpired } from './topic-time';
import { TOPIC_TYPE_KEYS } from '../../../lib/topic-type-keys';
import { Auto } from '../../../components/bidi';

/** A topic in a group's list (docs/product.md, Screens, "Topic card"). */
export function TopicCard({ topic }: { topic: GroupTopicView }) {
  const { t } = useTranslation('topics');
  const titleId = useId();
  const now = new Date();
  const href = `/topic/${topic.id}`;
  const expired = isTopicExpired(topic, now);
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
          <Chip size="small" color="primary" variant="outlined" label={t(TOPIC_TYPE_KEYS[topic.type])} />
          <Typography variant="body2" color="text.secondary">
            {formatRelativeTime(topic.createdAt, 'topic', now)}
          </Typography>
        </Stack>
        <Typography id={titleId} component="h3" variant="h3" dir="auto" sx={{ mb: 1 }}>
          <Link component={RouterLink} href={href} underline="hover" color="inherit">
            {topic.title}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <UserAvatar user={topic.author} size={28} />
          <Typography variant="body2">
            <Auto>{personName(topic.author)}</Auto>
          </Typography>
        </Stack>
        <TopicDescription text={topic.description} />
        {/* The numbers the server counted: opinions posted, and the members' direct votes on them. */}
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', color: 'text.secondary' }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ForumOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{t('card.opinions', { count: topic.opinionCount })}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <HowToVoteOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{t('card.votes', { count: topic.voteCount })}</Typography>
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: expired ? 'error.main' : 'text.secondary' }}>
          <EventIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatTopicExpiry(topic, now)}</Typography>
        </Stack>
        <Button component={RouterLink} href={href} variant="contained" size="small">
          {t('card.joinDiscussion')}
        </Button>
      </CardActions>
    </Card>
  );
}
