import { useEffect, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
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

const WELCOME_SEEN_KEY = 'civitas.welcome-seen';

/** Whether this browser showed the member the welcome before (then a phone keeps it short). */
function useSeenBefore(): boolean {
  const [seen] = useState(() => {
    try {
      return localStorage.getItem(WELCOME_SEEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(WELCOME_SEEN_KEY, '1');
    } catch {
      // Storage blocked: the welcome stays open, as on a first visit.
    }
  }, []);
  return seen;
}

export function WelcomeCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const highlightsId = useId();
  const firstName = user.firstName?.trim();
  // On a phone, after the first visit, the four highlights fold away so the member's next steps and
  // groups come up first (issue #32); one tap shows them again.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const seenBefore = useSeenBefore();
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? !(phone && seenBefore);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id={headingId} variant="h1" sx={{ mb: 1 }}>
          {firstName ? t('welcome.titleNamed', { name: firstName }) : t('welcome.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: expanded ? 3 : 1 }}>
          {t('welcome.lead')}
        </Typography>
        {phone && (
          <Button size="small" aria-expanded={expanded} aria-controls={highlightsId} onClick={() => setOpen(!expanded)} sx={{ mb: expanded ? 2 : 0 }}>
            {expanded ? t('welcome.showLess') : t('welcome.showMore')}
          </Button>
        )}
        <Box
          id={highlightsId}
          hidden={!expanded}
          sx={{ display: expanded ? 'grid' : 'none', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
        >
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
