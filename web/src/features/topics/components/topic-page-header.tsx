import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventIcon from '@mui/icons-material/Event';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import PeopleIcon from '@mui/icons-material/People';
import GroupsIcon from '@mui/icons-material/Groups';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { personName } from '@civitas/events/person-name';
import type { TopicView } from '../../../lib/api/get-topic';
import type { TopicStats } from '../../../lib/api/get-topic-stats';
import { formatRelativeTime } from '../../../lib/format-date';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { TopicDeleteButton } from './topic-delete-button';
import { expiryLabel, topicIsOpen } from './topic-status';
import { Countdown } from '../../../components/countdown';
import { TOPIC_TYPE_KEYS } from '../../../lib/topic-type-keys';
import { decidesAmongOpinions } from '../../../lib/election-methods';

interface TopicPageHeaderProps {
  topic: TopicView;
  /** Undefined until the numbers are in (or when they could not be read). */
  stats: TopicStats | undefined;
  isCreator: boolean;
  /** What the page puts beside the facts: the chat's Join Discussion. */
  actions?: ReactNode;
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

export function TopicPageHeader({ topic, stats, isCreator, actions }: TopicPageHeaderProps) {
  const { t } = useTranslation('topics');
  const titleId = useId();
  // The same wording as the topic's card (docs/product.md, Constants), so the two never disagree.
  const started = formatRelativeTime(topic.createdAt, 'topic');
  const expiry = expiryLabel(topic);
  const open = topicIsOpen(topic);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} href={`/group/${topic.groupId}`} startIcon={<ArrowBackIcon aria-hidden sx={flipInRtl} />}>
          {t('header.backToGroup')}
        </Button>
        {isCreator && <TopicDeleteButton topicId={topic.id} groupId={topic.groupId} />}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        <Chip label={t(TOPIC_TYPE_KEYS[topic.type])} color="primary" />
        {!open && <Chip label={expiry} variant="outlined" />}
      </Stack>
      {/* Fixed when it opened (issue #34 item 3): a later change of the group's quorum does not reach it. */}
      {topic.quorumPercent !== null && (
        <Box sx={{ mb: 1.5 }}>
          <Fact icon={<GroupsIcon fontSize="small" aria-hidden />}>
            {topic.quorumPercent === 0 ? t('header.noQuorum') : t('header.quorum', { percent: topic.quorumPercent })}
          </Fact>
        </Box>
      )}
      {/* The title and description are the member's: each keeps its own direction. */}
      <Typography id={titleId} variant="h1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {topic.title}
      </Typography>
      <Typography color="text.secondary" dir="auto" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {topic.description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {started ? t('header.startedByAge', { name: personName(topic.author), age: started }) : t('header.startedBy', { name: personName(topic.author) })}
      </Typography>
      <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {stats && (
          <>
            <Fact icon={<PeopleIcon fontSize="small" aria-hidden />}>{t('header.participants', { count: stats.participants })}</Fact>
            {/* Ballots are not votes on opinions: an election's are counted on its candidates, a ranked law's on its result. */}
            {topic.type !== 'election' && !decidesAmongOpinions(topic) && (
              <Fact icon={<HowToVoteIcon fontSize="small" aria-hidden />}>{t('header.votesCast', { count: stats.totalVotes })}</Fact>
            )}
          </>
        )}
        {expiry && <Fact icon={<EventIcon fontSize="small" aria-hidden />}>{expiry}</Fact>}
        {open && (
          <Countdown expiresAt={topic.expiresAt} wrap={(countdown) => <Fact icon={<HourglassTopIcon fontSize="small" aria-hidden />}>{countdown}</Fact>} />
        )}
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Paper>
  );
}
