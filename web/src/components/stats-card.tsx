import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format-number';
import { SectionCard } from './section-card';

export interface StatItem {
  label: string;
  /** Undefined while the numbers load. */
  value: number | undefined;
}

interface StatListProps {
  items: StatItem[];
  /** Shown instead of the rows when the numbers could not be read. */
  error?: Error | null;
}

/** Label and number rows as a description list, so each number is read with its label. */
export function StatList({ items, error }: StatListProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Typography color="error" variant="body2">
        {t('components.statsError', { message: error.message })}
      </Typography>
    );
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2 }}>
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" aria-busy={value === undefined} sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
            {value === undefined ? <Skeleton width={32} /> : formatNumber(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A titled card of statistics: every figure comes from the server, loading rows show placeholders. */
export function StatsCard({ title, ...list }: StatListProps & { title: string }) {
  return (
    <SectionCard title={title}>
      <StatList {...list} />
    </SectionCard>
  );
}
