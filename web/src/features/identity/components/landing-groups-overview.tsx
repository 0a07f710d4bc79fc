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
import { useTranslation } from 'react-i18next';

// The four groups the landing page advertises (docs/product.md, Overview), of the seven departments.
const ADVERTISED_GROUPS: { key: 'family' | 'national' | 'international' | 'alliance'; icon: ReactNode }[] = [
  { key: 'family', icon: <FamilyRestroomIcon color="primary" aria-hidden /> },
  { key: 'national', icon: <FlagIcon color="primary" aria-hidden /> },
  { key: 'international', icon: <PublicIcon color="primary" aria-hidden /> },
  { key: 'alliance', icon: <MilitaryTechIcon color="primary" aria-hidden /> },
];

export function LandingGroupsOverview() {
  const { t } = useTranslation('identity');
  const headingId = useId();
  const rule = t('groupsOverview.subscriptionRule');
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 3, textAlign: 'center' }}>
        {t('groupsOverview.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {ADVERTISED_GROUPS.map(({ key, icon }) => {
          const name = t(`groupsOverview.${key}.name`);
          return (
            <Card key={key} variant="outlined" component="article" aria-label={name}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {icon}
                    <Typography component="h3" variant="h3">
                      {name}
                    </Typography>
                  </Stack>
                  <Chip size="small" label={t(`groupsOverview.${key}.badge`)} variant="outlined" />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t(`groupsOverview.${key}.description`, { rule })}
                </Typography>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
