import { useTranslation } from 'react-i18next';
import { StatsCard } from '../../../components/stats-card';
import { useGroupStats } from '../../../lib/api/get-group-stats';

/** The group page's sidebar statistics, counted by the server from the group's read models. */
export function GroupStatsCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const stats = useGroupStats(groupId);
  return (
    <StatsCard
      title={t('stats.title')}
      error={stats.error}
      items={[
        { label: t('stats.activeMembers'), value: stats.data?.activeMembers },
        { label: t('stats.activeTopics'), value: stats.data?.activeTopics },
        { label: t('stats.pendingElections'), value: stats.data?.pendingElections },
        { label: t('stats.resolvedIssues'), value: stats.data?.resolvedIssues },
      ]}
    />
  );
}
