import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';

const FEATURES: { key: 'delegation' | 'laws' | 'discussion'; icon: ReactNode }[] = [
  { key: 'delegation', icon: <SwapHorizIcon color="secondary" fontSize="large" aria-hidden /> },
  { key: 'laws', icon: <GavelIcon color="secondary" fontSize="large" aria-hidden /> },
  { key: 'discussion', icon: <ForumIcon color="secondary" fontSize="large" aria-hidden /> },
];

export function LandingFeaturesOverview() {
  const { t } = useTranslation('identity');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 3, textAlign: 'center' }}>
        {t('featuresOverview.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {FEATURES.map(({ key, icon }) => (
          <Paper key={key} variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            {icon}
            <Typography component="h3" variant="h3" sx={{ mt: 1, mb: 1 }}>
              {t(`featuresOverview.${key}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`featuresOverview.${key}.description`)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
