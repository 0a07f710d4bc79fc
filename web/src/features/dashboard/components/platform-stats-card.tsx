import { StatsCard } from '../../../components/stats-card';
import { usePlatformStats } from '../api/get-platform-stats';

/** The sidebar's 'Group Statistics': platform-wide outcomes, counted from the read models. */
export function PlatformStatsCard() {
  const stats = usePlatformStats();
  return (
    <StatsCard
      title="Group Statistics"
      error={stats.error}
      items={[
        { label: 'Resolved Disputes', value: stats.data?.resolvedDisputes },
        { label: 'Laws Amended', value: stats.data?.lawsAmended },
        { label: 'Elections Held', value: stats.data?.electionsHeld },
      ]}
    />
  );
}
