import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { formatDisplayDateTime } from '../../../lib/format-date';
import type { TopicView } from '../../../lib/api/get-topic';
import { useOpinionsAsOf, useStatsAsOf } from '../../../features/audit/api/get-tallies-as-of';
import type { TimelineMoment } from '../../../features/audit/components/topic-timeline-card';
import type { RenderOpinionVotes } from '../../../features/opinions/components/opinion-card';
import { OtherOpinionsList } from '../../../features/opinions/components/other-opinions-list';
import { TopOpinionCard } from '../../../features/opinions/components/top-opinion-card';
import { TopicStatsCard } from '../../../features/topics/components/topic-stats-card';
import { VoteButtons } from '../../../features/voting/components/vote-buttons';

export const asOfLabel = (moment: TimelineMoment) => i18n.t('topics:page.asOf', { time: formatDisplayDateTime(moment.at) ?? moment.at });

/** Says the page shows the past, and takes it back to now. */
export function AsOfBanner({ moment, onBackToNow }: { moment: TimelineMoment; onBackToNow: () => void }) {
  const { t } = useTranslation('topics');
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button color="inherit" size="small" onClick={onBackToNow}>
          {t('page.backToNow')}
        </Button>
      }
    >
      <AlertTitle>{asOfLabel(moment)}</AlertTitle>
      {t('page.asOfNote')}
    </Alert>
  );
}

/**
 * The discussion as it stood at a moment (GET /api/topics/<id>/opinions?asOf=): the same cards with
 * the counts of then; nobody votes in the past, so the buttons are off and show no one's vote.
 */
export function OpinionsAsOf({ topic, moment }: { topic: TopicView; moment: TimelineMoment }) {
  const { t } = useTranslation('topics');
  const opinions = useOpinionsAsOf(topic.id, moment.position);
  if (opinions.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t('page.loadingAsOf')}
      </Typography>
    );
  if (opinions.isError) return <Alert severity="error">{t('page.asOfError', { message: opinions.error.message })}</Alert>;
  const renderVotes: RenderOpinionVotes = (opinion) => <VoteButtons topicId={topic.id} opinion={{ ...opinion, myVote: null }} disabled />;
  const [top, ...others] = opinions.data;
  return (
    <Stack spacing={3} aria-label={asOfLabel(moment)} component="section">
      <TopOpinionCard opinion={top} renderVotes={renderVotes} />
      <OtherOpinionsList opinions={others} renderVotes={renderVotes} />
    </Stack>
  );
}

/** Topic Statistics as they stood at a moment (GET /api/topics/<id>/stats?asOf=). */
export function StatsAsOf({ topicId, moment }: { topicId: string; moment: TimelineMoment }) {
  return <TopicStatsCard stats={useStatsAsOf(topicId, moment.position)} />;
}
