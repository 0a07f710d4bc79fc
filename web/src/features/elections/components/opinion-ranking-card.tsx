import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { TopicView } from '../../../lib/api/get-topic';
import { useTopicOpinions } from '../../../lib/api/get-topic-opinions';
import { useTopicResult } from '../api/get-topic-result';
import { inPostingOrder, opinionOptions } from './opinion-options';
import { keepOnly } from './ranking';
import { RankingBallot } from './ranking-ballot';

interface OpinionRankingCardProps {
  topic: TopicView;
  /** Why the member may not rank here (closed, past its end, not eligible), or null when they may. */
  blockedReason: string | null;
}

/**
 * 'Your ranking' on a law amendment or dispute resolution decided among its opinions (issue #34
 * item 2): the ranked ballot over "No change" (the topic's id) and the opinions in posting order.
 * It starts from the member's ranking as the result read gives it (`myRanking`), else as this tab
 * last cast it; an opinion no longer listed (deleted) drops out of it.
 */
export function OpinionRankingCard({ topic, blockedReason }: OpinionRankingCardProps) {
  const { t } = useTranslation('elections');
  const opinions = useTopicOpinions(topic.id);
  const result = useTopicResult(topic.id);

  let body;
  if (blockedReason) {
    body = <Alert severity="info">{blockedReason}</Alert>;
  } else if (opinions.isPending) {
    body = <Typography color="text.secondary">{t('opinions.loading')}</Typography>;
  } else if (opinions.isError) {
    body = <Alert severity="error">{t('opinions.loadError', { message: opinions.error.message })}</Alert>;
  } else if (opinions.data.length === 0) {
    body = <Typography color="text.secondary">{t('opinions.noOpinions')}</Typography>;
  } else {
    const options = opinionOptions(
      t,
      topic.id,
      inPostingOrder(opinions.data).map((opinion) => ({ id: opinion.id, content: opinion.content, author: opinion.user, hidden: opinion.hidden })),
    );
    const mine = result.data?.kind === 'opinions' ? (result.data.myRanking ?? []) : [];
    const standing = keepOnly(mine, new Set(options.map((option) => option.id)));
    body = (
      <Stack spacing={2}>
        <RankingBallot topicId={topic.id} options={options} standing={standing} disabled={false} subject="opinions" />
        <Typography variant="body2" color="text.secondary">
          {t('opinions.howItWorks')}
        </Typography>
      </Stack>
    );
  }

  return (
    <SectionCard title={t('opinions.title')} icon={<FormatListNumberedIcon color="primary" aria-hidden />}>
      {body}
    </SectionCard>
  );
}
