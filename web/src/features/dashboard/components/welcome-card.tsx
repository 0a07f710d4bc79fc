import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../../lib/api/get-current-user';

// The four things a member does here; their titles and descriptions are the dashboard's texts.
const HIGHLIGHTS: { key: 'discuss' | 'amend' | 'elect' | 'delegate'; icon: ReactNode }[] = [
  { key: 'discuss', icon: <ForumIcon color="primary" aria-hidden /> },
  { key: 'amend', icon: <GavelIcon color="primary" aria-hidden /> },
  { key: 'elect', icon: <HowToVoteIcon color="primary" aria-hidden /> },
  { key: 'delegate', icon: <SwapHorizIcon color="primary" aria-hidden /> },
];

export function WelcomeCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const firstName = user.firstName?.trim();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id={headingId} variant="h1" sx={{ mb: 1 }}>
          {firstName ? t('welcome.titleNamed', { name: firstName }) : t('welcome.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('welcome.lead')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {HIGHLIGHTS.map(({ key, icon }) => (
            <Stack key={key} direction="row" spacing={1.5}>
              {icon}
              <Box>
                {/* h2: the next level under the card's h1 (heading order). */}
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t(`welcome.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`welcome.${key}.description`)}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
