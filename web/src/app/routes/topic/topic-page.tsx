import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { NotFoundMessage } from '../../../components/not-found-message';
import { QueryFallback } from '../../../components/query-fallback';
import { SidebarLayout } from '../../../components/sidebar-layout';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useTopic, type TopicView } from '../../../lib/api/get-topic';
import { useTopicStats } from '../../../lib/api/get-topic-stats';
import { useGroup } from '../../../lib/api/get-group';
import { participationBlockedReason, topicIsOpen } from '../../../features/topics/components/topic-status';
import { chatBlockedReason } from '../../../features/chat/components/chat-dialog';
import { JoinDiscussion } from '../../../features/chat/components/join-discussion';
import { CandidatesCard } from '../../../features/elections/components/candidates-card';
import { VoteDelegationCard } from '../../../features/delegation/components/vote-delegation-card';
import { isDelegationGroup } from '../../../features/delegation/components/delegation-groups';
import { TopicPageHeader } from '../../../features/topics/components/topic-page-header';
import { TopicStatsCard } from '../../../features/topics/components/topic-stats-card';
import { TopicTimelineCard, type TimelineMoment } from '../../../features/audit/components/topic-timeline-card';
import { BallotReceiptCheck } from './ballot-receipt-check';
import { ContentReportActions } from './content-report-actions';
import { TopicPageOpinions } from './topic-page-opinions';
import { AsOfBanner, OpinionsAsOf, StatsAsOf } from './topic-as-of';
import { useTopicLiveUpdates } from './use-topic-live-updates';

function TopicDetails({ topic, userId }: { topic: TopicView; userId: string | undefined }) {
  const stats = useTopicStats(topic.id);
  // The time slider's moment: null shows the live tallies.
  const [moment, setMoment] = useState<TimelineMoment | null>(null);
  useTopicLiveUpdates(topic.id);
  // For the delegation card: whether the member takes part there, and whether names can be searched (National, International, Alliance).
  const group = useGroup(topic.groupId);
  const candidates =
    topic.type === 'election' && userId ? (
      <Stack spacing={1}>
        <CandidatesCard topic={topic} userId={userId} canTakePart={participationBlockedReason(topic) === null} />
        <BallotReceiptCheck topicId={topic.id} />
      </Stack>
    ) : undefined;
  return (
    // On a phone the discussion comes before delegation and statistics: what the member came for first,
    // and the order the screen shows is the order focus and screen readers follow (the DOM's).
    <SidebarLayout areas={{ xs: '"header" "discussion" "stats"', md: '"header header" "discussion stats"' }}>
      <Box sx={{ gridArea: 'header' }}>
        <TopicPageHeader
          topic={topic}
          stats={stats.data}
          isCreator={topic.createdBy === userId}
          actions={
            userId && (
              <>
                <JoinDiscussion
                  topicId={topic.id}
                  topicTitle={topic.title}
                  participants={stats.data?.participants}
                  blockedReason={chatBlockedReason({ isOpen: topicIsOpen(topic), canParticipate: topic.canParticipate })}
                  renderMessageActions={(message) => (
                    <ContentReportActions
                      target={{ type: 'chat_message', id: message.id }}
                      author={{ id: message.userId, ...message.user }}
                      groupId={topic.groupId}
                      userId={userId}
                      canParticipate={topic.canParticipate}
                    />
                  )}
                />
                <ContentReportActions
                  target={{ type: 'topic', id: topic.id }}
                  author={{ id: topic.createdBy, ...topic.author }}
                  groupId={topic.groupId}
                  userId={userId}
                  canParticipate={topic.canParticipate}
                />
              </>
            )
          }
        />
      </Box>
      <Stack spacing={3} sx={{ gridArea: 'discussion', minWidth: 0 }}>
        <TopicTimelineCard topicId={topic.id} moment={moment} onMomentChange={setMoment} />
        {moment && <AsOfBanner moment={moment} onBackToNow={() => setMoment(null)} />}
        {moment ? (
          <OpinionsAsOf
            topic={topic}
            moment={moment}
            afterTop={topic.type === 'election' && userId && <CandidatesCard topic={topic} userId={userId} canTakePart={false} asOf={moment.position} />}
          />
        ) : (
          <TopicPageOpinions topic={topic} afterTop={candidates} userId={userId} />
        )}
      </Stack>
      <Stack spacing={3} sx={{ gridArea: 'stats', alignSelf: 'start' }}>
        {userId && (
          <VoteDelegationCard
            groupId={topic.groupId}
            userId={userId}
            nameSearch={group.data ? isDelegationGroup(group.data) : false}
            canDelegate={group.data?.canParticipate ?? false}
          />
        )}
        {moment ? <StatsAsOf topicId={topic.id} moment={moment} /> : <TopicStatsCard stats={stats} />}
      </Stack>
    </SidebarLayout>
  );
}

/** /topic/<topicId>: one discussion, with its opinions and votes. */
export function TopicPage({ id }: { id: string }) {
  const { t } = useTranslation('topics');
  const topic = useTopic(id);
  const { user } = useCurrentUser();

  // Deleted topics answer 404 too.
  if (!topic.isSuccess)
    return <QueryFallback query={topic} loadingLabel={t('page.loading')} notFound={<NotFoundMessage>{t('page.notFound')}</NotFoundMessage>} />;
  // Keyed by topic, so a draft opinion never carries over to another topic.
  return <TopicDetails key={topic.data.id} topic={topic.data} userId={user?.id} />;
}
