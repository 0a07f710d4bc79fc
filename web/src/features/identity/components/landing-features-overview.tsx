import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';

const FEATURES: { title: string; icon: ReactNode; description: string }[] = [
  {
    title: 'Vote Delegation',
    icon: <SwapHorizIcon color="secondary" fontSize="large" aria-hidden />,
    description:
      'Lend your voting power to a member you trust in each group, and take it back whenever you like. A vote you cast yourself always counts first.',
  },
  {
    title: 'Laws, Disputes and Elections',
    icon: <GavelIcon color="secondary" fontSize="large" aria-hidden />,
    description: 'Vote on law amendments, dispute resolutions and the elections of your representatives.',
  },
  {
    title: 'Real-time Discussion',
    icon: <ForumIcon color="secondary" fontSize="large" aria-hidden />,
    description: 'Discuss every topic live with the members who decide it.',
  },
];

export function LandingFeaturesOverview() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 3, textAlign: 'center' }}>
        How decisions are made
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {FEATURES.map(({ title, icon, description }) => (
          <Paper key={title} variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            {icon}
            <Typography component="h3" variant="h3" sx={{ mt: 1, mb: 1 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
