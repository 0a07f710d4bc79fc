import { useTranslation } from 'react-i18next';
import { StatsCard } from '../../../components/stats-card';
import { usePlatformStats } from '../api/get-platform-stats';

/** The sidebar's 'Group Statistics': platform-wide outcomes, counted from the read models. */
export function PlatformStatsCard() {
  const { t } = useTranslation('dashboard');
  const stats = usePlatformStats();
  return (
    <StatsCard
      title={t('platformStats.title')}
      error={stats.error}
      items={[
        { label: t('platformStats.resolvedDisputes'), value: stats.data?.resolvedDisputes },
        { label: t('platformStats.lawsAmended'), value: stats.data?.lawsAmended },
        { label: t('platformStats.electionsHeld'), value: stats.data?.electionsHeld },
      ]}
    />
  );
}
