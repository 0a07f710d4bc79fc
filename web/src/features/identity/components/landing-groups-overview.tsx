import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FlagIcon from '@mui/icons-material/Flag';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import PublicIcon from '@mui/icons-material/Public';

const SUBSCRIPTION_RULE =
  'A subscription is needed to create topics and to stand as a candidate; voting and viewing are free.';

// The four groups the landing page advertises (spec section 1), of the seven departments.
const ADVERTISED_GROUPS: { name: string; badge: string; icon: ReactNode; description: string }[] = [
  {
    name: 'Family',
    badge: 'Free',
    icon: <FamilyRestroomIcon color="primary" aria-hidden />,
    description: 'Free for all members. Decide family and community issues together.',
  },
  {
    name: 'National',
    badge: 'Subscription',
    icon: <FlagIcon color="primary" aria-hidden />,
    description: `Debate and vote on the laws of your own country. ${SUBSCRIPTION_RULE}`,
  },
  {
    name: 'International',
    badge: 'Subscription',
    icon: <PublicIcon color="primary" aria-hidden />,
    description: `Take part in global forums across borders. ${SUBSCRIPTION_RULE}`,
  },
  {
    name: 'Alliance',
    badge: 'Leaders Only',
    icon: <MilitaryTechIcon color="primary" aria-hidden />,
    description: 'Restricted to leaders elected in other groups.',
  },
];

export function LandingGroupsOverview() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 3, textAlign: 'center' }}>
        Groups for every level of society
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {ADVERTISED_GROUPS.map(({ name, badge, icon, description }) => (
          <Card key={name} variant="outlined" component="article" aria-label={name}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {icon}
                  <Typography component="h3" variant="h3">
                    {name}
                  </Typography>
                </Stack>
                <Chip size="small" label={badge} variant="outlined" />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
