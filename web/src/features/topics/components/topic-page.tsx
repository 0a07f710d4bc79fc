import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { errorStatus } from '../../../lib/server-message';
import { useCurrentUser } from '../../identity/api/get-current-user';
import { useTopic, type TopicView } from '../api/get-topic';
import { useTopicStats } from '../api/get-topic-stats';
import { TopicPageHeader } from './topic-page-header';
import { TopicPageOpinions } from './topic-page-opinions';
import { TopicStatsCard } from './topic-stats-card';

function TopicNotFound() {
  return (
    <Typography variant="h1" component="p" sx={{ textAlign: 'center', mt: 6 }}>
      Topic not found
    </Typography>
  );
}

function TopicDetails({ topic, userId }: { topic: TopicView; userId: string | undefined }) {
  const stats = useTopicStats(topic.id);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
        gridTemplateAreas: { xs: '"header" "stats" "discussion"', md: '"header header" "discussion stats"' },
      }}
    >
      <Box sx={{ gridArea: 'header' }}>
        <TopicPageHeader topic={topic} stats={stats.data} isCreator={topic.createdBy === userId} />
      </Box>
      <Box sx={{ gridArea: 'discussion', minWidth: 0 }}>
        <TopicPageOpinions topic={topic} />
      </Box>
      <Box sx={{ gridArea: 'stats', alignSelf: 'start' }}>
        <TopicStatsCard stats={stats} />
      </Box>
    </Box>
  );
}

/** /topic/<topicId>: one discussion, with its opinions and votes. */
export function TopicPage({ id }: { id: string }) {
  const topic = useTopic(id);
  const { user } = useCurrentUser();

  if (topic.isPending) return <FullPageSpinner label="Loading topic..." />;
  if (topic.isError) {
    // Deleted topics answer 404 too.
    if (errorStatus(topic.error) === 404) return <TopicNotFound />;
    return <Alert severity="error">{topic.error.message}</Alert>;
  }
  // Keyed by topic, so a draft opinion never carries over to another topic.
  return <TopicDetails key={topic.data.id} topic={topic.data} userId={user?.id} />;
}
