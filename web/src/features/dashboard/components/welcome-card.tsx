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
import type { AuthUser } from '../../../lib/api/get-current-user';

const HIGHLIGHTS: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'Discuss Topics',
    description: 'Debate the issues of your groups live with other members.',
    icon: <ForumIcon color="primary" aria-hidden />,
  },
  {
    title: 'Amend Laws',
    description: 'Propose law amendments and settle disputes by vote.',
    icon: <GavelIcon color="primary" aria-hidden />,
  },
  {
    title: 'Elect Representatives',
    description: 'Stand as a candidate or vote for the leaders of your groups.',
    icon: <HowToVoteIcon color="primary" aria-hidden />,
  },
  {
    title: 'Delegate Your Vote',
    description: 'Lend your voting power to a member you trust, and take it back any time.',
    icon: <SwapHorizIcon color="primary" aria-hidden />,
  },
];

export function WelcomeCard({ user }: { user: AuthUser }) {
  const headingId = useId();
  const firstName = user.firstName?.trim();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id={headingId} variant="h1" sx={{ mb: 1 }}>
          {firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your voice shapes the decisions of your communities. Here is what you can do on Civitas.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {HIGHLIGHTS.map(({ title, description, icon }) => (
            <Stack key={title} direction="row" spacing={1.5}>
              {icon}
              <Box>
                {/* h2: the next level under the card's h1 (heading order). */}
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
