import type { UseQueryResult } from '@tanstack/react-query';
import { StatsCard } from '../../../components/stats-card';
import type { TopicStats } from '../../../lib/api/get-topic-stats';

/** Every number counted by the server from the topic's opinions and votes. */
export function TopicStatsCard({ stats }: { stats: UseQueryResult<TopicStats> }) {
  const { data } = stats;
  return (
    <StatsCard
      title="Topic Statistics"
      error={stats.error}
      items={[
        { label: 'Total Opinions', value: data?.totalOpinions },
        { label: 'Support', value: data?.support },
        { label: 'Oppose', value: data?.oppose },
        { label: 'Participants', value: data?.participants },
        { label: 'Total Votes', value: data?.totalVotes },
      ]}
    />
  );
}
