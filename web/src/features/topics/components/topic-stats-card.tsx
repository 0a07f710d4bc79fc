import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatsCard } from '../../../components/stats-card';
import type { TopicStats } from '../../../lib/api/get-topic-stats';

/** Every number counted by the server from the topic's opinions and votes. */
export function TopicStatsCard({ stats }: { stats: UseQueryResult<TopicStats> }) {
  const { t } = useTranslation('topics');
  const { data } = stats;
  return (
    <StatsCard
      title={t('stats.title')}
      error={stats.error}
      items={[
        { label: t('stats.totalOpinions'), value: data?.totalOpinions },
        { label: t('stats.support'), value: data?.support },
        { label: t('stats.oppose'), value: data?.oppose },
        { label: t('stats.participants'), value: data?.participants },
        { label: t('stats.totalVotes'), value: data?.totalVotes },
      ]}
    />
  );
}
