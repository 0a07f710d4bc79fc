import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatsCard } from '../../../components/stats-card';
import type { TopicStats } from '../../../lib/api/get-topic-stats';

/**
 * Every number counted by the server from the topic's opinions and votes. `votes` false: a topic
 * that takes no votes (a law decided among its opinions, issue #34) shows its opinions and participants only.
 */
export function TopicStatsCard({ stats, votes = true }: { stats: UseQueryResult<TopicStats>; votes?: boolean }) {
  const { t } = useTranslation('topics');
  const { data } = stats;
  const items = [
    { label: t('stats.totalOpinions'), value: data?.totalOpinions },
    ...(votes
      ? [
          { label: t('stats.support'), value: data?.support },
          { label: t('stats.oppose'), value: data?.oppose },
        ]
      : []),
    { label: t('stats.participants'), value: data?.participants },
    ...(votes ? [{ label: t('stats.totalVotes'), value: data?.totalVotes }] : []),
  ];
  return <StatsCard title={t('stats.title')} error={stats.error} items={items} />;
}
