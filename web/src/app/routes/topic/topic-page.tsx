import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { typeEnactsLaw } from '@civitas/events/topics/topic-rules';
import { NotFoundMessage } from '../../../components/not-found-message';
import { QueryFallback } from '../../../components/query-fallback';
import { SidebarLayout } from '../../../components/sidebar-layout';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useTopic, type TopicView } from '../../../lib/api/get-topic';
import { useTopicStats } from '../../../lib/api/get-topic-stats';
import { useGroup } from '../../../lib/api/get-group';
import { decidesAmongOpinions } from '../../../lib/election-methods';
import { participationBlockedReason, topicIsOpen } from '../../../features/topics/components/topic-status';
import { chatBlockedReason } from '../../../features/chat/components/chat-dialog';
import { JoinDiscussion } from '../../../features/chat/components/join-discussion';
import { CandidatesCard } from '../../../features/elections/components/candidates-card';
import { SupportResultCard } from '../../../features/elections/components/support-result-card';
import { VoteDelegationCard } from '../../../features/delegation/components/vote-delegation-card';
import { TopicPageHeader } from '../../../features/topics/components/topic-page-header';
import { TopicStatsCard } from '../../../features/topics/components/topic-stats-card';
import { TopicTimelineCard, type TimelineMoment } from '../../../features/audit/components/topic-timeline-card';
import { BallotReceiptCheck } from './ballot-receipt-check';
import { ContentReportActions } from './content-report-actions';
import { TopicPageOpinions } from './topic-page-opinions';
import { TopicPageRankedOpinions } from './topic-page-ranked-opinions';
import { AsOfBanner, OpinionsAsOf, StatsAsOf } from './topic-as-of';
import { useTopicLiveUpdates } from './use-topic-live-updates';

function TopicDetails({ topic, userId }: { topic: TopicView; userId: string | undefined }) {
  const stats = useTopicStats(topic.id);
  // The time slider's moment: null shows the live tallies.
  const [moment, setMoment] = useState<TimelineMoment | null>(null);
  useTopicLiveUpdates(topic.id);
  // For the delegation card: whether the member takes part there.
  const group = useGroup(topic.groupId);
  const isElection = topic.type === 'election';
  // A law amendment or dispute resolution decided among its opinions (issue #34 item 2): ranked ballots, no votes.
  const ranked = decidesAmongOpinions(topic);
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
        {isElection ? (
          // An election's own layout (docs/decisions.md, Elections on their page): candidates and ballots, no opinions;
          // its timeline (candidates' support over time) and time slider are on /audit.
          <>
            <CandidatesCard topic={topic} userId={userId} canTakePart={participationBlockedReason(topic) === null} />
            {userId && <BallotReceiptCheck topicId={topic.id} />}
          </>
        ) : ranked ? (
          // Its timeline and time slider are on /audit, as an election's: the page's own show support and oppose.
          <TopicPageRankedOpinions topic={topic} userId={userId} />
        ) : (
          <>
            {/* A law by support and oppose: what it would enact, and whether enough took part (issue #34 item 3); the count of now, so not beside a past moment. */}
            {typeEnactsLaw(topic.type) && !moment && <SupportResultCard topic={topic} />}
            <TopicTimelineCard topicId={topic.id} moment={moment} onMomentChange={setMoment} startCollapsed />
            {moment && <AsOfBanner moment={moment} onBackToNow={() => setMoment(null)} />}
            {moment ? <OpinionsAsOf topic={topic} moment={moment} /> : <TopicPageOpinions topic={topic} userId={userId} />}
          </>
        )}
      </Stack>
      <Stack spacing={3} sx={{ gridArea: 'stats', alignSelf: 'start' }}>
        {userId && <VoteDelegationCard groupId={topic.groupId} userId={userId} canDelegate={group.data?.canParticipate ?? false} />}
        {/* Its numbers are of opinions and their votes, which an election has none of (a ranked law: opinions only). */}
        {!isElection && (moment ? <StatsAsOf topicId={topic.id} moment={moment} /> : <TopicStatsCard stats={stats} votes={!ranked} />)}
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
