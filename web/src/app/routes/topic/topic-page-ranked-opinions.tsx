import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TopicView } from '../../../lib/api/get-topic';
import { useTopicOpinions } from '../../../lib/api/get-topic-opinions';
import { ballotReceiptKey } from '../../../lib/vote-receipts';
import { QueryErrorAlert } from '../../../components/query-error';
import { OpinionComposer } from '../../../features/opinions/components/opinion-composer';
import type { RenderOpinionVotes } from '../../../features/opinions/components/opinion-card';
import { OtherOpinionsList } from '../../../features/opinions/components/other-opinions-list';
import { participationBlockedReason } from '../../../features/topics/components/topic-status';
import { OpinionRankingCard } from '../../../features/elections/components/opinion-ranking-card';
import { OpinionsResultCard } from '../../../features/elections/components/opinions-result-card';
import { inPostingOrder } from '../../../features/elections/components/opinion-options';
import { DownloadReceiptsButton } from '../../../features/audit/components/download-receipts-button';
import { BallotReceiptCheck } from './ballot-receipt-check';
import { ContentReportActions } from './content-report-actions';

/**
 * A law amendment or dispute resolution decided among its opinions (issue #34 item 2; docs/decisions.md,
 * Election methods): the member's ranking and the count come first, then the composer and every opinion
 * in posting order. The opinions take no support or oppose (the topic takes ranked ballots), so they
 * show no vote buttons and no Top Opinion: the result card says which one leads.
 */
export function TopicPageRankedOpinions({ topic, userId }: { topic: TopicView; userId?: string }) {
  const { t } = useTranslation('opinions');
  const opinions = useTopicOpinions(topic.id);
  const blockedReason = participationBlockedReason(topic);
  const renderActions: RenderOpinionVotes = (opinion) => (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <ContentReportActions
        target={{ type: 'opinion', id: opinion.id }}
        author={{ id: opinion.userId, ...opinion.user }}
        groupId={topic.groupId}
        userId={userId}
        canParticipate={topic.canParticipate}
      />
    </Stack>
  );

  return (
    <Stack spacing={3}>
      {userId && <OpinionRankingCard topic={topic} blockedReason={blockedReason} />}
      <OpinionsResultCard topic={topic} />
      {userId && <BallotReceiptCheck topicId={topic.id} />}
      <OpinionComposer topicId={topic.id} blockedReason={blockedReason} />
      {opinions.isSuccess ? (
        <OtherOpinionsList
          opinions={inPostingOrder(opinions.data)}
          renderVotes={renderActions}
          texts={{ title: t('ranked.title'), empty: t('ranked.empty') }}
        />
      ) : (
        <Card variant="outlined">
          <CardContent>
            {opinions.isError ? (
              <QueryErrorAlert title={t('ranked.loadError')} error={opinions.error} onRetry={() => void opinions.refetch()} />
            ) : (
              <Typography role="status" color="text.secondary">
                {t('ranked.loading')}
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      <DownloadReceiptsButton topicId={topic.id} signedIn={userId !== undefined} keys={[ballotReceiptKey(topic.id)]} />
    </Stack>
  );
}
