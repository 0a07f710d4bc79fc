import { StatsCard } from '../../../components/stats-card';
import { useGroupStats } from '../../../lib/api/get-group-stats';

/** The group page's sidebar statistics, counted by the server from the group's read models. */
export function GroupStatsCard({ groupId }: { groupId: number }) {
  const stats = useGroupStats(groupId);
  return (
    <StatsCard
      title="Group Statistics"
      error={stats.error}
      items={[
        { label: 'Active Members', value: stats.data?.activeMembers },
        { label: 'Active Topics', value: stats.data?.activeTopics },
        { label: 'Pending Elections', value: stats.data?.pendingElections },
        { label: 'Resolved Issues', value: stats.data?.resolvedIssues },
      ]}
    />
  );
}
