import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TopicView } from '../api/get-topic';
import { useTopicOpinions } from '../../opinions/api/get-topic-opinions';
import { OpinionComposer } from '../../opinions/components/opinion-composer';
import { OtherOpinionsList } from '../../opinions/components/other-opinions-list';
import { TopOpinionCard } from '../../opinions/components/top-opinion-card';
import { participationBlockedReason } from './topic-status';

/** The discussion: the top opinion, the composer, then every other opinion. */
export function TopicPageOpinions({ topic }: { topic: TopicView }) {
  const opinions = useTopicOpinions(topic.id);
  const blockedReason = participationBlockedReason(topic);
  const canVote = blockedReason === null;
  const composer = <OpinionComposer topicId={topic.id} blockedReason={blockedReason} />;

  if (opinions.isPending || opinions.isError) {
    return (
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            {opinions.isError ? (
              <Alert severity="error">
                <AlertTitle>Could not load opinions</AlertTitle>
                {opinions.error.message}
              </Alert>
            ) : (
              <Typography role="status" color="text.secondary">
                Loading opinions...
              </Typography>
            )}
          </CardContent>
        </Card>
        {composer}
      </Stack>
    );
  }

  const [top, ...others] = opinions.data;
  return (
    <Stack spacing={3}>
      <TopOpinionCard topicId={topic.id} opinion={top} canVote={canVote} />
      {composer}
      <OtherOpinionsList topicId={topic.id} opinions={others} canVote={canVote} />
    </Stack>
  );
}
