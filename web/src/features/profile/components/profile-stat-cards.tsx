import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserStats } from '@civitas/events/profiles/user-stats.contract';
import { formatNumber } from '../../../lib/format-number';

/** The four stat cards (docs/product.md, Screens: Profile), from the member's projected counts. */
export function ProfileStatCards({ stats }: { stats: UserStats }) {
  const { t } = useTranslation('profile');
  const cards = [
    { label: t('stats.topicsCreated'), value: stats.topicsCreated },
    { label: t('stats.votesCast'), value: stats.votesCast },
    { label: t('stats.electionsWon'), value: stats.electionsWon },
    // Members who delegate their vote to this member now.
    { label: t('stats.delegates'), value: stats.delegatesCount },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('stats.label')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}
    >
      {cards.map(({ label, value }) => (
        <Paper key={label} component="li" variant="outlined" aria-label={label} sx={{ p: 2, textAlign: 'center' }}>
          <Typography variant="h2" component="p">
            {formatNumber(value)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
