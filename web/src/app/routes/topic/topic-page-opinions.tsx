import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TopicView } from '../../../lib/api/get-topic';
import { useTopicOpinions } from '../../../lib/api/get-topic-opinions';
import { OpinionComposer } from '../../../features/opinions/components/opinion-composer';
import type { RenderOpinionVotes } from '../../../features/opinions/components/opinion-card';
import { OtherOpinionsList } from '../../../features/opinions/components/other-opinions-list';
import { TopOpinionCard } from '../../../features/opinions/components/top-opinion-card';
import { participationBlockedReason } from '../../../features/topics/components/topic-status';
import { VoteButtons } from '../../../features/voting/components/vote-buttons';
import { ReceiptButton } from '../../../features/delegation/components/receipt-button';
import { groupDelegationQueryOptions } from '../../../features/delegation/api/get-group-delegation';
import { CheckReceiptButton } from '../../../features/audit/components/check-receipt-button';
import { DownloadReceiptsButton } from '../../../features/audit/components/download-receipts-button';
import { ballotReceiptKey, receiptOf } from '../../../lib/vote-receipts';
import { ContentReportActions } from './content-report-actions';
import { QueryErrorAlert } from '../../../components/query-error';

/**
 * The discussion: the top opinion, the composer, then every other opinion, each with its votes, the member's receipt (once there is one) and the Report actions.
 */
export function TopicPageOpinions({ topic, userId }: { topic: TopicView; userId?: string }) {
  const { t } = useTranslation('topics');
  const opinions = useTopicOpinions(topic.id);
  // A receipt tells where the member's weight went: there is one once they voted, or lend it to a delegate here.
  const delegation = useQuery({ ...groupDelegationQueryOptions(topic.groupId), enabled: userId !== undefined });
  const hasDelegate = Boolean(delegation.data?.delegation);
  const blockedReason = participationBlockedReason(topic);
  const canVote = blockedReason === null;
  const composer = <OpinionComposer topicId={topic.id} blockedReason={blockedReason} />;

  if (opinions.isPending || opinions.isError) {
    return (
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            {opinions.isError ? (
              <QueryErrorAlert title={t('page.opinionsError')} error={opinions.error} onRetry={() => void opinions.refetch()} />
            ) : (
              <Typography role="status" color="text.secondary">
                {t('page.loadingOpinions')}
              </Typography>
            )}
          </CardContent>
        </Card>
        {composer}
      </Stack>
    );
  }

  const [top, ...others] = opinions.data;
  const renderVotes: RenderOpinionVotes = (opinion) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <VoteButtons topicId={topic.id} opinion={opinion} disabled={!canVote} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {userId && (opinion.myVote !== null || hasDelegate) && <ReceiptButton opinionId={opinion.id} />}
        <CheckReceiptButton receipt={receiptOf(opinion.id)} />
        <ContentReportActions
          target={{ type: 'opinion', id: opinion.id }}
          author={{ id: opinion.userId, ...opinion.user }}
          groupId={topic.groupId}
          userId={userId}
          canParticipate={topic.canParticipate}
        />
      </Stack>
    </Stack>
  );
  return (
    <Stack spacing={3}>
      <TopOpinionCard opinion={top} renderVotes={renderVotes} />
      {composer}
      <OtherOpinionsList opinions={others} renderVotes={renderVotes} />
      <DownloadReceiptsButton
        topicId={topic.id}
        signedIn={userId !== undefined}
        keys={[...opinions.data.map((opinion) => opinion.id), ballotReceiptKey(topic.id)]}
      />
    </Stack>
  );
}
